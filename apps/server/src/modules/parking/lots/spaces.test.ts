import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScreenConfig } from '@5a/contracts';
import { openDemo, type DemoApp } from '../../estate/testing.ts';

const B = '/Web/Parking/Space';

describe('parking spaces (车位管理)', () => {
  let { t, property, propertyb, ids } = {} as DemoApp;
  let lot: number;
  beforeAll(async () => {
    ({ t, property, propertyb, ids } = await openDemo());
    const r = await t.post<{ id: number }>(
      '/Web/Internet/ParkingBox/add',
      { row: { village_id: ids.jade.id, name: '地下车库', code: 'SPACE-T', status: 1 } },
      property,
    );
    expect(r.body.code, r.body.msg).toBe(0);
    lot = r.body.data.id;
  });
  afterAll(() => t.close());

  const generate = (data: Record<string, unknown>, token = property) =>
    t.post<{ inserted: number; skipped: number }>(`${B}/generate`, { data: { lot_id: lot, ...data } }, token);
  const numbers = async () =>
    (
      await t.rows<{ space_no: string }>(
        sql`select space_no from parking_spaces where lot_id = ${lot} order by space_no`,
      )
    ).map((r) => r.space_no);

  it('offers 批量生成 in the toolbar', async () => {
    const c = await t.post<ScreenConfig>(`${B}/listConfig`, {}, property);
    expect(c.body.data.toolbar.map((b) => b.type)).toContain('parkingSpaceGenerate');
  });

  it('writes prefixed, zero-padded numbers in the village of the lot, and adds nothing the second time', async () => {
    const r = await generate({ prefix: 'B1-', start: 1, end: 300, pad: 3 });
    expect(r.body.code, r.body.msg).toBe(0);
    expect(r.body.data).toEqual({ inserted: 300, skipped: 0 });
    const all = await numbers();
    expect(all).toHaveLength(300);
    expect([all[0], all[99], all[299]]).toEqual(['B1-001', 'B1-100', 'B1-300']);
    const villages = await t.rows<{ village_id: number }>(
      sql`select distinct village_id from parking_spaces where lot_id = ${lot}`,
    );
    expect(villages).toEqual([{ village_id: ids.jade.id }]);
    const again = await generate({ prefix: 'B1-', start: 1, end: 300, pad: 3 });
    expect(again.body.code).not.toBe(0);
    expect(again.body.msg).toBe('这300个车位已全部存在，无需重复生成');
    expect(await numbers()).toHaveLength(300);
  });

  it('skips the numbers that exist and never shortens a number longer than the padding', async () => {
    const r = await generate({ prefix: 'B1-', start: 299, end: 1002, pad: 3 });
    expect(r.body.data).toEqual({ inserted: 702, skipped: 2 });
    expect(await numbers()).toContain('B1-1002');
    const dup = await t.post(`${B}/add`, { row: { lot_id: lot, space_no: 'B1-001', type: 1 } }, property);
    expect(dup.body.msg).toBe('车位编号已存在');
  });

  it('refuses a reversed or oversized range, and another company', async () => {
    expect((await generate({ start: 10, end: 1 })).body.msg).toBe('结束编号不能小于起始编号');
    expect((await generate({ start: 1, end: 5000 })).body.msg).toBe('一次最多生成2000个车位');
    const theirs = await generate({ prefix: 'X', start: 1, end: 3 }, propertyb);
    expect(theirs.body.code).not.toBe(0);
    expect(
      (await t.one<{ n: number }>(sql`select count(*)::int n from parking_spaces where space_no like 'X%'`)).n,
    ).toBe(0);
  });
});
