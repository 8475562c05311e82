/** How far an end moves: whole years (a renewal) or days (延期). */
export type EndMove = { years: number } | { days: number };

const pad = (n: number) => String(n).padStart(2, '0');
const isLeap = (y: number) => y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);

/**
 * The end the server will set, as its rule says: from the end while it runs, from the day before `today` once it has
 * passed, plus the years (29 Feb falls back to 28 as PostgreSQL's does) or days. A preview: the server decides.
 */
export const movedEnd = (end: string | null | undefined, by: EndMove, today: string): string => {
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  const yesterday = new Date(Date.UTC(ty, tm - 1, td - 1)).toISOString().slice(0, 10);
  const from = end && end > yesterday ? end : yesterday;
  const [y, m, d] = from.split('-').map(Number) as [number, number, number];
  if ('days' in by) return new Date(Date.UTC(y, m - 1, d + by.days)).toISOString().slice(0, 10);
  const year = y + by.years;
  return `${year}-${pad(m)}-${pad(m === 2 && d === 29 && !isLeap(year) ? 28 : d)}`;
};

/** An offline renewal's amount in yuan: the price a year × years for each company, and for all of them. */
export const renewalAmount = (price: string | undefined, years: unknown, companies: number) => {
  const y = Number(years);
  if (price === undefined || !Number.isInteger(y) || y < 1) return null;
  const each = Math.round(Number(price) * 100) * y;
  return { each: (each / 100).toFixed(2), total: ((each * companies) / 100).toFixed(2) };
};
