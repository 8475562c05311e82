import { describe, expect, it } from 'vitest';
import { testField } from './field-fixture.ts';
import { foldSearch, perRowOf } from './searchFold.ts';

const fields = ['village_id', 'building_id', 'unit_name', 'floor', 'name', 'house_type'].map((p) =>
  testField(p, { type: 'text', inSearch: true }),
);
const props = (fold: ReturnType<typeof foldSearch>) => fold.shown.map((f) => f.prop);

describe('the search form folds to its first row', () => {
  it('holds 1, 2, 3 or 4 fields a row as the Col spans do at antd breakpoints', () => {
    // what Grid.useBreakpoint says at 390, 600, 800, 1000 and 1280 px
    const screens = [
      {},
      { sm: true },
      { sm: true, md: true },
      { sm: true, md: true },
      { sm: true, md: true, xl: true },
    ];
    expect(screens.map(perRowOf)).toEqual([1, 2, 3, 3, 4]);
  });
  it('on a phone shows the first field, the buttons below it', () => {
    const fold = foldSearch(fields, {}, 1, false);
    expect(props(fold)).toEqual(['village_id']);
    expect(fold.foldable).toBe(true);
  });
  it('leaves room for the buttons in the first row on wider screens', () => {
    expect(props(foldSearch(fields, {}, 2, false))).toEqual(['village_id']);
    expect(props(foldSearch(fields, {}, 4, false))).toEqual(['village_id', 'building_id', 'unit_name']);
  });
  it('expanded shows every field', () => {
    expect(props(foldSearch(fields, {}, 1, true))).toEqual(fields.map((f) => f.prop));
  });
  it('does not fold what fits beside the buttons', () => {
    const fold = foldSearch(fields.slice(0, 3), {}, 4, false);
    expect(props(fold)).toHaveLength(3);
    expect(fold.foldable).toBe(false);
  });
  it('counts the folded fields that hold a value, not blank ones or shown ones', () => {
    const values = { village_id: 1, floor: [null, null], name: ' 1201 ', house_type: '' };
    expect(foldSearch(fields, values, 1, false).hiddenSet).toBe(1);
    expect(foldSearch(fields, { ...values, unit_name: '1单元' }, 1, false).hiddenSet).toBe(2);
    expect(foldSearch(fields, values, 1, true).hiddenSet).toBe(0);
  });
});
