import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, type Envelope, type ListReply } from '@5a/contracts';
import { openDemo, type DemoApp } from '../../estate/testing.ts';
import { postGateEvent, shanghaiAgo as ago } from './testing.ts';
import { signEvent } from '../../../core/auth/device-signature.ts';
import type { GateEventReply } from './ingest.ts';

const URL = '/xapi/Parking/Gate/event';
type Lane = { code: string; secret: string };

describe('barrier camera events (道闸抓拍) and their decisions', () => {
  let { t, property, propertyb, ids } = {} as DemoApp;
  let lotA: number;
  let lotB: number;
  const inA: Lane = { code: 'CAM-IN', secret: 'secret-a-in' };
  const outA: Lane = { code: 'CAM-OUT', secret: 'secret-a-out' };
  // company B happens to use the same device code with its own key
  const inB: Lane = { code: 'CAM-IN', secret: 'secret-b-in' };

  const send = (lane: Lane, body: Record<string, unknown>, over: { timestamp?: string; signature?: string } = {}) =>
    postGateEvent(t.app, lane, body, over);
  const count = async () => (await t.one<{ n: number }>(sql`select count(*)::int as n from gate_events`)).n;
  const lot = async (tenant: number, village: number, code: string) =>
    (
      await t.one<{
        id: number;
      }>(sql`insert into parking_lots (tenant_id, village_id, name, code, free_minutes, hour_price, day_cap)
        values (${tenant}, ${village}, ${`停车场${code}`}, ${code}, 15, 500, 3000) returning id`)
    ).id;
  const lane = async (tenant: number, village: number, lotId: number, l: Lane, direction: number) =>
    t.db.execute(sql`insert into parking_gates (tenant_id, village_id, lot_id, name, parkcode, direction, secret)
      values (${tenant}, ${village}, ${lotId}, ${l.code}, ${l.code}, ${direction}, ${l.secret})`);

  beforeAll(async () => {
    ({ t, property, propertyb, ids } = await openDemo());
    lotA = await lot(ids.tenantA, ids.sunshine.id, 'A1');
    lotB = await lot(ids.tenantB, ids.anju.id, 'B1');
    await lane(ids.tenantA, ids.sunshine.id, lotA, inA, 1);
    await lane(ids.tenantA, ids.sunshine.id, lotA, outA, 2);
    await lane(ids.tenantB, ids.anju.id, lotB, inB, 1);
    // company A's cameras keep their snapshots on its own image host
    await t.db.execute(sql`insert into configs (tenant_id, name, config_key, config_value)
      values (${ids.tenantA}, '道闸抓拍图片地址', 'parking_picture_prefixes', 'https://cam/  https://img.example.com/snap')`);
    // 京A12345 holds a monthly card for lot A covering today
    const v = await t.one<{ id: number }>(sql`insert into vehicles (tenant_id, village_id, plate)
      values (${ids.tenantA}, ${ids.sunshine.id}, '京A12345') returning id`);
    await t.db.execute(sql`insert into monthly_cards (tenant_id, village_id, vehicle_id, lot_id, start_date, end_date)
      values (${ids.tenantA}, ${ids.sunshine.id}, ${v.id}, ${lotA}, current_date - 10, current_date + 20)`);
  });
  afterAll(() => t.close());

  it('refuses a request without device headers, with a stale timestamp, from an unknown device or badly signed', async () => {
    const body = { event_id: 'r1', plate: '京B00001', direction: 1 };
    const before = await count();
    const bare = await t.app.inject({ method: 'POST', url: URL, payload: body });
    expect((bare.json() as Envelope<null>).code).toBe(Code.forbidden);
    const stale = await send(inA, body, { timestamp: String(Date.now() - 301_000) });
    expect([stale.code, stale.msg]).toEqual([Code.staleTimestamp, '请求时间戳已过期']);
    const unknown = await send({ code: 'NOPE', secret: 'x' }, body);
    expect([unknown.code, unknown.msg]).toEqual([Code.forbidden, '设备未登记']);
    const forged = await send({ ...inA, secret: 'guessed' }, body);
    expect([forged.code, forged.msg]).toEqual([Code.forbidden, '设备签名错误']);
    // a body changed after signing
    const ts = String(Date.now());
    const sig = signEvent(inA.secret, ts, JSON.stringify(body));
    const tampered = await send(inA, { ...body, plate: '京B00002' }, { timestamp: ts, signature: sig });
    expect(tampered.code).toBe(Code.forbidden);
    expect(await count()).toBe(before);
  });

  it('checks the signature over the bytes as sent, and answers a body that is not JSON with 400', async () => {
    const post = (payload: string) => {
      const ts = String(Date.now());
      return t.app.inject({
        method: 'POST',
        url: URL,
        payload,
        headers: {
          'content-type': 'application/json',
          'x-device-code': inA.code,
          'x-timestamp': ts,
          'x-signature': signEvent(inA.secret, ts, payload),
        },
      });
    };
    const before = await count();
    // a camera that pretty-prints its JSON signs those bytes, not a re-serialised copy
    const spaced = await post('{ "event_id": "raw-1",\n  "plate": "京D00001", "direction": 1 }');
    expect((spaced.json() as Envelope<GateEventReply>).data).toMatchObject({ plate: '京D00001', decision: 'open' });
    const broken = await post('{"event_id": "raw-2", "plate": ');
    expect(broken.statusCode).toBe(400);
    expect((broken.json() as Envelope<null>).code).toBe(400);
    const empty = await post('');
    expect(empty.statusCode).toBe(400);
    expect(await count()).toBe(before + 1);
  });

  it('records a replayed event once and answers it with the first decision', async () => {
    const body = { event_id: 'rep-1', plate: '京C00001', direction: 1, time: ago(30) };
    const first = await send(inA, body);
    expect(first.code, first.msg).toBe(0);
    expect(first.data).toMatchObject({ decision: 'open', reason: '临时车', replay: false });
    const again = await send(inA, body);
    expect(again.data).toMatchObject({ id: first.data.id, decision: 'open', reason: '临时车', replay: true });
    expect(
      (await t.one<{ n: number }>(sql`select count(*)::int as n from gate_events where event_id = 'rep-1'`)).n,
    ).toBe(1);
  });

  it('opens for a monthly card both ways and stops a temporary car that owes a fee', async () => {
    expect((await send(inA, { event_id: 'c-in', plate: '京A12345', direction: 1, time: ago(300) })).data).toMatchObject(
      {
        decision: 'open',
        reason: '月卡',
      },
    );
    expect((await send(outA, { event_id: 'c-out', plate: '京A12345', direction: 2 })).data).toMatchObject({
      decision: 'open',
      reason: '月卡',
      fee: '0.00',
    });
    // a temporary car in for 2.5 hours: three started hours at 5.00
    await send(inA, {
      event_id: 't-in',
      plate: '沪D11111',
      direction: 1,
      time: ago(150),
      picture: 'https://cam/1.jpg',
    });
    const out = await send(outA, { event_id: 't-out', plate: '沪D11111', direction: 2 });
    expect(out.data).toMatchObject({ decision: 'deny', reason: '未缴费', fee: '15.00' });
    // within the free minutes it leaves free, and that entry is then closed
    await send(inA, { event_id: 'f-in', plate: '沪D22222', direction: 1, time: ago(10) });
    expect((await send(outA, { event_id: 'f-out', plate: '沪D22222', direction: 2 })).data).toMatchObject({
      decision: 'open',
      reason: '临时车',
    });
    expect((await send(outA, { event_id: 'f-out2', plate: '沪D22222', direction: 2 })).data).toMatchObject({
      decision: 'deny',
      reason: '无入场记录',
    });
    const stored = await t.one<{ fee: string; picimg: string }>(
      sql`select e.fee::text, n.picimg from gate_events e join gate_events n on n.id = e.entry_id where e.event_id = 't-out'`,
    );
    expect(stored).toEqual({ fee: '1500', picimg: 'https://cam/1.jpg' });
  });

  it("tells companies sharing a device code apart by key, and one company's card opens nothing of another", async () => {
    const r = await send(inB, { event_id: 'b-1', plate: '京A12345', direction: 1 });
    expect(r.data).toMatchObject({ decision: 'open', reason: '临时车' });
    const row = await t.one<{ tenant_id: number; lot_id: number }>(
      sql`select tenant_id, lot_id from gate_events where event_id = 'b-1'`,
    );
    expect(row).toEqual({ tenant_id: ids.tenantB, lot_id: lotB });
  });

  it('refuses a capture time far from the signed timestamp, naming time, and the next event of anyone still passes', async () => {
    const before = await count();
    const at = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
    const bad = [
      '0000-01-01 00:00:00',
      '9999-12-31 23:59:59',
      '2026-02-30 10:00:00',
      at(Date.now() - 2 * 24 * 3600_000),
      at(Date.now() + 10 * 60_000),
    ];
    for (const [i, time] of bad.entries()) {
      for (const direction of [1, 2]) {
        const r = await send(direction === 1 ? inA : outA, {
          event_id: `bad-${i}-${direction}`,
          plate: '沪D44444',
          direction,
          time,
        });
        expect(r.code, time).toBe(Code.validation);
        expect(r.msg, time).toMatch(/^time/);
      }
    }
    expect(await count()).toBe(before);
    // another company's camera right after: unaffected
    const next = await send(inB, { event_id: 'b-after-bad', plate: '京A54321', direction: 1 });
    expect([next.code, next.msg]).toEqual([0, 'success']);
    // a capture time at the edges of the window is taken: a day back (a camera sending what it kept offline)
    const late = await send(inA, { event_id: 'late-1', plate: '沪D44444', direction: 1, time: ago(23 * 60) });
    expect(late.data).toMatchObject({ decision: 'open', reason: '临时车' });
  });

  it('does not charge an exit that claims a time before the car came in', async () => {
    await send(inA, { event_id: 'o-in', plate: '沪D55555', direction: 1, time: ago(30) });
    const early = await send(outA, { event_id: 'o-out', plate: '沪D55555', direction: 2, time: ago(90) });
    expect(early.data).toMatchObject({ decision: 'deny', reason: '无入场记录', fee: '0.00' });
    // the stay itself is still there to be paid at the real exit
    const out = await send(outA, { event_id: 'o-out2', plate: '沪D55555', direction: 2 });
    expect(out.data).toMatchObject({ decision: 'deny', reason: '未缴费', fee: '5.00' });
  });

  it('refuses a plate that is no plate, naming plate, and takes one written with a separator or in lower case', async () => {
    const before = await count();
    for (const plate of ['ABC', '京A1234', '京I12345', '京A123456', '<b>京A12345</b>', '无牌车', '', 7]) {
      const r = await send(inA, { event_id: `plate-${String(plate)}`, plate, direction: 1 });
      expect(r.code, String(plate)).toBe(Code.validation);
      expect(r.msg, String(plate)).toMatch(/^plate/);
      expect(r.data, String(plate)).toEqual({ field: 'plate' });
    }
    expect(await count()).toBe(before);
    const r = await send(inA, { event_id: 'plate-ok', plate: '沪d·66666', direction: 1 });
    expect(r.data).toMatchObject({ plate: '沪D66666', decision: 'open' });
    const ne = await send(inA, { event_id: 'plate-ne', plate: '沪AD12345', direction: 1 });
    expect(ne.data).toMatchObject({ plate: '沪AD12345', decision: 'open' });
  });

  it("takes a snapshot only from the company's own uploads or its allowed https hosts, naming picture", async () => {
    const own = `t${ids.tenantA}/202611/0f8fad5b-d9cb-469f-a165-70867728950e.jpg`;
    const others = `t${ids.tenantB}/202611/0f8fad5b-d9cb-469f-a165-70867728950e.jpg`;
    const before = await count();
    for (const picture of [
      'http://cam/1.jpg',
      'https://evil.example/1.jpg',
      'https://cam.evil.example/1.jpg',
      'https://img.example.com/other/1.jpg',
      'https://img.example.com.evil.io/snap/1.jpg',
      '/xapi/System/User/remove?ids=1',
      'javascript:alert(1)',
      'data:image/svg+xml;base64,PHN2Zy8+',
      others,
      '../../etc/passwd',
    ]) {
      const r = await send(inA, { event_id: `pic-${picture}`.slice(0, 64), plate: '沪D77777', direction: 1, picture });
      expect(r.code, picture).toBe(Code.validation);
      expect(r.msg, picture).toMatch(/^picture/);
      expect(r.data, picture).toEqual({ field: 'picture' });
    }
    // company B set no hosts: even company A's host is not its
    const b = await send(inB, { event_id: 'pic-b', plate: '沪D77777', direction: 1, picture: 'https://cam/1.jpg' });
    expect([b.code, b.data]).toEqual([Code.validation, { field: 'picture' }]);
    expect(await count()).toBe(before);
    for (const [i, picture] of [own, 'https://cam/2.jpg', 'https://img.example.com/snap/3.jpg'].entries()) {
      const r = await send(inA, { event_id: `pic-ok-${i}`, plate: '沪D77777', direction: 1, picture });
      expect(r.code, `${picture}: ${r.msg}`).toBe(0);
    }
    const stored = await t.rows<{ picimg: string }>(
      sql`select picimg from gate_events where event_id like 'pic-ok-%' order by event_id`,
    );
    expect(stored.map((r) => r.picimg)).toEqual([own, 'https://cam/2.jpg', 'https://img.example.com/snap/3.jpg']);
  });

  it('lists the passages to their own company only, and nobody writes them by hand', async () => {
    const list = async (token: string) =>
      (await t.post<ListReply>('/Web/Parking/Passage/list', { current: 1, size: 100 }, token)).body.data.records as {
        plate: string;
        decision: string;
        fee: string;
        lot_name: string;
        is_type: number;
      }[];
    const a = await list(property);
    expect(a.find((x) => x.plate === '沪D11111' && x.is_type === 2)).toMatchObject({
      decision: 'deny',
      fee: '15.00',
      lot_name: '停车场A1',
    });
    expect(a.some((x) => x.plate === '京A12345' && x.lot_name === '停车场B1')).toBe(false);
    // company B has not bought the parking service: the screen is not his
    const b = await t.post<ListReply>('/Web/Parking/Passage/list', { current: 1, size: 100 }, propertyb);
    expect(b.body.code).toBe(Code.forbidden);
    const add = await t.post('/Web/Parking/Passage/add', { row: { plate: '京X00000' } }, property);
    expect(add.body.code).not.toBe(0);
  });
});

