/** 'YYYY-MM' of a date in Asia/Shanghai. */
export const monthOf = (d: Date) => new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 7);

/** The `n` months ending with the month of `now`, oldest first. */
export const lastMonths = (n: number, now = new Date()): string[] => {
  const [y, m] = monthOf(now).split('-').map(Number) as [number, number];
  return Array.from({ length: n }, (_, i) => {
    const d = new Date(Date.UTC(y, m - 1 - (n - 1 - i), 1));
    return d.toISOString().slice(0, 7);
  });
};

/** Every month from `from` to `to` inclusive ('YYYY-MM'); at most `cap` months, counted back from `to`. */
export const monthsBetween = (from: string, to: string, cap = 24): string[] => {
  const [fy, fm] = from.split('-').map(Number) as [number, number];
  const [ty, tm] = to.split('-').map(Number) as [number, number];
  const count = (ty - fy) * 12 + (tm - fm) + 1;
  if (count <= 0) return [];
  return lastMonths(Math.min(count, cap), new Date(Date.UTC(ty, tm - 1, 15) - 8 * 3600_000));
};

/** One series per key over the months, 0 where a month has no row. */
export const seriesOver = <R>(
  months: readonly string[],
  rows: readonly R[],
  keyOf: (r: R) => string,
  monthOfRow: (r: R) => string,
  valueOf: (r: R) => number,
  names: readonly string[],
) => {
  const at = new Map<string, number>();
  for (const r of rows)
    at.set(`${keyOf(r)}|${monthOfRow(r)}`, (at.get(`${keyOf(r)}|${monthOfRow(r)}`) ?? 0) + valueOf(r));
  return names.map((name) => ({ name, data: months.map((m) => at.get(`${name}|${m}`) ?? 0) }));
};
