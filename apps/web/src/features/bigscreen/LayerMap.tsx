import Feature, { type FeatureLike } from 'ol/Feature.js';
import type { Geometry } from 'ol/geom.js';
import LineString from 'ol/geom/LineString.js';
import Point from 'ol/geom/Point.js';
import Polygon from 'ol/geom/Polygon.js';
import Draw from 'ol/interaction/Draw.js';
import VectorLayer from 'ol/layer/Vector.js';
import VectorSource from 'ol/source/Vector.js';
import { getArea, getLength } from 'ol/sphere.js';
import { Circle, Fill, RegularShape, Stroke, Style, Text } from 'ol/style.js';
import { useEffect, useRef } from 'react';
import { MAP_LOCATION_ZOOM, MAP_MAX_ZOOM, MAP_PROJECTION } from '../map/constants.ts';
import type { LonLat } from '../map/geom.ts';
import { fitTo, useKitMap } from './kitMap.ts';
import { areaPaint, FOCUS_COLOR, LABEL_HALO, placesOf, villageFeatures, villageMarker } from './kitStyles.ts';
import { BLOCK_PX, NO_TILES, SLAB_PX, type MapBaseKind, type MapTileTemplates } from './mapBase.ts';
import type { AreaMark } from './marks.ts';
import { formatArea, formatLength, type MeasureKind } from './measure.ts';

/** A marker of a layer: `kind` and `id` name it to the click handler; `off` draws it dimmed (offline, open …). */
export type LayerPoint = {
  kind: string;
  id: number;
  name: string;
  point: LonLat;
  color: string;
  /** one character drawn in the marker */
  glyph: string;
  off: boolean;
  /** drawn as a block in 3D (buildings) */
  block?: boolean;
};

export type LayerFocus = { kind: string; id: number } | null;

type Props = {
  areas: readonly AreaMark[];
  points: readonly LayerPoint[];
  base: MapBaseKind;
  tiles?: MapTileTemplates;
  /** the village to frame (its hot area, else its marker) */
  frameId?: number;
  focus?: LayerFocus;
  measure: MeasureKind | null;
  onMeasure: (reading: string) => void;
  onArea: (id: number) => void;
  onPoint: (kind: string, id: number) => void;
  testId?: string;
};

const SIDE = 'rgba(10, 60, 120, 0.85)';

/** a copy of a geometry moved up the screen by `px` pixels at this resolution (the 3D view's lift) */
const lifted = (g: Geometry, px: number, resolution: number) => {
  const c = g.clone();
  c.translate(0, px * resolution);
  return c;
};

/** a hot area; in 3D a slab: its sides drawn lower, the area itself lifted on top */
const areaStyles = (m: AreaMark, raised: boolean, focused: boolean) => {
  const { fill, stroke } = areaPaint(m, focused);
  if (!raised) return new Style({ fill, stroke });
  const side = new Style({ fill: new Fill({ color: SIDE }) });
  return (f: FeatureLike, resolution: number) => {
    const g = f.getGeometry() as Geometry;
    const steps = [0, 0.25, 0.5, 0.75].map((k) => {
      const s = side.clone();
      s.setGeometry(lifted(g, SLAB_PX * k, resolution));
      return s;
    });
    return [...steps, new Style({ geometry: lifted(g, SLAB_PX, resolution), fill, stroke })];
  };
};

const label = (p: LayerPoint, focused: boolean, lift: number) =>
  new Text({
    text: focused ? `${p.glyph} ${p.name}` : p.glyph,
    offsetY: focused ? -22 - lift : -lift,
    font: focused ? 'bold 13px sans-serif' : '11px sans-serif',
    fill: new Fill({ color: '#fff' }),
    stroke: focused ? new Stroke({ color: LABEL_HALO, width: 4 }) : undefined,
  });

/** a marker: a round badge; in 3D a badge on a stalk with its shadow, a building a lit block */
const pointStyles = (p: LayerPoint, focused: boolean, raised: boolean): Style[] => {
  const color = p.off ? '#8c8c8c' : p.color;
  const radius = focused ? 11 : 9;
  const edge = new Stroke({ color: focused ? FOCUS_COLOR : '#fff', width: focused ? 3 : 1.5 });
  if (!raised)
    return [
      new Style({ image: new Circle({ radius, fill: new Fill({ color }), stroke: edge }), text: label(p, focused, 0) }),
    ];
  if (p.block) {
    const sides = Array.from(
      { length: BLOCK_PX / 2 },
      (_, i) =>
        new Style({
          image: new RegularShape({
            points: 4,
            radius: radius + 1,
            angle: Math.PI / 4,
            fill: new Fill({ color: SIDE }),
            displacement: [0, i * 2],
          }),
        }),
    );
    return [
      ...sides,
      new Style({
        image: new RegularShape({
          points: 4,
          radius: radius + 1,
          angle: Math.PI / 4,
          fill: new Fill({ color }),
          stroke: edge,
          displacement: [0, BLOCK_PX],
        }),
        text: label(p, focused, BLOCK_PX),
      }),
    ];
  }
  return [
    new Style({
      image: new RegularShape({
        points: 4,
        radius: 5,
        fill: new Fill({ color: 'rgba(0,0,0,0.45)' }),
        scale: [1.6, 0.6],
      }),
    }),
    new Style({
      image: new RegularShape({
        points: 4,
        radius: BLOCK_PX / 2,
        angle: Math.PI / 4,
        fill: new Fill({ color: 'rgba(255,255,255,0.6)' }),
        scale: [0.12, 1],
        displacement: [0, BLOCK_PX / 2],
      }),
    }),
    new Style({
      image: new Circle({ radius, fill: new Fill({ color }), stroke: edge, displacement: [0, BLOCK_PX] }),
      text: label(p, focused, BLOCK_PX),
    }),
  ];
};

