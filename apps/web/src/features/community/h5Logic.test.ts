import { describe, expect, it } from 'vitest';
import { checkedOf, kindOf } from './h5Logic.ts';

describe('H5 modules dialog', () => {
  it('ticks the modules a village has on', () => {
    const mods = [
      { module_id: 1, name: '问卷调查', is_pro: 1, has: true },
      { module_id: 2, name: '社区投票', is_pro: 1, has: false },
    ];
    expect(checkedOf(mods)).toEqual([1]);
    expect(kindOf({ is_pro: 0 })).toBe('统计');
    expect(kindOf({ is_pro: 1 })).toBe('功能');
  });
});
