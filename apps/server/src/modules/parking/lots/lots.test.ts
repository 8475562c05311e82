import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListReply, ScreenConfig } from '@5a/contracts';
import { openDemo, type DemoApp } from '../../estate/testing.ts';
import { plateKind } from '../plate.ts';

const LOT = '/Web/Internet/ParkingBox';
const GATE = '/Web/Internet/ParkingGate';

describe('parking lots and their lanes (停车场)', () => {
  let { t, property, propertyb, ids } = {} as DemoApp;
  beforeAll(async () => ({ t, property, propertyb, ids } = await openDemo()));
  afterAll(() => t.close());

  const addLot = async (row: Record<string, unknown>, token = property) =>
    t.post<{ id: number }>(`${LOT}/add`, { row: { village_id: ids.sunshine.id, status: 1, ...row } }, token);

  it('declares the lot screen with its lanes below it', async () => {
    const r = await t.post<ScreenConfig>(`${LOT}/listConfig`, {}, property);
    expect(r.body.code, r.body.msg).toBe(0);
    expect(r.body.data.footerTables).toEqual([
      expect.objectContaining({ title: '车道', route: `${GATE}/listConfig`, remoteKey: 'lot_id' }),
    ]);
    const g = await t.post<ScreenConfig>(`${GATE}/listConfig`, {}, property);
    expect(g.body.code, g.body.msg).toBe(0);
    expect(g.body.data.fields.find((f) => f.prop === 'direction')?.options?.map((o) => o.label)).toEqual([
      '入口',
      '出口',
    ]);
  });

  it('stores prices in fen, answers yuan, and refuses a code the company already uses', async () => {
    const r = await addLot({ name: '南门停车场', code: 'P-SOUTH', hour_price: '3.50', day_cap: 30, capacity: 120 });
    expect(r.body.code, r.body.msg).toBe(0);
    const stored = await t.one<{ hour_price: string; day_cap: string; free_minutes: number }>(
      sql`select hour_price, day_cap, free_minutes from parking_lots where id = ${r.body.data.id}`,
    );
    expect([Number(stored.hour_price), Number(stored.day_cap), stored.free_minutes]).toEqual([350, 3000, 15]);
    const detail = await t.post<Record<string, unknown>>(
      `${LOT}/detail?return=result`,
      { id: r.body.data.id },
      property,
    );
    expect(detail.body.data.hour_price).toBe('3.50');
    const dup = await addLot({ name: '另一个', code: 'P-SOUTH' });
    expect(dup.body.code).not.toBe(0);
    expect(dup.body.msg).toBe('停车场编号已存在');
  });

  it('gives a new lane a signing key shown in its detail only, in the village of its lot', async () => {
    const lot = (await addLot({ name: '西门停车场', code: 'P-WEST', village_id: ids.jade.id })).body.data.id;
    const r = await t.post<{ id: number }>(
      `${GATE}/add`,
      { row: { lot_id: lot, name: '西门入口', parkcode: 'CAM-W1', direction: 1, status: 1, secret: 'mine' } },
      property,
    );
    expect(r.body.code, r.body.msg).toBe(0);
    const row = await t.one<{ secret: string; village_id: number }>(
      sql`select secret, village_id from parking_gates where id = ${r.body.data.id}`,
    );
    expect(row.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(row.village_id).toBe(ids.jade.id);
    const detail = await t.post<{ secret: string }>(`${GATE}/detail?return=result`, { id: r.body.data.id }, property);
    expect(detail.body.data.secret).toBe(row.secret);
    const list = await t.post<ListReply>(`${GATE}/list`, { current: 1, size: 20, lot_id: lot }, property);
    expect(list.body.data.records).toHaveLength(1);
    expect(list.body.data.records[0]).not.toHaveProperty('secret');
    // editing the lane keeps its key
    await t.post(`${GATE}/edit`, { id: r.body.data.id, row: { name: '西门入口1' } }, property);
    expect(
      (await t.one<{ secret: string }>(sql`select secret from parking_gates where id = ${r.body.data.id}`)).secret,
    ).toBe(row.secret);
    const dup = await t.post(
      `${GATE}/add`,
      { row: { lot_id: lot, name: 'x', parkcode: 'CAM-W1', direction: 2, status: 1 } },
      property,
    );
    expect(dup.body.msg).toBe('设备编号已存在');
  });

  it("keeps one company's lots from another", async () => {
    const lot = (await addLot({ name: '东门停车场', code: 'P-EAST' })).body.data.id;
    const seen = await t.post<Record<string, unknown>>(`${LOT}/detail?return=result`, { id: lot }, propertyb);
    expect(seen.body.code).not.toBe(0);
    const lane = await t.post(
      `${GATE}/add`,
      { row: { lot_id: lot, name: 'x', parkcode: 'B-1', direction: 1, status: 1 } },
      propertyb,
    );
    expect(lane.body.code).not.toBe(0);
    expect(await t.one<{ n: number }>(sql`select count(*)::int n from parking_gates where parkcode = 'B-1'`)).toEqual({
      n: 0,
    });
  });

  it("seeds company A's two car parks with their lanes, spaces and residents' cars", async () => {
    const lots = await t.rows<{ village_id: number; gates: string; spaces: number }>(
      sql`select l.village_id, (select string_agg(g.direction::text, ',' order by g.direction) from parking_gates g where g.lot_id = l.id) gates,
            (select count(*)::int from parking_spaces s where s.lot_id = l.id) spaces
          from parking_lots l where l.code in ('YG-P1', 'CH-P1') order by l.code desc`,
    );
    expect(lots).toEqual([
      { village_id: ids.sunshine.id, gates: '1,2', spaces: 60 },
      { village_id: ids.jade.id, gates: '1,2', spaces: 60 },
    ]);
    const cars = await t.rows<{ plate: string; person_id: number | null }>(
      sql`select plate, person_id from vehicles where tenant_id = ${ids.tenantA} and plate like '浙%'`,
    );
    expect(cars).toHaveLength(12);
    for (const c of cars) {
      expect(plateKind(c.plate), c.plate).not.toBeNull();
      expect(c.person_id).not.toBeNull();
    }
  });
});
