import Feature from 'ol/Feature.js';
import OlMap from 'ol/Map.js';
import View from 'ol/View.js';
import { defaults as defaultControls } from 'ol/control/defaults.js';
import { boundingExtent } from 'ol/extent.js';
import Point from 'ol/geom/Point.js';
import Polygon from 'ol/geom/Polygon.js';
import Graticule from 'ol/layer/Graticule.js';
import VectorLayer from 'ol/layer/Vector.js';
import VectorSource from 'ol/source/Vector.js';
import { Circle, Fill, Stroke, Style, Text } from 'ol/style.js';
import 'ol/ol.css';
import { useEffect, useMemo, useRef } from 'react';
import { MAP_CENTRE, MAP_LOCATION_ZOOM, MAP_MAX_ZOOM, MAP_PROJECTION, MAP_ZOOM } from '../../map/constants.ts';
import { villagePoint } from './logic.ts';

const WORLD = new Polygon([
  [
    [-180, -90],
    [180, -90],
    [180, 90],
    [-180, 90],
    [-180, -90],
  ],
]);

const marker = (name: string) =>
  new Style({
    image: new Circle({
      radius: 7,
      fill: new Fill({ color: '#37c6ff' }),
      stroke: new Stroke({ color: '#fff', width: 2 }),
    }),
    text: new Text({
      text: name,
      offsetY: -18,
      font: 'bold 14px sans-serif',
      fill: new Fill({ color: '#e8f3ff' }),
      stroke: new Stroke({ color: '#06122b', width: 4 }),
    }),
  });

type Village = { id: number; name: string; lonlat: string };

/**
 * The tenant topic's map: the operator's villages as markers on a dark plain background with a graticule, never
 * tiles, so it draws the same with no network. Framed on the villages whenever they change.
 */
export const CockpitMap = ({ villages }: { villages: readonly Village[] }) => {
  const target = useRef<HTMLDivElement>(null);
  const map = useRef<OlMap | null>(null);
  const source = useRef(new VectorSource());
  const placed = useMemo(
    () => villages.flatMap((v) => (villagePoint(v.lonlat) ? [{ ...v, point: villagePoint(v.lonlat)! }] : [])),
    [villages],
  );

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
    for (const v of placed) {
      const f = new Feature(new Point(v.point));
      f.set('villageId', v.id);
      f.setStyle(marker(v.name));
      src.addFeature(f);
    }
    const view = map.current?.getView();
    if (view && placed.length)
      view.fit(boundingExtent(placed.map((v) => v.point)), {
        padding: [80, 80, 80, 80],
        maxZoom: MAP_LOCATION_ZOOM,
      });
  }, [placed]);

  return (
    <div
      ref={target}
      style={{ position: 'absolute', inset: 0 }}
      data-testid="cockpit-map"
      data-markers={placed.length}
    />
  );
};
