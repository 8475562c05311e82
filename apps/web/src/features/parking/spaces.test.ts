import { describe, expect, it } from 'vitest';
import { spaceChoices } from './spaces.ts';

describe('space choices', () => {
  it('marks the spaces held in the period with the holder and the end, and disables them', () => {
    const spaces = [
      { label: 'A-001', value: '1' },
      { label: 'A-002', value: 2 },
      { label: 'A-003', value: 3 },
    ];
    expect(
      spaceChoices(spaces, [
        { id: 2, owner: '张三', until: '2027-01-31' },
        { id: 3, owner: '', until: null },
      ]),
    ).toEqual([
      { label: 'A-001', value: 1 },
      { label: 'A-002（已占用：张三，至 2027-01-31）', value: 2, disabled: true },
      { label: 'A-003（已占用：—，长期）', value: 3, disabled: true },
    ]);
  });
});
