/** Menu authorisation and permission tree rules, as pure functions. */
export type PermNode = { id: number; label: string; children?: PermNode[] };
export type PermState = { leaves: number[]; resources: string[] };
export type PermEvent =
  | { kind: 'menu'; id: number; checked: boolean }
  | { kind: 'all'; checked: boolean }
  | { kind: 'resource'; menuId: number; resourceId: string; checked: boolean };

export const RESOURCE_SUFFIXES = ['add', 'remove', 'edit', 'view', 'export'] as const;
export const AT_LEAST_ONE = '至少选择一个选项';

/** '<menuId>_add' … '<menuId>_export'. */
export const resourceIdsOf = (menuId: number): string[] => RESOURCE_SUFFIXES.map((s) => `${menuId}_${s}`);

export const isLeaf = (n: PermNode): boolean => !n.children || n.children.length === 0;

const find = (nodes: readonly PermNode[], id: number): PermNode | undefined => {
  for (const n of nodes) {
    if (n.id === id) return n;
    const hit = n.children ? find(n.children, id) : undefined;
    if (hit) return hit;
  }
  return undefined;
};

export const leavesOf = (n: PermNode): number[] => (isLeaf(n) ? [n.id] : n.children!.flatMap(leavesOf));
export const allLeaves = (tree: readonly PermNode[]): number[] => tree.flatMap(leavesOf);

/** A role's stored menu ids contain parents too; only leaves are checked, parents follow. */
export const initialPermState = (
  tree: readonly PermNode[],
  menuIdList: readonly number[],
  resources: readonly string[],
): PermState => {
  const stored = new Set(menuIdList.map(Number));
  return { leaves: allLeaves(tree).filter((id) => stored.has(id)), resources: [...new Set(resources)] };
};

const setLeaves = (state: PermState, ids: readonly number[], checked: boolean): PermState => {
  const leaves = new Set(state.leaves);
  const resources = new Set(state.resources);
  for (const id of ids) {
    if (checked) leaves.add(id);
    else leaves.delete(id);
    for (const r of resourceIdsOf(id)) {
      if (checked) resources.add(r);
      else resources.delete(r);
    }
  }
  return { leaves: [...leaves], resources: [...resources] };
};

/**
 * One user change. Before the first load settles (`ready` false) changes do not count.
 * A non-leaf applies to all its leaves; a leaf adds (or removes) its five resource ids;
 * a single resource toggles only itself (checking it also checks its menu).
 */
export const reducePerm = (
  tree: readonly PermNode[],
  state: PermState,
  event: PermEvent,
  ready: boolean,
): PermState => {
  if (!ready) return state;
  if (event.kind === 'all') return setLeaves(state, allLeaves(tree), event.checked);
  if (event.kind === 'menu') {
    const node = find(tree, event.id);
    return node ? setLeaves(state, leavesOf(node), event.checked) : state;
  }
  const resources = new Set(state.resources);
  const leaves = new Set(state.leaves);
  if (event.checked) {
    resources.add(event.resourceId);
    leaves.add(event.menuId);
  } else resources.delete(event.resourceId);
  return { leaves: [...leaves], resources: [...resources] };
};

/** Checked (every leaf below checked) and half-checked (some) menu ids, parents included. */
export const conduct = (
  tree: readonly PermNode[],
  leaves: readonly number[],
): { checked: number[]; halfChecked: number[] } => {
  const on = new Set(leaves);
  const checked: number[] = [];
  const halfChecked: number[] = [];
  const walk = (n: PermNode): 'all' | 'some' | 'none' => {
    if (isLeaf(n)) {
      if (on.has(n.id)) {
        checked.push(n.id);
        return 'all';
      }
      return 'none';
    }
    const states = n.children!.map(walk);
    const all = states.every((s) => s === 'all');
    const none = states.every((s) => s === 'none');
    if (all) checked.push(n.id);
    else if (!none) halfChecked.push(n.id);
    return all ? 'all' : none ? 'none' : 'some';
  };
  tree.forEach(walk);
  return { checked, halfChecked };
};

/** Select-all checkbox state. */
export const allState = (tree: readonly PermNode[], state: PermState): { checked: boolean; indeterminate: boolean } => {
  const total = allLeaves(tree).length;
  const on = new Set(state.leaves);
  const n = allLeaves(tree).filter((id) => on.has(id)).length;
  return { checked: total > 0 && n === total, indeterminate: n > 0 && n < total };
};

/**
 * Save body: checked + half-checked menu ids and the resource ids; a message when empty, unless emptying is how
 * the grant is revoked (a user's personal grant).
 */
export const permSaveBody = (
  tree: readonly PermNode[],
  id: number,
  state: PermState,
  emptyRevokes = false,
): { ok: true; body: { id: number; menu: number[]; resource: string[] } } | { ok: false; error: string } => {
  const { checked, halfChecked } = conduct(tree, state.leaves);
  const menu = [...checked, ...halfChecked];
  if (!emptyRevokes && menu.length === 0 && state.resources.length === 0) return { ok: false, error: AT_LEAST_ONE };
  return { ok: true, body: { id, menu, resource: [...state.resources].sort() } };
};
