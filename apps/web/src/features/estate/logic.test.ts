import { describe, expect, it } from 'vitest';
import {
  ACCESS_LIST,
  BUILDING_LIST,
  directionText,
  floorTitle,
  groupHouses,
  HOUSE_LIST,
  HOUSE_OTHER_COLOR,
  HOUSE_TYPE_COLORS,
  houseTileColor,
  PERSON_LIST,
  pickVillage,
  sexText,
  unitTotals,
  villageItemRoute,
} from './logic.ts';

describe('village view item routing', () => {
  it('routes by type', () => {
    expect(villageItemRoute('building')).toBe(BUILDING_LIST);
    for (const t of ['house', 'house1', 'house2', 'house3']) expect(villageItemRoute(t)).toBe(HOUSE_LIST);
    for (const t of ['person', 'person1', 'person2', 'person3']) expect(villageItemRoute(t)).toBe(PERSON_LIST);
    expect(villageItemRoute('access_control')).toBe(ACCESS_LIST);
    expect(ACCESS_LIST).toBe('/Web/Internet/AccessControlManagement/listConfig');
  });
  it('does not route other types', () => {
    for (const t of ['', 'house4', 'person0', 'worker', 'buildings', undefined, null])
      expect(villageItemRoute(t)).toBeNull();
  });
});

describe('house tiles', () => {
  it('are coloured by type 1–3, grey otherwise', () => {
    expect(houseTileColor(1)).toBe(HOUSE_TYPE_COLORS[1]);
    expect(houseTileColor('2')).toBe(HOUSE_TYPE_COLORS[2]);
    expect(houseTileColor(3)).toBe(HOUSE_TYPE_COLORS[3]);
    expect(new Set([houseTileColor(1), houseTileColor(2), houseTileColor(3)]).size).toBe(3);
    expect(houseTileColor(0)).toBe(HOUSE_OTHER_COLOR);
    expect(houseTileColor(undefined)).toBe(HOUSE_OTHER_COLOR);
  });
});

describe('unit / floor grouping', () => {
  it("reads the server's unit → floors → houses array", () => {
    const units = groupHouses([
      {
        unit_name: '1单元',
        floors: [
          {
            floor: 1,
            title: '1F',
            houses: [
              { id: 1, name: '101', type: 2, pnum: 1 },
              { id: 2, name: '102', type: 2, pnum: 0 },
            ],
          },
          { floor: 2, title: '2F', houses: [{ id: 3, name: '201', type: 1, pnum: 3 }] },
        ],
      },
      { unit_name: '2单元', floors: [] },
    ]);
    expect(units.map((u) => u.unit)).toEqual(['1单元', '2单元']);
    expect(units[0]!.floors.map((f) => f.title)).toEqual(['1 F', '2 F']);
    expect(units[0]!.floors[0]!.houses[0]).toEqual({ id: 1, name: '101', type: 2, pnum: 1 });
    expect(unitTotals(units[0]!)).toEqual({ houses: 3, persons: 4 });
    expect(units[1]!.floors).toEqual([]);
  });
  it('reads a nested object map, sorting floors numerically', () => {
    const units = groupHouses({
      A: {
        '10': [{ id: 9, name: '1001', type: '3', pnum: '2' }],
        '2': [{ id: 5, name: '201', type: 1, pnum: 0 }],
        '-1': [],
      },
    });
    expect(units[0]!.unit).toBe('A');
    expect(units[0]!.floors.map((f) => f.floor)).toEqual([-1, 2, 10]);
    expect(units[0]!.floors[2]!.houses[0]).toEqual({ id: 9, name: '1001', type: 3, pnum: 2 });
  });
  it('skips malformed houses and tolerates nothing', () => {
    expect(groupHouses([{ unit: 'U', floors: { '1F': [{ name: 'no id' }, null, { id: 7 }] } }])[0]!.floors[0]).toEqual({
      floor: 1,
      title: '1 F',
      houses: [{ id: 7, name: '7', type: 0, pnum: 0 }],
    });
    expect(groupHouses(null)).toEqual([]);
    expect(groupHouses('x')).toEqual([]);
  });
  it("titles floors 'n F'", () => {
    expect(floorTitle(12)).toBe('12 F');
  });
});

describe('access records', () => {
  it('shows direction and sex', () => {
    expect(directionText(1)).toBe('进');
    expect(directionText(2)).toBe('出');
    expect(sexText(1)).toBe('男');
    expect(sexText('2')).toBe('女');
    expect(sexText(0)).toBe('未知');
  });
});

describe('village selector', () => {
  const options = [
    { label: '翠湖名苑', value: 2 },
    { label: '阳光花园', value: '1' },
  ];
  it('keeps a stored village that is still offered', () => {
    expect(pickVillage(1, options)).toBe(1);
  });
  it('falls back to the first option, or none', () => {
    expect(pickVillage(9, options)).toBe(2);
    expect(pickVillage(null, options)).toBe(2);
    expect(pickVillage(3, [])).toBeNull();
  });
});
