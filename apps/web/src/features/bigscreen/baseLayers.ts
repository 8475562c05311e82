import { createUnderlay, type Underlay } from '../map/underlay.ts';
import { BASE_BACKGROUND, tileUrlFor, type MapBaseKind, type MapTileTemplates } from './mapBase.ts';

/** fewer failures than the map tool's: a big screen with no network shows no banner, only the plain base */
const TILE_GIVE_UP = 6;

export type BaseLayers = {
  layers: Underlay['layers'];
  set: (kind: MapBaseKind, tiles: MapTileTemplates) => void;
};

/** The plain background, a faint graticule and the tile layer of a kit map, switched together by `set`. */
export const createBaseLayers = (): BaseLayers => {
  const base = createUnderlay({
    background: BASE_BACKGROUND.plane,
    graticule: { color: 'rgba(55,198,255,0.12)', labels: false },
    giveUpAfter: TILE_GIVE_UP,
  });
  let current: string | null = null;
  return {
    layers: base.layers,
    set: (kind, templates) => {
      base.setBackground(BASE_BACKGROUND[kind]);
      const url = tileUrlFor(kind, templates);
      // the same tiles again keep their state: tiles given up stay so
      if (url !== current) {
        current = url;
        base.setUrl(url);
      }
      base.graticule.setVisible(!url);
    },
  };
};
