import { describe, expect, it } from 'vitest';
import { moveItem, stepItem } from './dragSort.ts';

const items = [1, 2, 3, 4].map((id) => ({ id, title: `t${id}` }));
const ids = (l: { id: number }[]) => l.map((i) => i.id);

describe('drag sort', () => {
  it('moves down and up to the hovered position', () => {
    expect(ids(moveItem(items, 1, 3))).toEqual([2, 3, 1, 4]);
    expect(ids(moveItem(items, 4, 1))).toEqual([4, 1, 2, 3]);
  });
  it('ignores unknown ids and itself', () => {
    expect(ids(moveItem(items, 9, 1))).toEqual([1, 2, 3, 4]);
    expect(ids(moveItem(items, 2, 2))).toEqual([1, 2, 3, 4]);
  });
  it('steps within bounds', () => {
    expect(ids(stepItem(items, 2, -1))).toEqual([2, 1, 3, 4]);
    expect(ids(stepItem(items, 1, -1))).toEqual([1, 2, 3, 4]);
    expect(ids(stepItem(items, 4, 1))).toEqual([1, 2, 3, 4]);
  });
});