const measureStyle = new Style({
  fill: new Fill({ color: 'rgba(255,176,32,0.2)' }),
  stroke: new Stroke({ color: FOCUS_COLOR, width: 2, lineDash: [8, 6] }),
  image: new Circle({ radius: 4, fill: new Fill({ color: FOCUS_COLOR }) }),
});

const readingOf = (g: Geometry | undefined): string => {
  if (g instanceof Polygon) return formatArea(getArea(g, { projection: MAP_PROJECTION }));
  if (g instanceof LineString) return formatLength(getLength(g, { projection: MAP_PROJECTION }));
  return '';
};

/**
 * A kit map with layers: village hot areas and markers, and markers of any number of layers (a building, a door,
 * a camera …), each telling its kind and id when clicked. Bases 平面 / 3D / 卫星 (`mapBase.ts`). Measuring draws a
 * polygon (area) or a line (length) with OpenLayers' Draw and reads it on the sphere (`measure.ts`), live while
 * drawing and kept on the map until the next measure.
 */
export const LayerMap = ({
  areas,
  points,
  base,
  tiles = NO_TILES,
  frameId,
  focus = null,
  measure,
  onMeasure,
  onArea,
  onPoint,
  testId,
}: Props) => {
  const areaSource = useRef(new VectorSource());
  const pointSource = useRef(new VectorSource());
  const measureSource = useRef(new VectorSource());
  const onMeasureRef = useRef(onMeasure);
  onMeasureRef.current = onMeasure;
  const { target, map } = useKitMap({
    overlays: () => [
      new VectorLayer({ source: areaSource.current, zIndex: 10 }),
      new VectorLayer({ source: pointSource.current, zIndex: 11 }),
      new VectorLayer({ source: measureSource.current, style: measureStyle, zIndex: 12 }),
    ],
    base,
    tiles,
    // no zoom buttons: the screen's toolbar has the corner
    zoomButtons: false,
    maxZoom: MAP_MAX_ZOOM + 2,
    onClick: (f) => {
      const kind: unknown = f?.get('markKind');
      const id: unknown = f?.get('markId');
      const area: unknown = f?.get('areaId');
      if (typeof kind === 'string' && typeof id === 'number') onPoint(kind, id);
      else if (typeof area === 'number') onArea(area);
    },
    drawing: measure !== null,
  });

  const raised = base === '3d';
  useEffect(() => {
    const src = areaSource.current;
    src.clear();
    src.addFeatures(
      villageFeatures(areas, {
        area: (v) => areaStyles(v, raised, v.id === frameId),
        marker: (v) => villageMarker(v, v.id === frameId, raised ? SLAB_PX : 0),
      }),
    );
  }, [areas, frameId, raised]);

  useEffect(() => {
    const src = pointSource.current;
    src.clear();
    src.addFeatures(
      points.map((p) => {
        const f = new Feature(new Point(p.point));
        f.set('markKind', p.kind);
        f.set('markId', p.id);
        f.setStyle(pointStyles(p, focus?.kind === p.kind && focus.id === p.id, raised));
        return f;
      }),
    );
  }, [points, focus, raised]);

  // all villages framed when they arrive; the chosen one when it changes
  useEffect(() => {
    const chosen = areas.find((v) => v.id === frameId);
    fitTo(
      map.current,
      placesOf(chosen ? [chosen] : areas),
      [120, 480, 120, 480],
      chosen ? MAP_MAX_ZOOM + 2 : MAP_LOCATION_ZOOM,
    );
  }, [areas, frameId, map]);
  useEffect(() => {
    const view = map.current?.getView();
    const at = focus ? points.find((p) => p.kind === focus.kind && p.id === focus.id)?.point : undefined;
    if (view && at) view.animate({ center: at, duration: 300 });
  }, [focus, points, map]);

  // measuring: a Draw of the kind asked; each new measure clears the last
  useEffect(() => {
    const m = map.current;
    if (!m || !measure) return;
    const draw = new Draw({
      source: measureSource.current,
      type: measure === 'area' ? 'Polygon' : 'LineString',
      style: measureStyle,
    });
    let unwatch = () => undefined as void;
    draw.on('drawstart', (e) => {
      measureSource.current.clear();
      const g = e.feature.getGeometry();
      const update = () => onMeasureRef.current(readingOf(g));
      g?.on('change', update);
      unwatch = () => g?.un('change', update);
    });
    draw.on('drawend', (e) => {
      unwatch();
      const text = readingOf(e.feature.getGeometry());
      e.feature.setStyle([
        measureStyle,
        new Style({
          text: new Text({
            text,
            font: 'bold 14px sans-serif',
            fill: new Fill({ color: '#fff' }),
            stroke: new Stroke({ color: LABEL_HALO, width: 4 }),
            overflow: true,
            placement: 'point',
          }),
        }),
      ]);
      onMeasureRef.current(text);
    });
    m.addInteraction(draw);
    return () => {
      unwatch();
      m.removeInteraction(draw);
    };
  }, [measure, map]);
  useEffect(() => {
    if (!measure) measureSource.current.clear();
  }, [measure]);

  return (
    <div
      ref={target}
      style={{ position: 'absolute', inset: 0 }}
      data-testid={testId}
      data-base={base}
      data-markers={areas.filter((v) => v.point).length + points.length}
    />
  );
};
