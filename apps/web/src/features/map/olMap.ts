import Feature from 'ol/Feature.js';
import OlMap from 'ol/Map.js';
import View from 'ol/View.js';
import { defaults as defaultControls } from 'ol/control/defaults.js';
import ScaleLine from 'ol/control/ScaleLine.js';
import { boundingExtent } from 'ol/extent.js';
import Point from 'ol/geom/Point.js';
import Polygon from 'ol/geom/Polygon.js';
import VectorLayer from 'ol/layer/Vector.js';
import VectorSource from 'ol/source/Vector.js';
import { Circle, Fill, Stroke, Style } from 'ol/style.js';
import 'ol/ol.css';
import {
  MAP_BACKGROUND,
  MAP_CENTRE,
  MAP_LOCATION_ZOOM,
  MAP_MAX_ZOOM,
  MAP_MIN_ZOOM,
  MAP_PROJECTION,
  MAP_ZOOM,
} from './constants.ts';
import { POLYGON_BORDER_WIDTH, type LonLat } from './geom.ts';
import { createUnderlay, type Underlay } from './underlay.ts';

/**
 * The OpenLayers map of the map tool: a plain light background and a graticule (so the map is
 * usable with no tiles at all, e.g. offline), the XYZ tile layer on top of them, then the hot-area
 * and point layers. EPSG:4326 view, centre 109.4/31.5, zoom 6 (6–16): the whole of China.
 */
export type MapHandles = {
  map: OlMap;
  /** the background, graticule and tiles */
  base: Underlay;
  area: VectorSource;
  areaLayer: VectorLayer;
  point: VectorSource;
  reference: VectorSource;
};

/** After this many failed tiles and none loaded the tile layer is switched off (no network): no more requests. */
const TILE_GIVE_UP = 8;

export const areaStyle = (fill: string, border: string) =>
  new Style({ fill: new Fill({ color: fill }), stroke: new Stroke({ color: border, width: POLYGON_BORDER_WIDTH }) });

const pointStyle = new Style({
  image: new Circle({
    radius: 8,
    fill: new Fill({ color: '#f5222d' }),
    stroke: new Stroke({ color: '#fff', width: 3 }),
  }),
});

const referenceStyle = new Style({
  fill: new Fill({ color: 'rgba(24,144,255,0.12)' }),
  stroke: new Stroke({ color: 'rgba(24,144,255,0.8)', width: 2, lineDash: [6, 6] }),
});

export const createMap = (
  target: HTMLElement,
  tileUrl: string,
  fill: string,
  border: string,
  onTileState: (failed: boolean) => void,
): MapHandles => {
  const base = createUnderlay({
    background: MAP_BACKGROUND,
    graticule: { color: 'rgba(120,130,150,0.25)', labels: true },
    giveUpAfter: TILE_GIVE_UP,
    onTileState,
  });
  base.setUrl(tileUrl);
  const area = new VectorSource();
  const areaLayer = new VectorLayer({ source: area, style: areaStyle(fill, border) });
  const point = new VectorSource();
  const pointLayer = new VectorLayer({ source: point, style: pointStyle });
  // another value of the same record shown for orientation (a village's hot area while picking its location)
  const reference = new VectorSource();
  const referenceLayer = new VectorLayer({ source: reference, style: referenceStyle });
  const map = new OlMap({
    target,
    layers: [...base.layers, referenceLayer, areaLayer, pointLayer],
    controls: defaultControls({ attribution: false, rotate: false }).extend([new ScaleLine()]),
    view: new View({
      projection: MAP_PROJECTION,
      center: MAP_CENTRE,
      zoom: MAP_ZOOM,
      minZoom: MAP_MIN_ZOOM,
      maxZoom: MAP_MAX_ZOOM,
    }),
  });
  return { map, base, area, areaLayer, point, reference };
};

/** A new tile URL (or source 0/1) gets a fresh try even after the layer gave up. */
export const setTileUrl = (h: MapHandles, url: string) => h.base.setUrl(url);

export const showReference = (h: MapHandles, ring: LonLat[] | null) => {
  h.reference.clear();
  if (ring && ring.length >= 3) h.reference.addFeature(new Feature(new Polygon([[...ring, ring[0]!]])));
};

/** Shows one hot area (the ring is stored open; OpenLayers wants it closed). */
export const showArea = (h: MapHandles, ring: LonLat[] | null) => {
  h.area.clear();
  if (ring && ring.length >= 3) h.area.addFeature(new Feature(new Polygon([[...ring, ring[0]!]])));
};

export const showPoint = (h: MapHandles, p: LonLat | null) => {
  h.point.clear();
  if (p) h.point.addFeature(new Feature(new Point(p)));
};

/** The open ring of a drawn or modified polygon feature. */
export const ringOf = (f: Feature): LonLat[] | null => {
  const g = f.getGeometry();
  if (!(g instanceof Polygon)) return null;
  const coords = (g.getCoordinates()[0] ?? []).map((c) => [c[0]!, c[1]!] as LonLat);
  if (coords.length > 1) {
    const [a, z] = [coords[0]!, coords[coords.length - 1]!];
    if (a[0] === z[0] && a[1] === z[1]) coords.pop();
  }
  return coords.length >= 3 ? coords : null;
};

/** Frames the hot area, else the point (zoom 13), else the focus (zoom 13); leaves the default view otherwise. */
export const frame = (
  h: MapHandles,
  ring: LonLat[] | null,
  p: LonLat | null,
  focus: LonLat | null,
  animate = false,
) => {
  const view = h.map.getView();
  const duration = animate ? 300 : 0;
  if (ring && ring.length >= 3) {
    view.fit(boundingExtent(ring), { padding: [40, 40, 40, 40], maxZoom: MAP_MAX_ZOOM, duration });
    return;
  }
  const at = p ?? focus;
  if (at) {
    if (animate) view.animate({ center: at, zoom: Math.max(view.getZoom() ?? MAP_ZOOM, MAP_LOCATION_ZOOM), duration });
    else {
      view.setCenter(at);
      view.setZoom(MAP_LOCATION_ZOOM);
    }
  }
};
