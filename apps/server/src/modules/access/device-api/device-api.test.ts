import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, type ListReply } from '@5a/contracts';
import type { AccessEventReply, AccessDeviceSecret } from '@5a/contracts/endpoints/access';
import { signEvent } from '../../../core/auth/device-signature.ts';
import { openDemo, type DemoApp } from '../../estate/testing.ts';
import { bumpAccessVersion } from '../../rbac/index.ts';
import { postDevice, type TestDevice } from './testing.ts';
import { accessByHour, accessByMonth, deviceFigures } from '../index.ts';

const DEVICES = '/Web/Internet/AccessControlManagement';
const RECORDS = '/Web/Internet/AccessRecord';

let { t, property, propertyb, ids } = {} as DemoApp;
let gateA: TestDevice & { id: number };
let gateB: TestDevice & { id: number };
let residentA: { id: number; name: string; card: string };
let residentB: number;

const add = async (token: string, row: Record<string, unknown>) => {
  const res = await t.post<AccessDeviceSecret>(`${DEVICES}/addDevice`, { device_type: 2, status: 1, ...row }, token);
  expect(res.body.code, res.body.msg).toBe(0);
  return { id: res.body.data.id, code: res.body.data.gateno, secret: res.body.data.secret };
};
const event = (d: TestDevice, body: Record<string, unknown>, over = {}) =>
  postDevice<AccessEventReply>(t.app, 'event', d, body, over);
const records = async () => (await t.one<{ n: number }>(sql`select count(*)::int as n from access_records`)).n;

beforeAll(async () => {
  ({ t, property, propertyb, ids } = await openDemo());
  await t.db.execute(sql`insert into tenant_services (tenant_id, service_id, end_date)
    select ${ids.tenantB}, id, '2099-12-31' from services where code = 'access'`);
  bumpAccessVersion();
  // the same device code in both companies, each with its own key
  gateA = await add(property, { village_id: ids.sunshine.id, name: '测试东门', gateno: 'DOOR-1', direction: 1 });
  gateB = await add(propertyb, { village_id: ids.anju.id, name: '安居东门', gateno: 'DOOR-1', direction: 2 });
  residentA = await t.one(
    sql`update gate_persons set gate_card_id = 'CARD-A-1' where id = (select min(id) from gate_persons
      where village_id = ${ids.sunshine.id}) returning id, name, gate_card_id as card`,
  );
  residentB = (
    await t.one<{ id: number }>(sql`select min(id) as id from gate_persons where tenant_id = ${ids.tenantB}`)
  ).id;
});
afterAll(() => t.close());

describe('门禁设备接口：签名', () => {
  it('refuses a missing header, a stale timestamp, an unknown device and a forged signature, writing nothing', async () => {
    const before = await records();
    const body = { event_id: 'sig-1', open_type: 1 };
    const raw = JSON.stringify(body);
    const bare = await t.app.inject({
      method: 'POST',
      url: '/xapi/Iot/Device/event',
      payload: raw,
      headers: { 'content-type': 'application/json', 'x-device-code': gateA.code },
    });
    expect(bare.json()).toMatchObject({ code: Code.forbidden, msg: '缺少设备认证信息' });
    const stale = String(Date.now() - 301_000);
    expect(await event(gateA, body, { timestamp: stale })).toMatchObject({
      code: Code.staleTimestamp,
      msg: '请求时间戳已过期',
    });
    expect(await event({ code: 'NOPE', secret: gateA.secret }, body)).toMatchObject({ msg: '设备未登记' });
    expect(await event({ ...gateA, secret: 'guessed' }, body)).toMatchObject({ msg: '设备签名错误' });
    // signed over another body
    const ts = String(Date.now());
    expect(await event(gateA, body, { timestamp: ts, signature: signEvent(gateA.secret, ts, '{}') })).toMatchObject({
      msg: '设备签名错误',
    });
    // a demo device has no secret issued yet: an empty key signs nothing
    const [demo] = await t.rows<{ gateno: string }>(sql`select gateno from access_devices where secret = '' limit 1`);
    expect(await event({ code: demo!.gateno, secret: '' }, body)).toMatchObject({ msg: '设备签名错误' });
    // a disabled device
    await t.db.execute(sql`update access_devices set status = 2 where id = ${gateA.id}`);
    expect(await event(gateA, body)).toMatchObject({ code: Code.disabled, msg: '设备已停用' });
    await t.db.execute(sql`update access_devices set status = 1 where id = ${gateA.id}`);
    expect(await records()).toBe(before);
  });
});

