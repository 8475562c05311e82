import type { FieldConfig, ValueType } from '@5a/contracts';

type Values = Record<string, unknown>;

/** How a field is searched (server semantics: text contains, choices equal, ranges, region prefix). */
export type SearchKind = 'text' | 'choice' | 'dateRange' | 'monthRange' | 'numberRange' | 'region' | 'tree' | 'pick';

const rangeDate: readonly ValueType[] = ['date', 'datetime', 'daterange'];
const choice: readonly ValueType[] = ['select', 'dict', 'radio', 'checkbox', 'switch', 'healthCode'];

export const searchKindOf = (f: Pick<FieldConfig, 'type'>): SearchKind => {
  if (rangeDate.includes(f.type)) return 'dateRange';
  if (f.type === 'month' || f.type === 'monthrange') return 'monthRange';
  if (f.type === 'number' || f.type === 'money') return 'numberRange';
  if (choice.includes(f.type)) return 'choice';
  if (f.type === 'region') return 'region';
  if (f.type === 'treeSelect') return 'tree';
  if (f.type === 'tableSelect') return 'pick';
  return 'text';
};

export const isEmptyValue = (v: unknown): boolean =>
  v === undefined ||
  v === null ||
  (typeof v === 'string' && v.trim() === '') ||
  (Array.isArray(v) && v.every(isEmptyValue));

const rangeEnd = (v: unknown) => (isEmptyValue(v) ? null : typeof v === 'string' ? v.trim() : v);

/**
 * Search form values → list request body: only searchable fields, empty values dropped,
 * text trimmed, ranges as [from, to] (an open end is null).
 */
export const searchBody = (fields: readonly FieldConfig[], values: Values): Values => {
  const out: Values = {};
  for (const f of fields) {
    if (!f.inSearch) continue;
    const v = values[f.prop];
    if (isEmptyValue(v)) continue;
    const kind = searchKindOf(f);
    if (kind === 'dateRange' || kind === 'monthRange' || kind === 'numberRange') {
      const [from, to] = Array.isArray(v) ? v : [v, v];
      out[f.prop] = [rangeEnd(from), rangeEnd(to)];
    } else out[f.prop] = typeof v === 'string' ? v.trim() : v;
  }
  return out;
};

/** A list request: paging, search body, sort, extra keys (footer parent key), selected ids. */
export type ListParams = { current: number; size: number; sortField?: string; sortOrder?: 'ascend' | 'descend' };

export const listRequestBody = (params: ListParams, search: Values, extra: Values = {}): Values => {
  const body: Values = { ...search, ...extra, current: params.current, size: params.size };
  if (params.sortField && params.sortOrder) {
    body.sortField = params.sortField;
    body.sortOrder = params.sortOrder;
  }
  return body;
};

/** Where a list reply said its next page begins: valid for that page of the same url, order and search. */
export type ListCursor = { url: string; page: number; scope: string; next: string };

/** the request with its page left out: what a cursor must match */
const scopeOf = (url: string, body: Values) => JSON.stringify([url, { ...body, current: undefined, after: undefined }]);

export const cursorFrom = (url: string, body: Values, reply: { current: number; next?: string }): ListCursor | null =>
  reply.next ? { url, page: reply.current + 1, scope: scopeOf(url, body), next: reply.next } : null;

/** the request for a page, starting after the last row of the page before it when that is the cursor's */
export const withCursor = (url: string, body: Values, cursor: ListCursor | null): Values =>
  cursor && cursor.page === body.current && cursor.scope === scopeOf(url, body)
    ? { ...body, after: cursor.next }
    : body;

/** Appends ?tab_type= (or another key) to a url when a tab is active. */
export const withQuery = (url: string, query: Record<string, string | undefined>): string => {
  const parts = Object.entries(query)
    .filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== '')
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`);
  if (!parts.length) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${parts.join('&')}`;
};

/** '/System/Post/index' → '/System/Post': the base every action url hangs off. */
export const baseOfRoute = (route: string): string => route.slice(0, route.lastIndexOf('/'));
