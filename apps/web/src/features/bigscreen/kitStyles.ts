import Feature from 'ol/Feature.js';
import Point from 'ol/geom/Point.js';
import Polygon from 'ol/geom/Polygon.js';
import type { StyleLike } from 'ol/style/Style.js';
import { Circle, Fill, Stroke, Style, Text } from 'ol/style.js';
import type { LonLat } from '../map/geom.ts';
import type { AreaMark } from './marks.ts';

/** the kit maps' colours: a hot area's default fill and border, what is focused, the halo behind labels */
export const AREA_FILL = 'rgba(55,198,255,0.18)';
export const AREA_BORDER = '#37c6ff';
export const FOCUS_COLOR = '#ffb020';
export const LABEL_HALO = '#06122b';

/** a village's hot area as the company drew it (its own colours, else the kit's); focused: outlined in the focus colour */
export const areaPaint = (m: AreaMark, focused: boolean) => ({
  fill: new Fill({ color: m.fill || AREA_FILL }),
  stroke: new Stroke({ color: focused ? FOCUS_COLOR : m.border || AREA_BORDER, width: focused ? 3 : 2 }),
});

/** a village's marker: a round badge in its colour with its name above; `lift` raises both (the 3D view's slab) */
export const villageMarker = (m: AreaMark, focused: boolean, lift = 0) =>
  new Style({
    image: new Circle({
      radius: focused ? 11 : 8,
      fill: new Fill({ color: m.color }),
      stroke: new Stroke({ color: '#fff', width: 2 }),
      displacement: [0, lift],
    }),
    text: new Text({
      text: m.name,
      offsetY: -20 - lift,
      font: 'bold 14px sans-serif',
      fill: new Fill({ color: '#e8f3ff' }),
      stroke: new Stroke({ color: LABEL_HALO, width: 4 }),
    }),
  });

/**
 * Each village's hot area (the ring is stored open; OpenLayers wants it closed) and marker, both telling the click
 * handler its id (`areaId`), styled by the map.
 */
export const villageFeatures = (
  areas: readonly AreaMark[],
  style: { area: (m: AreaMark) => StyleLike; marker: (m: AreaMark) => StyleLike },
) =>
  areas.flatMap((v) => {
    const made: Feature[] = [];
    if (v.ring) {
      const area = new Feature(new Polygon([[...v.ring, v.ring[0]!]]));
      area.set('areaId', v.id);
      area.setStyle(style.area(v));
      made.push(area);
    }
    if (v.point) {
      const marker = new Feature(new Point(v.point));
      marker.set('areaId', v.id);
      marker.setStyle(style.marker(v));
      made.push(marker);
    }
    return made;
  });

/** every place of the villages (hot areas and markers), to frame them */
export const placesOf = (areas: readonly AreaMark[]): LonLat[] =>
  areas.flatMap((v) => [...(v.ring ?? []), ...(v.point ? [v.point] : [])]);
