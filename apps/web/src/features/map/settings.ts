import { create } from 'zustand';
import { readLocalJson, writeLocal, writeLocalJson } from '../../lib/storage.ts';

/**
 * Map service settings: tile URLs of the two map sources (plane 0 / satellite 1) and the
 * place-text search (geocoder). Defaults come from the build env (VITE_MAP_TILE_URL,
 * VITE_MAP_SATELLITE_URL, VITE_MAP_SEARCH_URL, VITE_MAP_SEARCH_KEY), then the user may change them
 * in the picker's settings (stored locally). Tiles are optional: the map draws its vector layers on
 * a plain background when they cannot load.
 */
export type MapLayerIndex = 0 | 1;
export type MapSettings = {
  /** XYZ template with {x} {y} {z} (and optionally {a-c} / {1-4} subdomains) */
  tileUrl: string;
  satelliteUrl: string;
  /** GET template with {keyword} and {key}; the reply's pois[0].location is 'lon,lat' */
  searchUrl: string;
  searchKey: string;
  layer: MapLayerIndex;
};

const env = import.meta.env as Record<string, string | undefined>;

export const DEFAULT_MAP_SETTINGS: MapSettings = {
  tileUrl:
    env.VITE_MAP_TILE_URL ??
    'https://webrd0{1-4}.is.autonavi.com/appmaptile?lang=zh_cn&size=1&scale=1&style=8&x={x}&y={y}&z={z}',
  satelliteUrl:
    env.VITE_MAP_SATELLITE_URL ?? 'https://webst0{1-4}.is.autonavi.com/appmaptile?style=6&x={x}&y={y}&z={z}',
  searchUrl:
    env.VITE_MAP_SEARCH_URL ?? 'https://restapi.amap.com/v3/place/text?keywords={keyword}&key={key}&offset=1&page=1',
  searchKey: env.VITE_MAP_SEARCH_KEY ?? '',
  layer: 0,
};

const STORAGE = 'map_settings';

const isSettings = (v: unknown): v is Partial<MapSettings> => typeof v === 'object' && v !== null;

const load = (): MapSettings => {
  const saved = readLocalJson(STORAGE, isSettings) ?? {};
  const pick = <K extends keyof MapSettings>(k: K): MapSettings[K] => {
    const v = saved[k];
    return typeof v === typeof DEFAULT_MAP_SETTINGS[k] ? (v as MapSettings[K]) : DEFAULT_MAP_SETTINGS[k];
  };
  const layer = pick('layer');
  return {
    tileUrl: pick('tileUrl'),
    satelliteUrl: pick('satelliteUrl'),
    searchUrl: pick('searchUrl'),
    searchKey: pick('searchKey'),
    layer: layer === 1 ? 1 : 0,
  };
};

type MapSettingsState = MapSettings & { update: (patch: Partial<MapSettings>) => void; reset: () => void };

export const useMapSettings = create<MapSettingsState>((set, get) => ({
  ...load(),
  update: (patch) => {
    set(patch);
    // only what differs from the defaults is stored, so a new build's defaults still apply
    const s = get();
    const keys = Object.keys(DEFAULT_MAP_SETTINGS) as (keyof MapSettings)[];
    writeLocalJson(
      STORAGE,
      Object.fromEntries(keys.filter((k) => s[k] !== DEFAULT_MAP_SETTINGS[k]).map((k) => [k, s[k]])),
    );
  },
  reset: () => {
    set(DEFAULT_MAP_SETTINGS);
    writeLocal(STORAGE, null);
  },
}));

/** The tile URL of a map source (0 plane, 1 satellite). */
export const tileUrlOf = (s: Pick<MapSettings, 'tileUrl' | 'satelliteUrl'>, layer: MapLayerIndex) =>
  layer === 1 ? s.satelliteUrl : s.tileUrl;
