import Feature from 'ol/Feature.js';
import OlMap from 'ol/Map.js';
import View from 'ol/View.js';
import { defaults as defaultControls } from 'ol/control/defaults.js';
import { boundingExtent } from 'ol/extent.js';
import Point from 'ol/geom/Point.js';
import Polygon from 'ol/geom/Polygon.js';
import VectorLayer from 'ol/layer/Vector.js';
import type MapBrowserEvent from 'ol/MapBrowserEvent.js';
import VectorSource from 'ol/source/Vector.js';
import { Circle, Fill, RegularShape, Stroke, Style, Text } from 'ol/style.js';
import 'ol/ol.css';
import { useEffect, useRef } from 'react';
import { MAP_CENTRE, MAP_LOCATION_ZOOM, MAP_MAX_ZOOM, MAP_PROJECTION, MAP_ZOOM } from '../map/constants.ts';
import type { LonLat } from '../map/geom.ts';
import { createBaseLayers, type BaseLayers } from './baseLayers.ts';
import { NO_TILES, type MapBaseKind, type MapTileTemplates } from './mapBase.ts';
import type { AreaMark, PointMark } from './marks.ts';

const areaMarkerStyle = (m: AreaMark, focused: boolean) =>
  new Style({
    image: new Circle({
      radius: focused ? 11 : 8,
      fill: new Fill({ color: m.color }),
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

const areaStyle = (m: AreaMark) =>
  new Style({
    fill: new Fill({ color: m.fill || 'rgba(55,198,255,0.18)' }),
    stroke: new Stroke({ color: m.border || '#37c6ff', width: 2 }),
  });

const pointStyle = (d: PointMark, picked: boolean) =>
  new Style({
    image: new RegularShape({
      points: 4,
      radius: picked ? 10 : 8,
      angle: Math.PI / 4,
      fill: new Fill({ color: d.color }),
      stroke: new Stroke({ color: picked ? '#fff' : '#06122b', width: 2 }),
    }),
  });

export type MapFocus = { kind: 'area' | 'point'; id: number } | null;

type Props = {
  areas: readonly AreaMark[];
  points: readonly PointMark[];
  focus: MapFocus;
  onArea: (id: number) => void;
  onPoint: (id: number) => void;
  /** 平面 (default) or 卫星; tiles from the server's templates, none: the plain background */
  base?: MapBaseKind;
  tiles?: MapTileTemplates;
  testId?: string;
};

/**
 * A big screen's map: village hot areas and markers, and points (devices, gates, patrol points). A dark plain
 * background and a graticule under the tiles of the base asked for (`mapBase.ts`), so it draws the same with no
 * network at all.
 */
export const ScreenMap = ({
  areas,
  points,
  focus,
  onArea,
  onPoint,
  base = 'plane',
  tiles = NO_TILES,
  testId,
}: Props) => {
  const target = useRef<HTMLDivElement>(null);
  const map = useRef<OlMap | null>(null);
  const baseLayers = useRef<BaseLayers | null>(null);
  const source = useRef(new VectorSource());
  const handlers = useRef({ onArea, onPoint });
  handlers.current = { onArea, onPoint };

  useEffect(() => {
    const el = target.current;
    if (!el) return;
    const b = createBaseLayers();
    baseLayers.current = b;
    const m = new OlMap({
      target: el,
      layers: [...b.layers, new VectorLayer({ source: source.current, zIndex: 10 })],
      controls: defaultControls({ attribution: false, rotate: false }),
      view: new View({ projection: MAP_PROJECTION, center: MAP_CENTRE, zoom: MAP_ZOOM, maxZoom: MAP_MAX_ZOOM }),
    });
    map.current = m;
    const onClick = (e: MapBrowserEvent) => {
      const f = m.forEachFeatureAtPixel(e.pixel, (x) => x, { hitTolerance: 5 });
      const point: unknown = f?.get('pointId');
      const area: unknown = f?.get('areaId');
      if (typeof point === 'number') handlers.current.onPoint(point);
      else if (typeof area === 'number') handlers.current.onArea(area);
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
      baseLayers.current = null;
    };
  }, []);

  useEffect(() => {
    baseLayers.current?.set(base, tiles);
  }, [base, tiles]);

  useEffect(() => {
    const src = source.current;
    src.clear();
    for (const v of areas) {
      if (v.ring) {
        const area = new Feature(new Polygon([[...v.ring, v.ring[0]!]]));
        area.set('areaId', v.id);
        area.setStyle(areaStyle(v));
        src.addFeature(area);
      }
      if (v.point) {
        const marker = new Feature(new Point(v.point));
        marker.set('areaId', v.id);
        marker.setStyle(areaMarkerStyle(v, focus?.kind === 'area' && focus.id === v.id));
        src.addFeature(marker);
      }
    }
    for (const d of points) {
      const marker = new Feature(new Point(d.point));
      marker.set('pointId', d.id);
      marker.setStyle(pointStyle(d, focus?.kind === 'point' && focus.id === d.id));
      src.addFeature(marker);
    }
  }, [areas, points, focus]);

  // the villages framed when they change; a focused village or point centred
  useEffect(() => {
    const view = map.current?.getView();
    if (!view) return;
    const at: LonLat[] = areas.flatMap((v) => [...(v.point ? [v.point] : []), ...(v.ring ?? [])]);
    if (at.length) view.fit(boundingExtent(at), { padding: [60, 60, 60, 60], maxZoom: MAP_LOCATION_ZOOM + 2 });
  }, [areas]);
  useEffect(() => {
    const view = map.current?.getView();
    if (!view || !focus) return;
    const at =
      focus.kind === 'point'
        ? points.find((d) => d.id === focus.id)?.point
        : areas.find((v) => v.id === focus.id)?.point;
    if (at) view.animate({ center: at, zoom: Math.max(view.getZoom() ?? 0, 15), duration: 300 });
  }, [focus, areas, points]);

  return (
    <div
      ref={target}
      style={{ position: 'absolute', inset: 0 }}
      data-testid={testId}
      data-markers={areas.filter((v) => v.point).length + points.length}
    />
  );
};
