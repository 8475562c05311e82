import Feature from 'ol/Feature.js';
import Point from 'ol/geom/Point.js';
import VectorLayer from 'ol/layer/Vector.js';
import VectorSource from 'ol/source/Vector.js';
import { Fill, RegularShape, Stroke, Style } from 'ol/style.js';
import { useEffect, useRef } from 'react';
import { MAP_LOCATION_ZOOM, MAP_MAX_ZOOM } from '../map/constants.ts';
import { fitTo, useKitMap } from './kitMap.ts';
import { areaPaint, LABEL_HALO, placesOf, villageFeatures, villageMarker } from './kitStyles.ts';
import { NO_TILES, type MapBaseKind, type MapTileTemplates } from './mapBase.ts';
import type { AreaMark, PointMark } from './marks.ts';

const pointStyle = (d: PointMark, picked: boolean) =>
  new Style({
    image: new RegularShape({
      points: 4,
      radius: picked ? 10 : 8,
      angle: Math.PI / 4,
      fill: new Fill({ color: d.color }),
      stroke: new Stroke({ color: picked ? '#fff' : LABEL_HALO, width: 2 }),
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
 * A big screen's map: village hot areas and markers, and points (devices, gates, patrol points). The kit's map
 * (`kitMap.ts`: the plain background and graticule under the tiles of the base asked for, so it draws the same with
 * no network at all) with its zoom buttons.
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
  const source = useRef(new VectorSource());
  const { target, map } = useKitMap({
    overlays: () => [new VectorLayer({ source: source.current, zIndex: 10 })],
    base,
    tiles,
    zoomButtons: true,
    maxZoom: MAP_MAX_ZOOM,
    onClick: (f) => {
      const point: unknown = f?.get('pointId');
      const area: unknown = f?.get('areaId');
      if (typeof point === 'number') onPoint(point);
      else if (typeof area === 'number') onArea(area);
    },
  });

  useEffect(() => {
    const src = source.current;
    src.clear();
    src.addFeatures(
      villageFeatures(areas, {
        area: (v) => new Style(areaPaint(v, false)),
        marker: (v) => villageMarker(v, focus?.kind === 'area' && focus.id === v.id),
      }),
    );
    for (const d of points) {
      const marker = new Feature(new Point(d.point));
      marker.set('pointId', d.id);
      marker.setStyle(pointStyle(d, focus?.kind === 'point' && focus.id === d.id));
      src.addFeature(marker);
    }
  }, [areas, points, focus]);

  // the villages framed when they change; a focused village or point centred
  useEffect(() => {
    fitTo(map.current, placesOf(areas), [60, 60, 60, 60], MAP_LOCATION_ZOOM + 2);
  }, [areas, map]);
  useEffect(() => {
    const view = map.current?.getView();
    if (!view || !focus) return;
    const at =
      focus.kind === 'point'
        ? points.find((d) => d.id === focus.id)?.point
        : areas.find((v) => v.id === focus.id)?.point;
    if (at) view.animate({ center: at, zoom: Math.max(view.getZoom() ?? 0, 15), duration: 300 });
  }, [focus, areas, points, map]);

  return (
    <div
      ref={target}
      style={{ position: 'absolute', inset: 0 }}
      data-testid={testId}
      data-markers={areas.filter((v) => v.point).length + points.length}
    />
  );
};
