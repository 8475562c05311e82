import type { FeatureLike } from 'ol/Feature.js';
import OlMap from 'ol/Map.js';
import View from 'ol/View.js';
import { defaults as defaultControls } from 'ol/control/defaults.js';
import { boundingExtent } from 'ol/extent.js';
import type BaseLayer from 'ol/layer/Base.js';
import type MapBrowserEvent from 'ol/MapBrowserEvent.js';
import 'ol/ol.css';
import { useEffect, useRef } from 'react';
import { MAP_CENTRE, MAP_PROJECTION, MAP_ZOOM } from '../map/constants.ts';
import type { LonLat } from '../map/geom.ts';
import { createBaseLayers, type BaseLayers } from './baseLayers.ts';
import type { MapBaseKind, MapTileTemplates } from './mapBase.ts';

/** how near (pixels) a click or the pointer must come to a marker to hit it */
const HIT_TOLERANCE = 5;

export type KitMapOptions = {
  /** the layers drawn over the base, made once with the map */
  overlays: () => BaseLayer[];
  base: MapBaseKind;
  tiles: MapTileTemplates;
  /** zoom buttons in the corner; without them the wheel and a double click zoom */
  zoomButtons: boolean;
  maxZoom: number;
  /** what was clicked (a feature within a few pixels), or nothing */
  onClick: (feature: FeatureLike | undefined) => void;
  /** while true (measuring), clicks are the drawing's and the pointer is a crosshair */
  drawing?: boolean;
};

/**
 * The OpenLayers map of the big screens' kit (ScreenMap, LayerMap): the base (`baseLayers.ts`: a plain background
 * and a graticule under the tiles of the base asked for) under the caller's layers, the EPSG:4326 view over China,
 * a pointer that shows what can be clicked, and the size following its box. The map lives as long as the element.
 */
export const useKitMap = (opts: KitMapOptions) => {
  const target = useRef<HTMLDivElement>(null);
  const map = useRef<OlMap | null>(null);
  const baseLayers = useRef<BaseLayers | null>(null);
  // the latest callbacks, read by the map's handlers (made once)
  const latest = useRef(opts);
  latest.current = opts;

  useEffect(() => {
    const el = target.current;
    if (!el) return;
    const { overlays, zoomButtons, maxZoom } = latest.current;
    const b = createBaseLayers();
    baseLayers.current = b;
    const m = new OlMap({
      target: el,
      layers: [...b.layers, ...overlays()],
      controls: defaultControls({ attribution: false, rotate: false, zoom: zoomButtons }),
      view: new View({ projection: MAP_PROJECTION, center: MAP_CENTRE, zoom: MAP_ZOOM, maxZoom }),
    });
    map.current = m;
    const onClick = (e: MapBrowserEvent) => {
      if (latest.current.drawing) return;
      latest.current.onClick(m.forEachFeatureAtPixel(e.pixel, (x) => x, { hitTolerance: HIT_TOLERANCE }));
    };
    const onMove = (e: MapBrowserEvent) => {
      el.style.cursor = latest.current.drawing
        ? 'crosshair'
        : m.hasFeatureAtPixel(e.pixel, { hitTolerance: HIT_TOLERANCE })
          ? 'pointer'
          : '';
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

  const { base, tiles } = opts;
  useEffect(() => {
    baseLayers.current?.set(base, tiles);
  }, [base, tiles]);

  return { target, map };
};

/** frames the places (nothing to frame: the view stays) */
export const fitTo = (
  map: OlMap | null,
  at: readonly LonLat[],
  padding: [number, number, number, number],
  maxZoom: number,
) => {
  const view = map?.getView();
  if (view && at.length) view.fit(boundingExtent([...at]), { padding, maxZoom });
};
