import { describe, expect, it } from 'vitest';
import { coalesce } from './coalesce.ts';

describe('coalesce', () => {
  it('runs the calls of one turn as one batch and answers each with its own result', async () => {
    const batches: number[][] = [];
    const double = coalesce(async (xs: number[]) => {
      batches.push(xs);
      return xs.map((x) => x * 2);
    });
    const out = await Promise.all([double(1), double(2), double(3)]);
    expect(out).toEqual([2, 4, 6]);
    expect(batches).toEqual([[1, 2, 3]]);
    expect(await double(5)).toBe(10);
    expect(batches).toEqual([[1, 2, 3], [5]]);
  });

  it('splits a turn into batches of at most max items', async () => {
    const sizes: number[] = [];
    const echo = coalesce(async (xs: number[]) => {
      sizes.push(xs.length);
      return xs;
    }, 2);
    expect(await Promise.all([1, 2, 3, 4, 5].map(echo))).toEqual([1, 2, 3, 4, 5]);
    expect(sizes).toEqual([2, 2, 1]);
  });

  it('runs a failing batch again item by item, so only the bad item fails', async () => {
    const check = coalesce(async (xs: number[]) => {
      if (xs.includes(0)) throw new Error('zero');
      return xs.map((x) => 10 / x);
    });
    const out = await Promise.allSettled([check(1), check(0), check(5)]);
    expect(out.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(out[0]).toMatchObject({ value: 10 });
    expect(out[2]).toMatchObject({ value: 2 });
  });
});