describe('门禁设备接口：通行事件', () => {
  it('records a passage in the device’s company and village, once however often it is sent', async () => {
    const body = { event_id: 'ev-1', open_type: 2, card_no: 'CARD-A-1', picture: undefined, time: undefined };
    const first = await event(gateA, { event_id: 'ev-1', open_type: 2, card_no: 'CARD-A-1' });
    expect(first).toMatchObject({ code: 0, data: { replay: false, jctype: 1, person_name: residentA.name } });
    const again = await event(gateA, { event_id: 'ev-1', open_type: 2, card_no: 'CARD-A-1' });
    expect(again.data).toEqual({ ...first.data, replay: true });
    void body;
    const rows = await t.rows<Record<string, unknown>>(
      sql`select tenant_id, village_id, person_id, open_type, credential, jctype from access_records
        where device_id = ${gateA.id} and event_id = 'ev-1'`,
    );
    expect(rows).toEqual([
      {
        tenant_id: ids.tenantA,
        village_id: ids.sunshine.id,
        person_id: residentA.id,
        open_type: 2,
        credential: 'CARD-A-1',
        jctype: 1,
      },
    ]);
    // B's device with the same code and event id is B's own passage (jctype: anything but 1 is 出)
    const b = await event(gateB, { event_id: 'ev-1', open_type: 1, face_id: 'F9', jctype: 7, similarity: 91.5 });
    expect(b).toMatchObject({ code: 0, data: { replay: false, jctype: 2, person_name: '' } });
    expect(await t.one(sql`select tenant_id, village_id from access_records where id = ${b.data.id}`)).toEqual({
      tenant_id: ids.tenantB,
      village_id: ids.anju.id,
    });
  });

  it('answers passages that arrive together each on its own: one batch, the same event twice, two companies', async () => {
    const before = await records();
    const [a1, a2, twiceA, twiceB, b1, bad] = await Promise.all([
      event(gateA, { event_id: 'batch-1', open_type: 2, card_no: 'CARD-A-1' }),
      event(gateA, { event_id: 'batch-2', open_type: 4, person_id: residentA.id, jctype: 2 }),
      event(gateA, { event_id: 'batch-3', open_type: 1, similarity: 95 }),
      event(gateA, { event_id: 'batch-3', open_type: 1, similarity: 95 }),
      event(gateB, { event_id: 'batch-1', open_type: 4, person_id: residentB }),
      event(gateA, { event_id: 'batch-4', open_type: 4, person_id: residentB }),
    ]);
    expect(a1).toMatchObject({ code: 0, data: { replay: false, person_name: residentA.name, jctype: 1 } });
    expect(a2).toMatchObject({ code: 0, data: { replay: false, person_name: residentA.name, jctype: 2 } });
    // the same event sent twice at once is recorded once; both answers name that record
    expect(twiceA.data.id).toBe(twiceB.data.id);
    expect([twiceA.data.replay, twiceB.data.replay].sort()).toEqual([false, true]);
    // B's resident through B's door, refused through A's
    expect(b1).toMatchObject({ code: 0, data: { replay: false } });
    expect(await t.one(sql`select tenant_id, person_id from access_records where id = ${b1.data.id}`)).toEqual({
      tenant_id: ids.tenantB,
      person_id: residentB,
    });
    expect(bad).toMatchObject({ code: Code.validation, data: { field: 'person_id' } });
    expect(await records()).toBe(before + 4);
  });

  it('refuses a resident of another company or village and a foreign picture, writing nothing', async () => {
    const before = await records();
    const jadePerson = (
      await t.one<{ id: number }>(sql`select min(id) as id from gate_persons where village_id = ${ids.jade.id}`)
    ).id;
    for (const person_id of [residentB, jadePerson])
      expect(await event(gateA, { event_id: `x-${person_id}`, open_type: 4, person_id })).toMatchObject({
        code: Code.validation,
        msg: 'person_id不是该设备所在小区的住户',
        data: { field: 'person_id' },
      });
    // B's card number read by A's device names nobody
    await t.db.execute(sql`update gate_persons set gate_card_id = 'CARD-B' where id = ${residentB}`);
    const stranger = await event(gateA, { event_id: 'card-b', open_type: 2, card_no: 'CARD-B' });
    expect(stranger.data.person_name).toBe('');
    const picture = `t${ids.tenantB}/202601/0f8fad5b-d9cb-469f-a165-70867728950e.jpg`;
    expect(await event(gateA, { event_id: 'pic', open_type: 1, picture })).toMatchObject({
      code: Code.validation,
      data: { field: 'picture' },
    });
    expect(await records()).toBe(before + 1);
  });

  it('answers bad input with a Chinese message naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ open_type: 1 }, 'event_id'],
      [{ event_id: 'b1', open_type: 9 }, 'open_type'],
      [{ event_id: 'b2', open_type: 1, time: '2026-02-30 10:00:00' }, 'time'],
      [{ event_id: 'b3', open_type: 1, time: '2001-01-01 10:00:00' }, 'time'],
      [{ event_id: 'b4', open_type: 1, similarity: 120 }, 'similarity'],
      [{ event_id: 'b5', open_type: 1, picture: 'javascript:alert(1)' }, 'picture'],
      [{ event_id: 'b6', open_type: 4, person_id: 'abc' }, 'person_id'],
    ];
    for (const [body, field] of cases) {
      const res = await event(gateA, body);
      expect(res.code, JSON.stringify(body)).toBe(Code.validation);
      expect(res.msg, field).toMatch(/[\u4e00-\u9fa5]/);
      expect(res.data, field).toMatchObject({ field });
    }
  });
});

