import { describe, expect, it } from 'vitest';
import { NO_TILES, tileUrlFor } from './mapBase.ts';

describe('kit map bases', () => {
  const tiles = { plane: 'https://t/{z}/{x}/{y}.png', satellite: ' https://s/{z}/{x}/{y}.jpg ' };
  it('draws the plane tiles for 平面 and 3D, the satellite ones for 卫星', () => {
    expect(tileUrlFor('plane', tiles)).toBe(tiles.plane);
    expect(tileUrlFor('3d', tiles)).toBe(tiles.plane);
    expect(tileUrlFor('satellite', tiles)).toBe('https://s/{z}/{x}/{y}.jpg');
  });
  it('has no tiles without templates: the plain background is the map', () => {
    for (const k of ['plane', '3d', 'satellite'] as const) expect(tileUrlFor(k, NO_TILES)).toBe('');
  });
});