describe('monthly-card packages (月卡套餐)', () => {
  let { t, property, ids } = {} as DemoApp;
  const B = '/Web/Parking/Package';
  beforeAll(async () => ({ t, property, ids } = await openDemo()));
  afterAll(() => t.close());

  it('sells months for a price in the village’s own car parks', async () => {
    const mk = async (tenant: number, village: number, code: string) =>
      (
        await t.one<{ id: number }>(sql`insert into parking_lots (tenant_id, village_id, name, code)
          values (${tenant}, ${village}, ${code}, ${code}) returning id`)
      ).id;
    const [p1, p2, other] = [
      await mk(ids.tenantA, ids.sunshine.id, 'P1'),
      await mk(ids.tenantA, ids.sunshine.id, 'P2'),
      await mk(ids.tenantA, ids.jade.id, 'P3'),
    ];
    const row = { village_id: ids.sunshine.id, name: '季卡', months: 3, price: '450.00', status: 1 };
    const ok = await t.post<{ id: number }>(`${B}/add`, { row: { ...row, lot_ids: [p1, p2] } }, property);
    expect(ok.body.code, ok.body.msg).toBe(0);
    const stored = await t.one<{ price: string; lot_ids: number[] }>(
      sql`select price::text, lot_ids from parking_packages where id = ${ok.body.data.id}`,
    );
    expect(stored).toEqual({ price: '45000', lot_ids: [p1, p2] });
    const list = await t.post<ListReply>(`${B}/list`, { current: 1, size: 10 }, property);
    expect(list.body.data.records[0]).toMatchObject({ name: '季卡', price: '450.00', lot_names: 'P1、P2' });

    const foreign = await t.post(`${B}/add`, { row: { ...row, lot_ids: [p1, other] } }, property);
    expect([foreign.body.code, foreign.body.msg]).toEqual([Code.validation, '适用停车场不属于所选小区']);
    const none = await t.post(`${B}/add`, { row: { ...row, lot_ids: [] } }, property);
    expect(none.body.code).toBe(Code.validation);
    const free = await t.post(`${B}/add`, { row: { ...row, price: '0', lot_ids: [p1] } }, property);
    expect(free.body.code).toBe(Code.validation);
  });
});
