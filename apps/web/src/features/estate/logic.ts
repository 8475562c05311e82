import type { FloorGroup, HouseTile, UnitGroup } from './types.ts';

/** Pure rules of the estate views (unit tested). */

export const BUILDING_LIST = '/Web/Basic/Building/listConfig';
export const HOUSE_LIST = '/Web/Basic/House/listConfig';
export const PERSON_LIST = '/Web/Basic/GatePerson/listConfig';
export const ACCESS_LIST = '/Web/Internet/AccessControlManagement/listConfig';

/**
 * Village view: a basic-info item routes by its type — building → buildings; house,
 * house1–3 → houses; person, person1–3 → residents; access_control → access control. Others: none.
 */
export const villageItemRoute = (type: string | undefined | null): string | null => {
  const t = (type ?? '').trim();
  if (t === 'building') return BUILDING_LIST;
  if (/^house[1-3]?$/.test(t)) return HOUSE_LIST;
  if (/^person[1-3]?$/.test(t)) return PERSON_LIST;
  if (t === 'access_control') return ACCESS_LIST;
  return null;
};

/** House tile colours by house type 1–3 (住宅 / 商铺 / 车库); anything else is grey. */
export const HOUSE_TYPE_COLORS: Record<number, string> = { 1: '#1677ff', 2: '#fa8c16', 3: '#13a8a8' };
export const HOUSE_OTHER_COLOR = '#8c8c8c';
export const houseTileColor = (type: unknown) => HOUSE_TYPE_COLORS[Number(type)] ?? HOUSE_OTHER_COLOR;

/** Floor tab text 'n F' (building view). */
export const floorTitle = (floor: number | string) => `${floor} F`;

const num = (v: unknown, fallback = 0) => {
  const n = Number(v);
  return Number.isFinite(n) ? n : fallback;
};

const tileOf = (h: unknown): HouseTile | null => {
  if (!h || typeof h !== 'object') return null;
  const o = h as Record<string, unknown>;
  const id = num(o.id, NaN);
  if (!Number.isFinite(id)) return null;
  return {
    id,
    name: String(o.name ?? o.house_name ?? id),
    type: num(o.type ?? o.house_type),
    pnum: num(o.pnum ?? o.person_num),
  };
};

const tilesOf = (v: unknown): HouseTile[] =>
  Array.isArray(v) ? v.map(tileOf).filter((t): t is HouseTile => t !== null) : [];

const floorKey = (f: unknown): number | string => {
  const s = String(f ?? '').replace(/\s*F$/i, '');
  const n = Number(s);
  return s !== '' && Number.isFinite(n) ? n : s;
};

const byFloor = (a: FloorGroup, b: FloorGroup) =>
  typeof a.floor === 'number' && typeof b.floor === 'number'
    ? a.floor - b.floor
    : String(a.floor).localeCompare(String(b.floor), 'zh-CN', { numeric: true });

const floorsOf = (v: unknown): FloorGroup[] => {
  if (Array.isArray(v)) {
    return v
      .map((f) => {
        const o = (f ?? {}) as Record<string, unknown>;
        const floor = floorKey(o.floor ?? o.title ?? o.name);
        return { floor, title: floorTitle(floor), houses: tilesOf(o.houses ?? o.list ?? o.children) };
      })
      .filter((f) => f.floor !== '');
  }
  if (v && typeof v === 'object') {
    return Object.entries(v as Record<string, unknown>)
      .map(([k, hs]) => {
        const floor = floorKey(k);
        return { floor, title: floorTitle(floor), houses: tilesOf(hs) };
      })
      .sort(byFloor);
  }
  return [];
};

/**
 * houseArr → units → floors → house tiles. Accepts the server's
 * [{unit_name, floors: [{floor, title, houses}]}] and also {unit: {floor: houses[]}} or
 * [{unit, floors: {floor: houses[]}}]; floors keep the server's order (object keys: ascending).
 */
export const groupHouses = (houseArr: unknown): UnitGroup[] => {
  if (Array.isArray(houseArr)) {
    return houseArr.map((u, i) => {
      const o = (u ?? {}) as Record<string, unknown>;
      return {
        unit: String(o.unit_name ?? o.unit ?? o.name ?? `${i + 1}单元`),
        floors: floorsOf(o.floors ?? o.children),
      };
    });
  }
  if (houseArr && typeof houseArr === 'object') {
    return Object.entries(houseArr as Record<string, unknown>).map(([unit, floors]) => ({
      unit,
      floors: floorsOf(floors),
    }));
  }
  return [];
};

/** Totals of a unit (tiles and residents), for the unit tab badge. */
export const unitTotals = (u: UnitGroup) => {
  let houses = 0;
  let persons = 0;
  for (const f of u.floors) {
    houses += f.houses.length;
    persons += f.houses.reduce((s, h) => s + h.pnum, 0);
  }
  return { houses, persons };
};

/** Access record direction: jctype 1 in, anything else out. */
export const directionText = (jctype: unknown) => (Number(jctype) === 1 ? '进' : '出');
export const sexText = (sex: unknown) => (Number(sex) === 1 ? '男' : Number(sex) === 2 ? '女' : '未知');

/**
 * The village a selector shows: the stored one while it is still among the options, else the
 * first option (dashboards always show one village), else none.
 */
export const pickVillage = (stored: number | null, options: readonly { value: string | number }[]): number | null => {
  if (stored !== null && options.some((o) => Number(o.value) === stored)) return stored;
  const first = options[0];
  return first === undefined ? null : Number(first.value);
};
