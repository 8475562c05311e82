import Feature from 'ol/Feature.js';
import OlMap from 'ol/Map.js';
import View from 'ol/View.js';
import { defaults as defaultControls } from 'ol/control/defaults.js';
import { boundingExtent } from 'ol/extent.js';
import Point from 'ol/geom/Point.js';
import Polygon from 'ol/geom/Polygon.js';
import Graticule from 'ol/layer/Graticule.js';
import VectorLayer from 'ol/layer/Vector.js';
import type MapBrowserEvent from 'ol/MapBrowserEvent.js';
import VectorSource from 'ol/source/Vector.js';
import { Circle, Fill, RegularShape, Stroke, Style, Text } from 'ol/style.js';
import 'ol/ol.css';
import { useEffect, useRef } from 'react';
import { MAP_CENTRE, MAP_LOCATION_ZOOM, MAP_MAX_ZOOM, MAP_PROJECTION, MAP_ZOOM } from '../map/constants.ts';
import type { LonLat } from '../map/geom.ts';
import { RISK_COLOR, type DeviceMark, type VillageMark } from './logic.ts';

const WORLD = new Polygon([
  [
    [-180, -90],
    [180, -90],
    [180, 90],
    [-180, 90],
    [-180, -90],
  ],
]);

const villageStyle = (m: VillageMark, focused: boolean) =>
  new Style({
    image: new Circle({
      radius: focused ? 11 : 8,
      fill: new Fill({ color: RISK_COLOR[m.risk] }),
      stroke: new Stroke({ color: '#fff', width: 2 }),
    }),
    text: new Text({
      text: m.name,
      offsetY: -20,
      font: 'bold 14px sans-serif',
      fill: new Fill({ color: '#e8f3ff' }),
      stroke: new Stroke({ color: '#06122b', width: 4 }),
    }),
  });

const areaStyle = (m: VillageMark) =>
  new Style({
    fill: new Fill({ color: m.fill || 'rgba(55,198,255,0.18)' }),
    stroke: new Stroke({ color: m.border || '#37c6ff', width: 2 }),
  });

const doorStyle = (d: DeviceMark, picked: boolean) =>
  new Style({
    image: new RegularShape({
      points: 4,
      radius: picked ? 10 : 8,
      angle: Math.PI / 4,
      fill: new Fill({ color: d.online ? '#4be3a5' : '#8c8c8c' }),
      stroke: new Stroke({ color: picked ? '#fff' : '#06122b', width: 2 }),
    }),
  });

type Props = {
  villages: readonly VillageMark[];
  doors: readonly DeviceMark[];
  focus: { kind: 'village' | 'door'; id: number } | null;
  onVillage: (id: number) => void;
  onDoor: (id: number) => void;
};

/**
 * The screen's map: village hot areas and markers coloured by risk, and the checked doors. A dark plain background and
 * a graticule, never tiles, so it draws the same with no network at all.
 */
export const EpidemicMap = ({ villages, doors, focus, onVillage, onDoor }: Props) => {
  const target = useRef<HTMLDivElement>(null);
  const map = useRef<OlMap | null>(null);
  const source = useRef(new VectorSource());
  const handlers = useRef({ onVillage, onDoor });
  handlers.current = { onVillage, onDoor };

  useEffect(() => {
    const el = target.current;
    if (!el) return;
    const m = new OlMap({
      target: el,
      layers: [
        new VectorLayer({
          source: new VectorSource({ features: [new Feature(WORLD)] }),
          style: new Style({ fill: new Fill({ color: '#0a1f44' }) }),
        }),
        new Graticule({ strokeStyle: new Stroke({ color: 'rgba(55,198,255,0.12)', width: 1 }), wrapX: false }),
        new VectorLayer({ source: source.current, zIndex: 10 }),
      ],
      controls: defaultControls({ attribution: false, rotate: false }),
      view: new View({ projection: MAP_PROJECTION, center: MAP_CENTRE, zoom: MAP_ZOOM, maxZoom: MAP_MAX_ZOOM }),
    });
    map.current = m;
    const onClick = (e: MapBrowserEvent) => {
      const f = m.forEachFeatureAtPixel(e.pixel, (x) => x, { hitTolerance: 5 });
      const door: unknown = f?.get('doorId');
      const village: unknown = f?.get('villageId');
      if (typeof door === 'number') handlers.current.onDoor(door);
      else if (typeof village === 'number') handlers.current.onVillage(village);
    };
    const onMove = (e: MapBrowserEvent) => {
      el.style.cursor = m.hasFeatureAtPixel(e.pixel, { hitTolerance: 5 }) ? 'pointer' : '';
    };
    m.on('click', onClick);
    m.on('pointermove', onMove);
    const ro = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => m.updateSize());
    ro?.observe(el);
    return () => {
      ro?.disconnect();
      m.setTarget(undefined);
      map.current = null;
    };
  }, []);

  useEffect(() => {
    const src = source.current;
    src.clear();
    for (const v of villages) {
      if (v.ring) {
        const area = new Feature(new Polygon([[...v.ring, v.ring[0]!]]));
        area.set('villageId', v.id);
        area.setStyle(areaStyle(v));
        src.addFeature(area);
      }
      if (v.point) {
        const marker = new Feature(new Point(v.point));
        marker.set('villageId', v.id);
        marker.setStyle(villageStyle(v, focus?.kind === 'village' && focus.id === v.id));
        src.addFeature(marker);
      }
    }
    for (const d of doors) {
      const marker = new Feature(new Point(d.point));
      marker.set('doorId', d.id);
      marker.setStyle(doorStyle(d, focus?.kind === 'door' && focus.id === d.id));
      src.addFeature(marker);
    }
  }, [villages, doors, focus]);

  // the villages framed when they change; a focused village or door centred
  useEffect(() => {
    const view = map.current?.getView();
    if (!view) return;
    const points: LonLat[] = villages.flatMap((v) => [...(v.point ? [v.point] : []), ...(v.ring ?? [])]);
    if (points.length) view.fit(boundingExtent(points), { padding: [60, 60, 60, 60], maxZoom: MAP_LOCATION_ZOOM + 2 });
  }, [villages]);
  useEffect(() => {
    const view = map.current?.getView();
    if (!view || !focus) return;
    const at =
      focus.kind === 'door'
        ? doors.find((d) => d.id === focus.id)?.point
        : villages.find((v) => v.id === focus.id)?.point;
    if (at) view.animate({ center: at, zoom: Math.max(view.getZoom() ?? 0, 15), duration: 300 });
  }, [focus, villages, doors]);

  return <div ref={target} style={{ position: 'absolute', inset: 0 }} data-testid="epidemic-map" />;
};