describe('门禁设备接口：心跳与人脸', () => {
  const online = async (id: number) =>
    (await t.post<{ online: number; last_heartbeat: string }>(`${DEVICES}/detail?return=result`, { id }, property)).body
      .data;

  it('is online after a heartbeat and offline once the window passes without a call', async () => {
    await t.db.execute(sql`update access_devices set last_heartbeat = null where id = ${gateA.id}`);
    expect((await online(gateA.id)).online).toBe(2);
    const beat = await postDevice<{ online: boolean }>(t.app, 'heartbeat', gateA, { ip: '10.0.0.8', firmware: 'V2.1' });
    expect(beat).toMatchObject({ code: 0, data: { online: true } });
    expect(await online(gateA.id)).toMatchObject({ online: 1, last_heartbeat: expect.stringMatching(/^\d{4}-/) });
    expect(await t.one(sql`select heartbeat_info from access_devices where id = ${gateA.id}`)).toEqual({
      heartbeat_info: { ip: '10.0.0.8', firmware: 'V2.1' },
    });
    await t.db.execute(
      sql`update access_devices set last_heartbeat = now() - interval '6 minutes' where id = ${gateA.id}`,
    );
    expect((await online(gateA.id)).online).toBe(2);
    // the demo's two sunshine terminals call now (the demo database may have been made minutes ago); the test gate
    // has gone quiet
    await t.db.execute(sql`update access_devices set last_heartbeat = now() where tenant_id = ${ids.tenantA}
      and village_id = ${ids.sunshine.id} and device_type = 2 and id <> ${gateA.id}
      and last_heartbeat > (select max(last_heartbeat) - interval '1 hour' from access_devices
        where tenant_id = ${ids.tenantA} and id <> ${gateA.id})`);
    const figures = await deviceFigures(t.db, { tenantId: ids.tenantA, villageIds: [ids.sunshine.id] });
    const terminals = figures.find((f) => f.type === 2)!;
    expect(terminals).toMatchObject({ title: '人脸识别终端', online: 2, offline: 1 });
  });

  it('keeps the faces a device reports, replacing its earlier report', async () => {
    const faces = (d: number) =>
      t.rows<{ face_id: string }>(sql`select face_id from access_device_faces where device_id = ${d} order by face_id`);
    expect((await postDevice<{ count: number }>(t.app, 'faces', gateA, { faces: ['F1', 'F2', 'F2'] })).data.count).toBe(
      2,
    );
    expect((await postDevice(t.app, 'faces', gateA, { faces: ['F2', 'F3'] })).code).toBe(0);
    expect((await faces(gateA.id)).map((f) => f.face_id)).toEqual(['F2', 'F3']);
    expect(
      await t.one(sql`select faces_reported_at is not null as set from access_devices where id = ${gateA.id}`),
    ).toEqual({
      set: true,
    });
    // another company's device with the same code keeps its own set
    expect((await postDevice(t.app, 'faces', gateB, { faces: ['B1'] })).code).toBe(0);
    expect((await faces(gateB.id)).map((f) => f.face_id)).toEqual(['B1']);
    expect((await faces(gateA.id)).map((f) => f.face_id)).toEqual(['F2', 'F3']);
    expect((await postDevice(t.app, 'faces', gateA, { faces: 'F1' })).data).toMatchObject({ field: 'faces' });
  });
});

