import Feature from 'ol/Feature.js';
import Polygon from 'ol/geom/Polygon.js';
import Graticule from 'ol/layer/Graticule.js';
import TileLayer from 'ol/layer/Tile.js';
import VectorLayer from 'ol/layer/Vector.js';
import VectorSource from 'ol/source/Vector.js';
import XYZ from 'ol/source/XYZ.js';
import { Fill, Stroke, Style } from 'ol/style.js';
import { BASE_BACKGROUND, tileUrlFor, type MapBaseKind, type MapTileTemplates } from './mapBase.ts';

const WORLD = new Polygon([
  [
    [-180, -90],
    [180, -90],
    [180, 90],
    [-180, 90],
    [-180, -90],
  ],
]);

/** after this many failed tiles and none loaded the tiles are given up (no network): no banner, no more requests */
const TILE_GIVE_UP = 6;

export type BaseLayers = {
  layers: [VectorLayer, Graticule, TileLayer<XYZ>];
  set: (kind: MapBaseKind, tiles: MapTileTemplates) => void;
};

/** The plain background, a faint graticule and the tile layer of a kit map, switched together by `set`. */
export const createBaseLayers = (): BaseLayers => {
  const fill = new Fill({ color: BASE_BACKGROUND.plane });
  const background = new VectorLayer({
    source: new VectorSource({ features: [new Feature(WORLD)] }),
    style: new Style({ fill }),
  });
  const graticule = new Graticule({
    strokeStyle: new Stroke({ color: 'rgba(55,198,255,0.12)', width: 1 }),
    wrapX: false,
  });
  const xyz = new XYZ({ transition: 0, wrapX: true });
  const tiles = new TileLayer({ source: xyz, preload: 0, visible: false });
  const stats = { failed: 0, loaded: 0 };
  xyz.on('tileloaderror', () => {
    stats.failed += 1;
    if (!stats.loaded && stats.failed >= TILE_GIVE_UP) tiles.setVisible(false);
  });
  xyz.on('tileloadend', () => {
    stats.loaded += 1;
  });
  let current = '';
  return {
    layers: [background, graticule, tiles],
    set: (kind, templates) => {
      fill.setColor(BASE_BACKGROUND[kind]);
      background.changed();
      const url = tileUrlFor(kind, templates);
      if (url !== current) {
        current = url;
        stats.failed = 0;
        stats.loaded = 0;
        if (url) xyz.setUrl(url);
      }
      tiles.setVisible(!!url);
      graticule.setVisible(!url);
    },
  };
};
