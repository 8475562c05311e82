import { describe, expect, it } from 'vitest';
import type { ApictureSearchHit, ApictureVillage } from '@5a/contracts';
import { countCards, expiryText, hitWhere, marksExtentPoints, villageMarks } from './apictureLogic.ts';

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
});
