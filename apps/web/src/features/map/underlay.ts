import Feature from 'ol/Feature.js';
import Polygon from 'ol/geom/Polygon.js';
import Graticule from 'ol/layer/Graticule.js';
import TileLayer from 'ol/layer/Tile.js';
import VectorLayer from 'ol/layer/Vector.js';
import VectorSource from 'ol/source/Vector.js';
import XYZ from 'ol/source/XYZ.js';
import { Fill, Stroke, Style } from 'ol/style.js';

const WORLD = new Polygon([
  [
    [-180, -90],
    [180, -90],
    [180, 90],
    [-180, 90],
    [-180, -90],
  ],
]);

export type UnderlayOptions = {
  /** the plain colour under everything */
  background: string;
  graticule: { color: string; labels: boolean };
  /** this many failed tiles and none loaded: the tiles are given up (no network), no more requests */
  giveUpAfter: number;
  /** the tiles given up (true), or one loaded (false) */
  onTileState?: (failed: boolean) => void;
};

export type Underlay = {
  /** bottom to top: the background, the graticule, the XYZ tiles */
  layers: [VectorLayer, Graticule, TileLayer<XYZ>];
  graticule: Graticule;
  setBackground: (color: string) => void;
  /** a tile URL template (or none: no tiles): a fresh try even after the tiles were given up */
  setUrl: (url: string) => void;
};

/**
 * What every map of the product draws under its own layers: a plain background and a graticule, so a map is usable
 * with no tiles at all (offline, or no tile server set), and the XYZ tiles on them, given up after a run of failures.
 */
export const createUnderlay = ({ background, graticule, giveUpAfter, onTileState }: UnderlayOptions): Underlay => {
  const fill = new Fill({ color: background });
  const plane = new VectorLayer({
    source: new VectorSource({ features: [new Feature(WORLD)] }),
    style: new Style({ fill }),
  });
  const grid = new Graticule({
    strokeStyle: new Stroke({ color: graticule.color, width: 1 }),
    showLabels: graticule.labels,
    wrapX: false,
  });
  const xyz = new XYZ({ transition: 0, wrapX: true });
  const tiles = new TileLayer({ source: xyz, preload: 0, visible: false });
  const stats = { failed: 0, loaded: 0 };
  xyz.on('tileloaderror', () => {
    stats.failed += 1;
    if (!stats.loaded && stats.failed >= giveUpAfter && tiles.getVisible()) {
      tiles.setVisible(false);
      onTileState?.(true);
    }
  });
  xyz.on('tileloadend', () => {
    stats.loaded += 1;
    onTileState?.(false);
  });
  return {
    layers: [plane, grid, tiles],
    graticule: grid,
    setBackground: (color) => {
      fill.setColor(color);
      plane.changed();
    },
    setUrl: (url) => {
      stats.failed = 0;
      stats.loaded = 0;
      tiles.setVisible(!!url);
      if (url) xyz.setUrl(url);
      else xyz.setUrls([]);
    },
  };
};
