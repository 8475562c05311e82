/** Same value shapes as the pg driver after client.ts normalises it: int8/numeric → number, date → string. */
export const pgliteParsers = {
  20: (v: string) => Number(v),
  1700: (v: string) => Number(v),
  1082: (v: string) => v,
};
