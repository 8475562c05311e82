import { sql } from 'drizzle-orm';

/** ids as one int[] parameter: the same on pg and PGlite */
export const intArray = (ids: readonly number[]) =>
  sql`${`{${ids.map((n) => Math.trunc(Number(n))).join(',')}}`}::int[]`;
