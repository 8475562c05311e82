import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Code,
  type ApictureAlert,
  type ApictureData,
  type ApictureDetail,
  type ApictureLayers,
  type ApictureSearchHit,
  type ApictureWorker,
  type ListReply,
} from '@5a/contracts';
import { formatTime } from '../../../core/time.ts';
import { type DemoApp, loginWithRole, openDemo } from '../../estate/testing.ts';

let { t, property, propertyb, ids } = {} as DemoApp;
let operator: string;
beforeAll(async () => {
  ({ t, property, propertyb, ids } = await openDemo());
  operator = await t.login('operator');
});
afterAll(() => t.close());

const BASE = '/Web/DataAnalysis/PropertyData';
const post = <T>(path: string, body: unknown, token: string) => t.post<T>(`${BASE}/${path}`, body, token);
const layers = (token: string, vid: number) => post<ApictureLayers>('layers', { vid }, token);
const detail = (token: string, kind: string, id: number) => post<ApictureDetail>('markDetail', { kind, id }, token);
const alerts = (token: string, vid?: number) => post<ApictureAlert[]>('alerts', { vid }, token);
const count = async (q: ReturnType<typeof sql>) => Number((await t.one<{ n: string }>(q)).n);
const later = (hours: number) => formatTime(new Date(Date.now() + hours * 3_600_000));

