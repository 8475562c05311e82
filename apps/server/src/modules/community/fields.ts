import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../core/db/client.ts';
import { shanghaiInstant } from '../../core/time.ts';
import type { Tx } from '../../core/engine/types.ts';

/** What the community's capabilities share: the query type and reading rows of a raw statement. */
export type Q = Db | Tx;
export const rowsFrom = async <T>(q: Q, query: SQL): Promise<T[]> =>
  ((await q.execute(query)) as unknown as { rows: T[] }).rows;
export const oneFrom = async <T>(q: Q, query: SQL): Promise<T | undefined> => (await rowsFrom<T>(q, query))[0];

/** hundredths of m² as the API shows them: '1234.05' (integers throughout, never a float) */
export const centiToM2 = (centi: number | string | bigint): string => {
  const n = BigInt(centi);
  const neg = n < 0n;
  const a = neg ? -n : n;
  return `${neg ? '-' : ''}${a / 100n}.${String(a % 100n).padStart(2, '0')}`;
};

/** a share of a whole as the views show it: '33.33%' (rounded half up, from integers) */
export const percentOf = (part: number, whole: number): string => {
  if (whole <= 0) return '0.00%';
  const basis = Math.round((part * 10000) / whole);
  return `${Math.trunc(basis / 100)}.${String(basis % 100).padStart(2, '0')}%`;
};

/** where a resident lives, as the voter and respondent lists name it: 楼栋 单元 房号 */
export const addressOf = (person: SQL) =>
  sql`(select b.name || ' ' || h.unit_name || ' ' || h.name from houses h join buildings b on b.id = h.building_id and b.tenant_id = h.tenant_id
    where h.id = ${person}.house_id and h.tenant_id = ${person}.tenant_id)`;

/** a form's 'YYYY-MM-DD HH:mm:ss' (Asia/Shanghai) as the instant the timestamp column stores; a Date stays */
export const instantOf = (v: unknown): Date | undefined =>
  v === undefined || v === null || v === '' ? undefined : v instanceof Date ? v : shanghaiInstant(String(v));
