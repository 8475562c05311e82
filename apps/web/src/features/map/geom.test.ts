import { describe, expect, it } from 'vitest';
import {
  DEFAULT_BORDER,
  DEFAULT_FILL,
  formatGeom,
  formatPoint,
  geomSummary,
  hasLocation,
  normalizeColor,
  parseGeom,
  parsePoint,
  parseRing,
  pointInRing,
  ringCentre,
  type LonLat,
} from './geom.ts';

const square: LonLat[] = [
  [120.1285, 30.2801],
  [120.1318, 30.2803],
  [120.132, 30.2776],
  [120.1283, 30.2774],
];

describe('point', () => {
  it("formats 'lon,lat' with six decimals", () => {
    expect(formatPoint([120.1301, 30.2789])).toBe('120.130100,30.278900');
  });
  it('parses the stored form and forgiving spellings', () => {
    expect(parsePoint('120.1301,30.2789')).toEqual([120.1301, 30.2789]);
    expect(parsePoint(' 120.1301 , 30.2789 ')).toEqual([120.1301, 30.2789]);
    expect(parsePoint('120.1301 30.2789')).toEqual([120.1301, 30.2789]);
    expect(parsePoint('120.1301，30.2789')).toEqual([120.1301, 30.2789]);
    expect(parsePoint('[120.1301,30.2789]')).toEqual([120.1301, 30.2789]);
    expect(parsePoint([120.1301, 30.2789])).toEqual([120.1301, 30.2789]);
    expect(parsePoint({ lng: 120.1301, lat: 30.2789 })).toEqual([120.1301, 30.2789]);
  });
  it('rejects empty, malformed and out-of-range values', () => {
    for (const bad of ['', '  ', '120.1', 'a,b', '200,30', '120,95', '1,2,3', null, undefined, 5, ','])
      expect(parsePoint(bad)).toBeNull();
  });
  it('round-trips', () => {
    const p = parsePoint(formatPoint([-73.985656, 40.748433]))!;
    expect(formatPoint(p)).toBe('-73.985656,40.748433');
  });
});

describe('geom', () => {
  it('formats ring;…--centre--fill--border as the server stores it', () => {
    const text = formatGeom({
      ring: square,
      centre: [120.1301, 30.2789],
      fill: 'rgba(255,0,0,0.5)',
      border: '#00ff00',
    });
    expect(text).toBe(
      '120.128500,30.280100;120.131800,30.280300;120.132000,30.277600;120.128300,30.277400--120.130100,30.278900--rgba(255,0,0,0.5)--#00ff00',
    );
  });
  it('defaults to the semi-transparent blue and the centroid', () => {
    const g = parseGeom(formatGeom({ ring: square }))!;
    expect(g.fill).toBe(DEFAULT_FILL);
    expect(g.border).toBe(DEFAULT_BORDER);
    expect(g.centre![0]).toBeCloseTo(120.13015, 3);
    expect(g.centre![1]).toBeCloseTo(30.27885, 3);
  });
  it('round-trips parse → format → parse', () => {
    const text = formatGeom({
      ring: square,
      centre: [120.13, 30.279],
      fill: 'rgba(24,144,255,0.3)',
      border: '#1890ff',
    });
    const g = parseGeom(text)!;
    expect(g.ring).toEqual(square);
    expect(g.centre).toEqual([120.13, 30.279]);
    expect(formatGeom(g)).toBe(text);
  });
  it('reads the seeded server value', () => {
    const g = parseGeom(
      '120.1285,30.2801;120.1318,30.2803;120.1320,30.2776;120.1283,30.2774--120.1301,30.2789--rgba(24,144,255,0.3)--#1890ff',
    )!;
    expect(g.ring).toHaveLength(4);
    expect(g.centre).toEqual([120.1301, 30.2789]);
    expect(g.fill).toBe('rgba(24,144,255,0.3)');
  });
  it('drops a closing point and accepts WKT-like and JSON rings', () => {
    const closed = [...square, square[0]!].map(([x, y]) => `${x},${y}`).join(';');
    expect(parseRing(closed)).toEqual(square);
    expect(parseRing('120.1285 30.2801,120.1318 30.2803,120.132 30.2776,120.1283 30.2774')).toEqual(square);
    expect(
      parseRing('POLYGON((120.1285 30.2801, 120.1318 30.2803, 120.132 30.2776, 120.1283 30.2774, 120.1285 30.2801))'),
    ).toEqual(square);
    expect(parseRing(JSON.stringify(square))).toEqual(square);
    expect(parseRing(JSON.stringify([square]))).toEqual(square);
  });
  it('falls back on bad colours and an empty centre, and rejects fewer than three points', () => {
    const g = parseGeom('120.1,30.1;120.2,30.1;120.2,30.2----purple-ish--')!;
    expect(g.fill).toBe(DEFAULT_FILL);
    expect(g.border).toBe(DEFAULT_BORDER);
    expect(g.centre).not.toBeNull();
    expect(parseGeom('120.1,30.1;120.2,30.1')).toBeNull();
    expect(parseGeom('120.1,30.1;abc;120.2,30.2')).toBeNull();
    expect(parseGeom('')).toBeNull();
    expect(parseGeom(undefined)).toBeNull();
    expect(formatGeom({ ring: square.slice(0, 2) })).toBe('');
  });
  it('summarises and tells whether a record has a location', () => {
    expect(geomSummary(formatGeom({ ring: square }))).toBe('已设置热区（4 个点）');
    expect(geomSummary('x')).toBe('');
    expect(hasLocation('', '')).toBe(false);
    expect(hasLocation('120.1,30.2', '')).toBe(true);
    expect(hasLocation('', formatGeom({ ring: square }))).toBe(true);
  });
});

describe('colours', () => {
  it('keeps opaque colours as hex and translucent ones as rgba with two decimals', () => {
    expect(normalizeColor('rgb(24, 144, 255)')).toBe('#1890ff');
    expect(normalizeColor('rgba(24,144,255,1)')).toBe('#1890ff');
    expect(normalizeColor('rgba(24, 144, 255, 0.30196)')).toBe('rgba(24,144,255,0.3)');
    expect(normalizeColor('#1890FF')).toBe('#1890ff');
    expect(normalizeColor('#fff')).toBe('#ffffff');
    expect(normalizeColor('#1890ff80')).toBe('rgba(24,144,255,0.5)');
    expect(normalizeColor('rgba(0,0,0,0)')).toBe('rgba(0,0,0,0)');
    expect(normalizeColor('blue')).toBeNull();
    expect(normalizeColor(3)).toBeNull();
  });
});

describe('ring helpers', () => {
  it('finds the centre of a square and whether points are inside', () => {
    const unit: LonLat[] = [
      [0, 0],
      [2, 0],
      [2, 2],
      [0, 2],
    ];
    expect(ringCentre(unit)).toEqual([1, 1]);
    expect(pointInRing([1, 1], unit)).toBe(true);
    expect(pointInRing([3, 1], unit)).toBe(false);
  });
});