describe('通行记录', () => {
  it('lists the company’s passages newest first, searchable, and the village view shows them', async () => {
    const stamp = Date.now();
    const at = (min: number) =>
      new Date(stamp - min * 60_000 + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
    await event(gateA, { event_id: 'list-1', open_type: 4, person_id: residentA.id, time: at(2), jctype: 2 });
    await event(gateA, { event_id: 'list-2', open_type: 3, qr_code: 'QR-1', time: at(1) });
    const list = async (body: Record<string, unknown>, token = property) =>
      (await t.post<ListReply>(`${RECORDS}/list`, body, token)).body;
    const page = await list({ size: 5 });
    expect(page.code).toBe(0);
    const times = page.data.records.map((r) => String(r.created_at));
    expect([...times].sort().reverse()).toEqual(times);
    const mine = await list({ person_name: residentA.name, jctype: 2, village_id: ids.sunshine.id });
    expect(mine.data.records.map((r) => r.event_id)).toContain('list-1');
    expect(mine.data.records.every((r) => r.jctype === 2 && r.person_name === residentA.name)).toBe(true);
    const day = at(0).slice(0, 10);
    const ranged = await list({ created_at: [day, day], size: 100 });
    expect(ranged.data.records.map((r) => r.event_id)).toEqual(expect.arrayContaining(['list-1', 'list-2']));
    expect(ranged.data.records.find((r) => r.event_id === 'list-2')).toMatchObject({
      device_name: '测试东门',
      open_type: 3,
      credential: 'QR-1',
    });
    // B sees its own passage only
    const b = await list({ size: 100 }, propertyb);
    expect(b.data.records.every((r) => r.village_id === ids.anju.id)).toBe(true);
    // the village view reads the same records, newest first (earlier tests' passages may be newer than these)
    const newest = (await list({ village_id: ids.sunshine.id, size: 2 })).data.records;
    const view = (
      await t.post<{ trafficInfo: { name: string; jctype: number }[] }>(
        '/Web/Basic/Village/cView',
        { vid: ids.sunshine.id },
        property,
      )
    ).body.data;
    expect(view.trafficInfo.slice(0, 2)).toMatchObject(newest.map((r) => ({ name: r.person_name, jctype: r.jctype })));
    // nobody writes a passage by hand
    expect((await t.post(`${RECORDS}/add`, { row: { person_name: 'x' } }, property)).body.code).not.toBe(0);
  });

  it('gives the dashboards passages by hour today and by month', async () => {
    const scope = { tenantId: ids.tenantA, villageIds: null };
    const hours = await accessByHour(t.db, scope);
    expect(hours).toHaveLength(24);
    const today = await t.one<{ i: number; o: number }>(
      sql`select count(*) filter (where jctype = 1)::int as i, count(*) filter (where jctype <> 1)::int as o
        from access_records where tenant_id = ${ids.tenantA}
        and created_at >= date_trunc('day', now() at time zone 'Asia/Shanghai') at time zone 'Asia/Shanghai'`,
    );
    expect(hours.reduce((s, h) => s + h.in, 0)).toBe(today.i);
    expect(hours.reduce((s, h) => s + h.out, 0)).toBe(today.o);
    const months = await accessByMonth(t.db, scope);
    expect(months).toHaveLength(12);
    expect(months[11]!.in).toBeGreaterThanOrEqual(today.i);
    const none = await accessByMonth(t.db, { tenantId: ids.tenantA, villageIds: [] });
    expect(none.every((m) => m.in === 0 && m.out === 0)).toBe(true);
  });
});
