/**
 * A kit map's base: 平面 and 卫星 draw the tiles of the server's templates (MAP_TILE_PLANE / MAP_TILE_SATELLITE) over
 * a plain background; 3D draws the plane's over a darker one, with the villages raised as slabs and buildings as
 * blocks (a 2.5D oblique view: OpenLayers stays 2D, so clicks and measuring keep their meaning). Without a template
 * — this machine is offline, or none is configured — the background alone is the map, and a tile that cannot load
 * is silently given up: the map never shows an error banner. Pure: no OpenLayers here.
 */
export const mapBaseKinds = ['plane', '3d', 'satellite'] as const;
export type MapBaseKind = (typeof mapBaseKinds)[number];
export const mapBaseTitles: Record<MapBaseKind, string> = { plane: '平面', '3d': '3D', satellite: '卫星' };

/** XYZ templates with {x} {y} {z} ('' = none) */
export type MapTileTemplates = { plane: string; satellite: string };
export const NO_TILES: MapTileTemplates = { plane: '', satellite: '' };

/** The template a base draws ('' = the plain background only). */
export const tileUrlFor = (kind: MapBaseKind, tiles: MapTileTemplates): string =>
  (kind === 'satellite' ? tiles.satellite : tiles.plane).trim();

/** the plain background of each base */
export const BASE_BACKGROUND: Record<MapBaseKind, string> = {
  plane: '#0a1f44',
  '3d': '#071633',
  satellite: '#0b1a24',
};

/** how far (pixels) the 3D view raises a village's slab and a building's block */
export const SLAB_PX = 10;
export const BLOCK_PX = 16;
