import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListReply } from '@5a/contracts';
import { openDemo, type DemoApp } from '../../estate/testing.ts';

const B = '/Web/Parking/Car';

describe('vehicles (车辆管理)', () => {
  let { t, property, propertyb, ids } = {} as DemoApp;
  let resident: { id: number; village_id: number };
  beforeAll(async () => {
    ({ t, property, propertyb, ids } = await openDemo());
    resident = await t.one(
      sql`select id, village_id from gate_persons where village_id = ${ids.jade.id} order by id limit 1`,
    );
  });
  afterAll(() => t.close());

  const add = (row: Record<string, unknown>, token = property) =>
    t.post<{ id: number }>(`${B}/add`, { row: { village_id: ids.sunshine.id, car_type: 1, status: 1, ...row } }, token);

  it('refuses a malformed plate naming the field, and stores a typed one upper-cased', async () => {
    for (const plate of ['京A1234O', '京A1234', 'AB12345', '沪AX12345']) {
      const r = await add({ plate });
      expect(r.body.code, plate).not.toBe(0);
      expect(r.body.msg).toBe('车牌号格式错误');
      expect(JSON.stringify(r.body)).toContain('plate');
    }
    const ok = await add({ plate: '京a 12345' });
    expect(ok.body.code, ok.body.msg).toBe(0);
    expect((await t.one<{ plate: string }>(sql`select plate from vehicles where id = ${ok.body.data.id}`)).plate).toBe(
      '京A12345',
    );
    expect((await add({ plate: '沪AD12345' })).body.code).toBe(0);
  });

  it('registers an active plate once per company; a deactivated one frees it', async () => {
    const first = (await add({ plate: '粤B11111' })).body.data.id;
    const dup = await add({ plate: '粤B11111', village_id: ids.jade.id });
    expect(dup.body.msg).toBe('该车牌已登记');
    await t.post(`${B}/edit`, { id: first, row: { status: 2 } }, property);
    const again = await add({ plate: '粤B11111' });
    expect(again.body.code, again.body.msg).toBe(0);
    // turning the old row back on would make two active registrations
    const back = await t.post(`${B}/edit`, { id: first, row: { status: 1 } }, property);
    expect(back.body.msg).toBe('该车牌已登记');
    // another company may register the same plate: the rule is per company
    await t.db.execute(
      sql`insert into vehicles (tenant_id, village_id, plate) values (${ids.tenantB}, ${ids.anju.id}, '粤B11111')`,
    );
    expect(
      (await t.one<{ n: number }>(sql`select count(*)::int n from vehicles where plate = '粤B11111' and status = 1`)).n,
    ).toBe(2);
  });

  it("puts the car in its owner's village and keeps other companies out", async () => {
    const r = await add({ plate: '浙C22222', person_id: resident.id });
    expect(r.body.code, r.body.msg).toBe(0);
    expect(
      (await t.one<{ village_id: number }>(sql`select village_id from vehicles where id = ${r.body.data.id}`))
        .village_id,
    ).toBe(resident.village_id);
    const mine = await t.post<ListReply>(`${B}/list`, { current: 1, size: 50, plate: '浙C22222' }, property);
    expect(mine.body.data.records).toHaveLength(1);
    const peek = await t.post(`${B}/detail?return=result`, { id: r.body.data.id }, propertyb);
    expect(peek.body.code).not.toBe(0);
    const steal = await t.post(
      `${B}/add`,
      { row: { village_id: ids.anju.id, plate: '浙C33333', person_id: resident.id, car_type: 1, status: 1 } },
      propertyb,
    );
    expect(steal.body.code).not.toBe(0);
  });
});
