import { parsePoint, villageMarkOf, type LonLat, type VillageMark } from '../map/geom.ts';

/** What a screen map draws of a village: its marker and hot area, and the marker's colour. */
export type AreaMark = VillageMark & { color: string };

/** A point on a screen map (a device, a gate, a patrol point) */
export type PointMark = { id: number; name: string; point: LonLat; color: string };

export const areaMarks = (
  list: readonly { id: number; name: string; lonlat: string; geom: string }[],
  colorOf: (id: number) => string,
): AreaMark[] => list.map((v) => ({ ...villageMarkOf(v), color: colorOf(v.id) }));

/** degrees around a village's marker where things without a location of their own are drawn (about 150 m) */
export const AROUND_VILLAGE = 0.0015;
/** degrees apart for things sharing one location (about 40 m) */
export const AROUND_POINT = 0.0004;

/**
 * Where each thing of a village is drawn: one with a location of its own stands there, the others around their
 * village's marker; several at one spot are spread on a small circle so each can be clicked. A thing with neither
 * a location nor a located village is not drawn.
 */
export const placeAround = <T extends { id: number; village_id: number; lonlat: string }>(
  items: readonly T[],
  villages: readonly { id: number; point: LonLat | null }[],
): { item: T; point: LonLat }[] => {
  const villagePoint = new Map(villages.map((v) => [v.id, v.point]));
  const groups = new Map<string, { base: LonLat; radius: number; items: T[] }>();
  for (const d of items) {
    const own = parsePoint(d.lonlat);
    const base = own ?? villagePoint.get(d.village_id) ?? null;
    if (!base) continue;
    const key = own ? `b${base[0]},${base[1]}` : `v${d.village_id}`;
    const g = groups.get(key) ?? { base, radius: own ? AROUND_POINT : AROUND_VILLAGE, items: [] };
    g.items.push(d);
    groups.set(key, g);
  }
  return [...groups.values()].flatMap(({ base, radius, items: group }) =>
    group.map((item, i) => {
      const alone = group.length === 1 && radius === AROUND_POINT;
      const angle = (2 * Math.PI * i) / group.length - Math.PI / 2;
      const point: LonLat = alone
        ? base
        : [
            Number((base[0] + radius * Math.cos(angle)).toFixed(6)),
            Number((base[1] + radius * Math.sin(angle)).toFixed(6)),
          ];
      return { item, point };
    }),
  );
};
