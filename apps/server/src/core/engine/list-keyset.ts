import { createHash } from 'node:crypto';
import { asc, desc, sql, type SQL } from 'drizzle-orm';

/**
 * Keyset paging. A page that follows the one before it in the same order and search starts where that
 * page ended — `(keys…, id) > (last row's keys…, id)` — instead of skipping `offset` rows: an index on the
 * order's columns and id reads just the page however deep it is. The list reply carries `next`, an opaque
 * cursor of its last row; the client sends it back as `after` with the next page number. Any other page
 * (a jump, a changed sort or search, a stale cursor) is read by offset as before.
 */

/** one part of a list's order: what it sorts by, which way, and whether the value may be null */
export type OrderKey = { key: SQL; down: boolean; notNull: boolean };

export const orderSqlOf = (keys: readonly OrderKey[]): SQL[] => keys.map((k) => (k.down ? desc(k.key) : asc(k.key)));

/**
 * Row comparison needs one direction for all keys, and no nulls (a null compares as unknown and would drop
 * the rows after it): otherwise the list pages by offset.
 */
export const keysetable = (keys: readonly OrderKey[]) =>
  keys.length > 0 && keys.every((k) => k.notNull && k.down === keys[0]!.down);

/** the output column holding a row's order keys, read off the page's last row for its cursor */
export const cursorColumn = (keys: readonly OrderKey[]): SQL =>
  sql`json_build_array(${sql.join(
    keys.map((k) => k.key),
    sql`, `,
  )})`;

/** what a cursor is only valid for: the screen, tab, order and search (not the page or its size) */
export const cursorScope = (screen: string, tab: string | undefined, order: string, input: Record<string, unknown>) => {
  const search = Object.entries(input)
    .filter(([k]) => !['current', 'size', 'after'].includes(k))
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return createHash('sha1')
    .update(JSON.stringify([screen, tab ?? '', order, search]))
    .digest('base64url')
    .slice(0, 16);
};

/** the page number it leads to, the scope, and the last row's keys */
export const encodeCursor = (next: number, scope: string, values: unknown[]) =>
  Buffer.from(JSON.stringify([next, scope, values])).toString('base64url');

/** the keys a cursor carries if it leads to this page under this scope; anything else is no cursor */
export const decodeCursor = (cursor: unknown, page: number, scope: string, n: number): unknown[] | undefined => {
  if (typeof cursor !== 'string' || cursor.length > 2000) return undefined;
  try {
    const v: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(v) || v.length !== 3 || v[0] !== page || v[1] !== scope) return undefined;
    const values: unknown = v[2];
    if (!Array.isArray(values) || values.length !== n) return undefined;
    return values.every((x) => typeof x === 'string' || typeof x === 'number') ? values : undefined;
  } catch {
    return undefined;
  }
};

/** the rows after the cursor's row in the order */
export const afterWhere = (keys: readonly OrderKey[], values: readonly unknown[]): SQL => {
  const lhs = sql.join(
    keys.map((k) => k.key),
    sql`, `,
  );
  const rhs = sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
  return keys[0]!.down ? sql`(${lhs}) < (${rhs})` : sql`(${lhs}) > (${rhs})`;
};
