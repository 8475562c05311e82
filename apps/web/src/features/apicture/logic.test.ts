import { describe, expect, it } from 'vitest';
import type { ApictureLayers, ApictureSearchHit, ApictureVillage, ApictureVillageInfo } from '@5a/contracts';
import {
  countCards,
  DEFAULT_LAYERS,
  expiryText,
  hitWhere,
  introFigures,
  layerPoints,
  marksExtentPoints,
  togglePanel,
  villageMarks,
  wireTime,
} from './logic.ts';

const v = (over: Partial<ApictureVillage>): ApictureVillage => ({
  id: 1,
  name: '阳光花园',
  lonlat: '',
  geom: '',
  tenantName: '阳光物业',
  address: '文三路',
  ...over,
});

describe('一张图 logic', () => {
  it('marks a village at its location, else at its hot area’s centre, else nowhere', () => {
    const area = '120.1,30.1;120.2,30.1;120.2,30.2--120.15,30.12--#ff0000--#00ff00';
    const [a, b, c] = villageMarks([
      v({ id: 1, lonlat: '120.1301,30.2789', geom: area }),
      v({ id: 2, geom: area }),
      v({ id: 3, lonlat: 'nonsense' }),
    ]);
    expect(a).toMatchObject({ point: [120.1301, 30.2789], fill: '#ff0000', border: '#00ff00' });
    expect(a!.ring).toHaveLength(3);
    expect(b!.point).toEqual([120.15, 30.12]);
    expect(c).toMatchObject({ point: null, ring: null });
    expect(marksExtentPoints([a!, c!])).toHaveLength(4);
  });

  it('lists the counters in order with 0 before the data arrives', () => {
    expect(countCards(undefined).map((c) => [c.title, c.num])).toEqual([
      ['物业公司', 0],
      ['小区', 0],
      ['楼栋', 0],
      ['房屋', 0],
      ['业主', 0],
      ['住户', 0],
    ]);
    const cards = countCards({ village: 4, building: 9, house: 80, owner: 50, person: 120, tenant: 2 });
    expect(cards.map((c) => c.num)).toEqual([2, 4, 9, 80, 50, 120]);
  });

  it('says where a hit is by its kind', () => {
    const hit: ApictureSearchHit = {
      type: 'person',
      id: 5,
      name: '张三',
      villageId: 1,
      villageName: '阳光花园',
      building: '1栋',
      house: '1单元101',
      detail: '阳光物业',
    };
    expect(hitWhere(hit)).toBe('阳光花园 1栋 1单元101');
    expect(hitWhere({ ...hit, type: 'building', building: '1栋' })).toBe('阳光花园 · 阳光物业');
    expect(hitWhere({ ...hit, type: 'village', detail: '文三路 188 号' })).toBe('文三路 188 号');
  });

  it('writes the expiry with its days left, lapsed or long-term', () => {
    expect(expiryText({ expireDate: '', daysLeft: null })).toBe('长期');
    expect(expiryText({ expireDate: '2026-01-10', daysLeft: 5 })).toBe('2026-01-10（剩余5天）');
    expect(expiryText({ expireDate: '2026-01-01', daysLeft: -3 })).toBe('2026-01-01（已过期 3 天）');
    expect(expiryText({ expireDate: '2026-01-05', daysLeft: 0 })).toBe('2026-01-05（今天到期）');
  });

  it('keeps the left panels exclusive: opening one closes the other, its button again closes it', () => {
    expect(togglePanel(null, 'intro')).toBe('intro');
    expect(togglePanel('intro', 'search')).toBe('search');
    expect(togglePanel('search', 'dispatch')).toBe('dispatch');
    expect(togglePanel('dispatch', 'dispatch')).toBeNull();
  });

  it('places the shown layers’ markers: at their own spot, else around their village, the same each time', () => {
    const empty = { building: [], resident: [], door: [], lane: [], camera: [], repair: [], patrol: [], worker: [] };
    const layers: ApictureLayers = {
      ...empty,
      vid: 1,
      truncated: [],
      building: [{ id: 1, name: '1幢', villageId: 1, lonlat: '120.1,30.2', state: 1 }],
      camera: [
        { id: 7, name: '东门', villageId: 1, lonlat: '', state: 1 },
        { id: 8, name: '西门', villageId: 1, lonlat: '', state: 2 },
      ],
      resident: [{ id: 3, name: '张三', villageId: 1, lonlat: '120.1,30.2', state: 1 }],
    };
    const villages = [{ id: 1, point: [120.13, 30.27] as [number, number] }];
    const points = layerPoints(layers, DEFAULT_LAYERS, villages);
    expect(points.map((p) => [p.kind, p.id])).toEqual([
      ['building', 1],
      ['camera', 7],
      ['camera', 8],
    ]);
    expect(points[0]!.point).toEqual([120.1, 30.2]);
    expect(points[1]!.point).not.toEqual(points[2]!.point);
    expect(points[2]!.off).toBe(true);
    expect(layerPoints(layers, DEFAULT_LAYERS, villages)).toEqual(points);
    expect(layerPoints(layers, new Set(['resident']), villages).map((p) => p.kind)).toEqual(['resident']);
    expect(layerPoints(undefined, DEFAULT_LAYERS, villages)).toEqual([]);
  });

  it('groups a village’s figures by the intro’s tabs', () => {
    const info = {
      buildings: 6,
      houses: 208,
      owners: 156,
      residents: 333,
      renters: 57,
      occupancyRate: 75,
      workers: 6,
      parkingSpaces: 60,
      repairs: 25,
      repairsOpen: 13,
      repairsDone: 12,
      reports: 4,
      visitorsToday: 2,
      patrolTasksToday: 2,
      patrolDoneToday: 1,
      doors: 3,
      doorsOnline: 2,
      lanes: 2,
      cameras: 7,
      passagesToday: 0,
      carsToday: 3,
      openAlerts: 8,
    } as ApictureVillageInfo;
    expect(introFigures(info, 'manage').map((f) => f.num)).toEqual([6, 208, 156, 333, 57, '75%', 6, 60]);
    expect(introFigures(info, 'service').find((f) => f.key === 'patrol')?.num).toBe('1/2');
    expect(introFigures(info, 'sense').find((f) => f.key === 'doors')?.num).toBe('2/3');
  });

  it('writes a picked time as the server reads it', () => {
    expect(wireTime(new Date(2026, 0, 5, 9, 7, 33))).toBe('2026-01-05 09:07:00');
  });
});
