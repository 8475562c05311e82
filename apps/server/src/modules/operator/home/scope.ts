import { sql, type SQL } from 'drizzle-orm';
import type { Actor } from '../../../core/auth/actor.ts';
import type { Db } from '../../../core/db/client.ts';

/** The companies a platform or operator caller sees, as a condition on `tenants t`. */
export const tenantScope = (actor: Actor): SQL =>
  actor.kind === 'sys'
    ? sql`true`
    : actor.kind === 'operator'
      ? sql`t.operator_id = ${actor.operatorId ?? -1}`
      : sql`false`;

/**
 * The prefix a region code stands for: 330000 (a province) covers 33…, 330100 (a city) 3301…, a district
 * or street itself; villages store their district or street code.
 */
export const regionPrefix = (code: string) => (/^\d{6}$/.test(code) ? code.replace(/(00)+$/, '') : code);

/** A condition on `villages v` that keeps the villages inside any of the regions ('' = no region filter). */
export const regionWhere = (codes: readonly string[]): SQL => {
  const prefixes = codes.map(regionPrefix).filter(Boolean);
  if (!prefixes.length) return sql`true`;
  return sql`(${sql.join(
    prefixes.map((p) => sql`v.region_code like ${`${p}%`}`),
    sql` or `,
  )})`;
};

/** 'YYYY-MM' of the n months ending with the month of `today` ('YYYY-MM-DD'), oldest first. */
export const monthsBack = (today: string, n: number): string[] => {
  const [y, m] = today.split('-').map(Number) as [number, number];
  return Array.from({ length: n }, (_, i) => new Date(Date.UTC(y, m - 1 - (n - 1 - i), 1)).toISOString().slice(0, 7));
};

/** The n months starting with the month of `today`. */
export const monthsAhead = (today: string, n: number): string[] => {
  const [y, m] = today.split('-').map(Number) as [number, number];
  return Array.from({ length: n }, (_, i) => new Date(Date.UTC(y, m - 1 + i, 1)).toISOString().slice(0, 7));
};

/** Counts per month from rows {m, n}: 0 where a month has none. */
export const perMonth = (months: readonly string[], rows: readonly { m: string; n: unknown }[]): number[] => {
  const at = new Map(rows.map((r) => [r.m, Number(r.n)]));
  return months.map((m) => at.get(m) ?? 0);
};

export const fenToYuan = (fen: unknown) => Math.round(Number(fen ?? 0)) / 100;

/** rows of one raw statement */
export const q = async <T>(db: Db, query: SQL): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows ?? [];
