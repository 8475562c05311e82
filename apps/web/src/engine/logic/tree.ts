type Row = Record<string, unknown>;

/** Marks the stand-in child that makes a not-yet-loaded tree row expandable. */
export const PLACEHOLDER = '__placeholder';

export const isPlaceholder = (row: Row): boolean => row[PLACEHOLDER] === true;

/**
 * Tree table rows: loaded children nest under their parent; a row that may have children
 * (hasChildren true, or unknown for flat search results) gets one placeholder child so the
 * table shows an expander; a row whose children loaded empty has none.
 */
export const treeRows = (
  rows: readonly Row[],
  children: Readonly<Record<string, readonly Row[]>>,
  rowKey: string,
): Row[] =>
  rows.map((r) => {
    const { children: _drop, ...row } = r;
    const id = String(r[rowKey]);
    const kids = children[id];
    if (kids) return kids.length ? { ...row, children: treeRows(kids, children, rowKey) } : row;
    if (r.hasChildren === false) return row;
    return { ...row, children: [{ [rowKey]: `${id}${PLACEHOLDER}`, [PLACEHOLDER]: true }] };
  });

/** Is the tree table's root level a plain lazy tree (no search value set)? */
export const isPlainTree = (tree: boolean, search: Readonly<Record<string, unknown>>): boolean =>
  tree && Object.keys(search).length === 0;

/** Client-side page of an in-memory list. */
export const pageOf = <T>(rows: readonly T[], current: number, size: number): T[] =>
  rows.slice((current - 1) * size, current * size);

/** The label of a lazy-tree row: label, title, name or any *_name, else its id. */
export const nodeLabel = (row: Row): string => {
  for (const k of ['label', 'title', 'name']) if (typeof row[k] === 'string' && row[k]) return row[k] as string;
  const named = Object.keys(row).find((k) => k.endsWith('_name') && typeof row[k] === 'string' && row[k]);
  return named ? String(row[named]) : String(row.value ?? row.id ?? '');
};

/** The value of a lazy-tree row: value, else id. */
export const nodeValue = (row: Row): number | string => {
  const v = row.value ?? row.id;
  return typeof v === 'number' || typeof v === 'string' ? v : String(v);
};

/** The parent field of a tree screen: the tree select whose url is the screen's own tree url. */
export const treeParentProp = (
  fields: readonly { prop: string; type: string; treeUrl?: string }[],
  treeUrl: string | undefined,
): string | undefined =>
  treeUrl ? fields.find((f) => f.type === 'treeSelect' && f.treeUrl === treeUrl)?.prop : undefined;