describe('一张图 for property companies', () => {
  it('shows a company its own villages, and a village-scoped user his villages only', async () => {
    const a = (await post<ApictureData>('apicture', {}, property)).body;
    expect(a.code).toBe(0);
    expect(a.data.villageList.map((v) => v.name)).toEqual(['阳光花园', '翠湖名苑']);
    expect(a.data.counts.tenant).toBe(1);
    expect(a.data.tiles).toEqual({ plane: '', satellite: '' });
    expect(a.data.mayDispatch).toBe(true);
    const b = (await post<ApictureData>('apicture', {}, propertyb)).body.data;
    expect(b.villageList.map((v) => v.name)).toEqual(['安居小区', '锦绣家园']);

    const jade = await loginWithRole(t, 'map-jade', { pages: ['APicture'], villages: [ids.jade.id] });
    const j = (await post<ApictureData>('apicture', {}, jade.token)).body.data;
    expect(j.villageList.map((v) => v.name)).toEqual(['翠湖名苑']);
    expect(j.mayDispatch).toBe(false);
    expect((await layers(jade.token, ids.sunshine.id)).body.code).toBe(Code.notFound);
    expect((await layers(jade.token, ids.jade.id)).body.code).toBe(0);
    // without the menu the map is not his
    const other = await loginWithRole(t, 'map-none', { pages: ['Building'], villages: null });
    expect((await post('apicture', {}, other.token)).body.code).toBe(Code.forbidden);
  });

  it('keeps company A out of company B’s villages, devices and alerts', async () => {
    expect((await layers(property, ids.anju.id)).body.code).toBe(Code.notFound);
    expect((await post('getVillageInfo', { vid: ids.anju.id }, property)).body.code).toBe(Code.notFound);
    const bLayers = (await layers(propertyb, ids.anju.id)).body.data;
    // every layer of the demo's company B has something
    for (const k of ['building', 'resident', 'door', 'lane', 'camera', 'repair', 'patrol', 'worker'] as const)
      expect(bLayers[k].length, k).toBeGreaterThan(0);
    const bCamera = bLayers.camera[0]!;
    expect((await detail(property, 'camera', bCamera.id)).body.code).toBe(Code.notFound);
    expect((await detail(propertyb, 'camera', bCamera.id)).body.data.streamUrl).not.toBe('');
    const found = (
      await post<ApictureSearchHit[]>('searchVillageList', { name: '安居', type: 4 }, property)
    ).body.data.map((h) => h.name);
    expect(found).toEqual([]);
    const theirs = (await post<ApictureSearchHit[]>('searchVillageList', { name: '安居', type: 4 }, propertyb)).body
      .data;
    expect(theirs.map((h) => [h.name, h.kind]).sort()).toEqual(
      [
        ['南门入口车道', 'lane'],
        ['安居大门', 'camera'],
        ['安居大门人脸机', 'door'],
      ]
        .filter((x) => x[0]!.includes('安居'))
        .sort(),
    );
    const aAlerts = (await alerts(property)).body.data;
    expect(aAlerts.length).toBeGreaterThan(0);
    expect(aAlerts.every((x) => x.villageId === ids.sunshine.id || x.villageId === ids.jade.id)).toBe(true);
    expect((await alerts(propertyb)).body.data.every((x) => x.villageId === ids.anju.id)).toBe(true);
    expect((await alerts(property, ids.anju.id)).body.data).toEqual([]);
  });

  it('gives an operator its companies’ villages, layers and alerts, but no 派单', async () => {
    const villages = (await post<ApictureData>('apicture', {}, operator)).body.data;
    expect(villages.villageList.map((v) => v.name)).toEqual(expect.arrayContaining(['阳光花园', '安居小区']));
    expect(villages.mayDispatch).toBe(false);
    expect((await layers(operator, ids.anju.id)).body.data.door.length).toBeGreaterThan(0);
    const all = (await alerts(operator)).body.data.map((x) => x.villageId);
    expect(all).toEqual(expect.arrayContaining([ids.sunshine.id, ids.anju.id]));
    const body = { source: 'alert', id: 1, personid: 1, content: 'x', wctime: later(2) };
    expect((await post('dispatch', body, operator)).body.code).toBe(Code.forbidden);
  });

  it('counts a village’s management, service and perception figures from its rows', async () => {
    const v = ids.sunshine.id;
    const info = (await post<Record<string, number>>('getVillageInfo', { vid: v }, property)).body.data;
    expect(info).toMatchObject({
      workers: await count(sql`select count(*) n from workers where village_id = ${v} and status = 1`),
      repairs: await count(sql`select count(*) n from repair_orders where village_id = ${v}`),
      doors: await count(sql`select count(*) n from access_devices where village_id = ${v} and status = 1`),
      lanes: await count(sql`select count(*) n from parking_gates where village_id = ${v} and status = 1`),
      cameras: await count(sql`select count(*) n from video_cameras where village_id = ${v} and state = 1`),
      reports: await count(sql`select count(*) n from report_things where village_id = ${v}`),
    });
    expect(info.openAlerts).toBeGreaterThan(0);
  });

  it('masks a resident’s phone and ID number without the sensitive right', async () => {
    const l = (await layers(property, ids.sunshine.id)).body.data;
    const owner = l.resident[0]!;
    const row = await t.one<{ tel: string; idcard: string }>(
      sql`select tel, idcard from gate_persons where id = ${owner.id}`,
    );
    const plain = await loginWithRole(t, 'map-plain', { pages: ['APicture'], villages: null });
    const masked = (await detail(plain.token, 'resident', owner.id)).body.data.fields;
    const value = (fs: { label: string; value: string }[], label: string) => fs.find((f) => f.label === label)?.value;
    expect(value(masked, '手机号')).toContain('*');
    expect(value(masked, '手机号')).not.toBe(row.tel);
    const seeing = await loginWithRole(t, 'map-sens', {
      pages: ['APicture'],
      buttons: ['GatePerson:sensitive'],
      villages: null,
    });
    expect(value((await detail(seeing.token, 'resident', owner.id)).body.data.fields, '手机号')).toBe(row.tel);
    // every kind opens
    for (const k of ['building', 'door', 'lane', 'camera', 'repair', 'patrol', 'worker'] as const) {
      const first = l[k][0]!;
      const d = (await detail(property, k, first.id)).body;
      expect(d.code, k).toBe(0);
      expect(d.data.fields.length).toBeGreaterThan(0);
    }
  });

  it('refuses bad input naming the field', async () => {
    const badVid = (await post('layers', { vid: 'abc' }, property)).body;
    expect(badVid.code).toBe(Code.validation);
    expect(badVid.msg).toContain('vid');
    const badKind = (await post('markDetail', { kind: 'car', id: 1 }, property)).body;
    expect(badKind.code).toBe(Code.validation);
    expect(badKind.msg).toContain('kind');
    const noWorker = (await post('dispatch', { source: 'alert', id: 1, content: 'x', wctime: later(2) }, property))
      .body;
    expect(noWorker.code).toBe(Code.validation);
    expect(noWorker.msg).toContain('维修人员');
    const badSource = (
      await post('dispatch', { source: 'car', id: 1, personid: 1, content: 'x', wctime: later(2) }, property)
    ).body;
    expect(badSource.msg).toContain('source');
  });
});

describe('一张图 派单', () => {
  const orders = () => count(sql`select count(*) n from repair_orders`);

  it('turns an alert into a dispatched work order the repair list shows, once', async () => {
    const alert = (await alerts(property, ids.sunshine.id)).body.data.find((a) => a.handled === 2 && !a.orderId)!;
    const workers = (await post<ApictureWorker[]>('dispatchWorkers', { vid: ids.sunshine.id }, property)).body.data;
    expect(workers.length).toBeGreaterThan(0);
    const jadeWorker = (await post<ApictureWorker[]>('dispatchWorkers', { vid: ids.jade.id }, property)).body.data[0]!;
    const before = await orders();

    // a worker of another village, a time already past, a bad time: refused, nothing written
    const wrong = await post(
      'dispatch',
      {
        source: 'alert',
        id: alert.id,
        personid: jadeWorker.value,
        content: '现场查看',
        wctime: later(2),
      },
      property,
    );
    expect(wrong.body.code).toBe(Code.validation);
    expect(wrong.body.msg).toContain('维修人员');
    const past = await post(
      'dispatch',
      {
        source: 'alert',
        id: alert.id,
        personid: workers[0]!.value,
        content: '现场查看',
        wctime: '2020-01-01 08:00:00',
      },
      property,
    );
    expect(past.body.msg).toContain('要求完成时间');
    const badTime = await post(
      'dispatch',
      {
        source: 'alert',
        id: alert.id,
        personid: workers[0]!.value,
        content: '现场查看',
        wctime: '明天',
      },
      property,
    );
    expect(badTime.body.msg).toContain('要求完成时间');
    expect(await orders()).toBe(before);
    expect(
      (await t.one<{ handled: number }>(sql`select handled from abnormal_alerts where id = ${alert.id}`)).handled,
    ).toBe(2);
    // company B cannot dispatch A's alert
    const bWorker = (await post<ApictureWorker[]>('dispatchWorkers', { vid: ids.anju.id }, propertyb)).body.data[0]!;
    const cross = await post(
      'dispatch',
      {
        source: 'alert',
        id: alert.id,
        personid: bWorker.value,
        content: '现场查看',
        wctime: later(2),
      },
      propertyb,
    );
    expect(cross.body.code).toBe(Code.notFound);
    expect((await post('dispatchWorkers', { vid: ids.sunshine.id }, propertyb)).body.code).toBe(Code.notFound);

    const ok = await post<{ order_id: number; status: number }>(
      'dispatch',
      {
        source: 'alert',
        id: alert.id,
        personid: workers[0]!.value,
        content: '现场查看',
        wctime: later(2),
      },
      property,
    );
    expect(ok.body.code).toBe(0);
    expect(ok.body.msg).toBe('派单成功');
    expect(ok.body.data.status).toBe(1);
    const order = await t.one<{ alert_id: number; worker_id: number; village_id: number; source: number }>(
      sql`select alert_id, worker_id, village_id, source from repair_orders where id = ${ok.body.data.order_id}`,
    );
    expect(order).toEqual({ alert_id: alert.id, worker_id: workers[0]!.value, village_id: ids.sunshine.id, source: 6 });
    const list = await t.post<ListReply>('/Web/Repair/RepairManagement/list?tab_type=working', { size: 100 }, property);
    expect(list.body.data.records.map((r) => Number(r.id))).toContain(ok.body.data.order_id);
    const listed = (await alerts(property, ids.sunshine.id)).body.data.find((a) => a.id === alert.id)!;
    expect(listed).toMatchObject({ handled: 1, orderId: ok.body.data.order_id });
    const again = await post(
      'dispatch',
      {
        source: 'alert',
        id: alert.id,
        personid: workers[0]!.value,
        content: '再派',
        wctime: later(2),
      },
      property,
    );
    expect(again.body.msg).toContain('已派单');
    expect(await orders()).toBe(before + 1);
  });

  it('dispatches a pending work order from its marker', async () => {
    const pending = await t.one<{ id: number }>(
      sql`select id from repair_orders where village_id = ${ids.sunshine.id} and status = 0 order by id limit 1`,
    );
    const d = (await detail(property, 'repair', pending.id)).body.data;
    expect(d.dispatchable).toBe(true);
    const worker = (await post<ApictureWorker[]>('dispatchWorkers', { vid: ids.sunshine.id }, property)).body.data[0]!;
    const ok = await post<{ order_id: number; status: number }>(
      'dispatch',
      {
        source: 'repair',
        id: pending.id,
        personid: worker.value,
        content: '请尽快处理',
        wctime: later(4),
      },
      property,
    );
    expect(ok.body.code).toBe(0);
    expect(ok.body.data).toMatchObject({ order_id: pending.id, status: 1 });
  });
});
