import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@5a/contracts';
import type { AccessDeviceSecret, AccessEventReply } from '@5a/contracts/endpoints/access';
import type { ControlDetail } from '@5a/contracts/endpoints/prevention';
import { loginWithRole, openDemo, type DemoApp } from '../estate/testing.ts';
import { flushSensitiveViews } from '../estate/service.ts';
import { expectedPeople } from '../access/index.ts';
import { postDevice, type TestDevice } from '../access/device-api/testing.ts';
import { bumpAccessVersion } from '../rbac/index.ts';

const P = '/Web/Epidemic/Protection';
type Row = Record<string, unknown> & { id: number; name: string };
type Page = { records: Row[]; total: number };

let { t, property, propertyb, ids } = {} as DemoApp;
let person: { id: number; name: string };
let door: TestDevice & { id: number };

const save = (body: Record<string, unknown>, token = property) =>
  t.post<ControlDetail>(`${P}/saveControl`, body, token);
const list = async (body: Record<string, unknown> = {}, token = property) => {
  const { code, msg, data } = (await t.post<Page>(`${P}/list`, { current: 1, size: 100, ...body }, token)).body;
  return { code, msg, records: data?.records };
};
const control = () =>
  t.rows<{
    health_code: number;
    pass_status: number;
    start_time: string | null;
    end_time: string | null;
    released_at: Date | null;
  }>(
    sql`select health_code, pass_status, start_time::text, end_time::text, released_at from prevention_controls
      where person_id = ${person.id}`,
  );
const history = () =>
  t.rows<{ source: string; user_id: number | null; pass_status: number; health_code: number }>(
    sql`select source, user_id, pass_status, health_code from prevention_control_history where person_id = ${person.id}
      order by id`,
  );
const tagsNow = async () =>
  (await t.one<{ tags: string }>(sql`select tags from gate_persons where id = ${person.id}`)).tags;
const onDoor = async () =>
  (await expectedPeople(t.db, t.registry, ids.tenantA, [door.id])).some((e) => e.person_id === person.id);
const day = (offset: number) => new Date(Date.now() + 8 * 3600_000 + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  ({ t, property, propertyb, ids } = await openDemo());
  person = await t.one(sql`select id, name from gate_persons where village_id = ${ids.sunshine.id} and status = 1
    and is_livein = 1 and personnel_type = 1 and tags = '' order by id offset 15 limit 1`);
  await t.db.execute(sql`insert into tenant_services (tenant_id, service_id, end_date)
    select ${ids.tenantB}, id, '2099-12-31' from services where code = 'access' on conflict do nothing`);
  bumpAccessVersion();
  const res = await t.post<AccessDeviceSecret>(
    '/Web/Internet/AccessControlManagement/addDevice',
    { village_id: ids.sunshine.id, name: '防控测试门', gateno: 'PREV-1', device_type: 1, direction: 1, status: 1 },
    property,
  );
  expect(res.body.code, res.body.msg).toBe(0);
  door = { id: res.body.data.id, code: res.body.data.gateno, secret: res.body.data.secret };
});
afterAll(() => t.close());

describe('防控名单', () => {
  it('lists the demo’s tagged residents with every health code, in both companies', async () => {
    for (const token of [property, propertyb]) {
      const page = await list({}, token);
      expect(page.code, page.msg).toBe(0);
      expect(new Set(page.records.map((r) => r.health_code))).toEqual(new Set([1, 2, 3]));
      expect(page.records.every((r) => String(r.tags).split(',').includes('1'))).toBe(true);
      expect(new Set(page.records.map((r) => r.pass_status))).toEqual(new Set([1, 2, 3]));
    }
    const red = await list({ health_code: 3 });
    expect(red.records.length).toBeGreaterThan(0);
    expect(red.records.every((r) => r.health_code === 3)).toBe(true);
    // company B's list holds none of company A's residents
    const a = new Set((await list()).records.map((r) => r.id));
    expect((await list({}, propertyb)).records.some((r) => a.has(r.id))).toBe(false);
  });

  it('masks health details and phones without 查看敏感信息 and logs every unmasked view', async () => {
    const plain = await loginWithRole(t, 'prev-plain', { pages: ['Protection'], villages: null });
    const masked = (await list({}, plain.token)).records;
    expect(masked.length).toBeGreaterThan(0);
    for (const r of masked) {
      expect(r).toMatchObject({ health_code: '***', pass_status: '***', start_time: '***', end_time: '***' });
      expect(String(r.tel)).toMatch(/^(\d{3}\*{4}\d{4})?$/);
    }
    await flushSensitiveViews(t.db);
    const count = async () =>
      (await t.one<{ n: number }>(sql`select count(*)::int n from sensitive_views where fields like 'protection:%'`)).n;
    const before = await count();
    const full = await list();
    await flushSensitiveViews(t.db);
    expect(await count()).toBe(before + full.records.length);
    expect(full.records.some((r) => typeof r.health_code === 'number')).toBe(true);
    // the dialog's detail needs the edit right, and is logged too
    expect((await t.post(`${P}/control`, { id: person.id }, plain.token)).body.code).toBe(0);
    const viewer = await loginWithRole(t, 'prev-viewer', { pages: ['GatePerson'], villages: null });
    expect((await t.post(`${P}/control`, { id: person.id }, viewer.token)).body.code).toBe(Code.forbidden);
    expect((await save({ id: person.id, tags: '1', health_code: 1, pass_status: 1 }, viewer.token)).body.code).toBe(
      Code.forbidden,
    );
  });
});

describe('防控 rules', () => {
  const refused: [string, Record<string, unknown>, string, string][] = [
    ['yellow passing normally', { health_code: 2, pass_status: 1 }, 'pass_status', '健康码为黄码或红码时不能正常通行'],
    ['red passing normally', { health_code: 3, pass_status: 1 }, 'pass_status', '健康码为黄码或红码时不能正常通行'],
    ['green isolated', { health_code: 1, pass_status: 2 }, 'pass_status', '健康码为绿码时通行状态应为正常通行'],
    ['green banned', { health_code: 1, pass_status: 3 }, 'pass_status', '健康码为绿码时通行状态应为正常通行'],
    ['no health code', { pass_status: 1 }, 'health_code', '请选择健康码'],
    ['no pass status', { health_code: 1 }, 'pass_status', '请选择通行状态'],
    ['yellow without dates', { health_code: 2, pass_status: 2 }, 'start_time', '请选择隔离开始日期'],
    ['red without an end', { health_code: 3, pass_status: 2, start_time: day(0) }, 'end_time', '请选择隔离结束日期'],
    [
      'an end before the start',
      { health_code: 3, pass_status: 3, start_time: day(0), end_time: day(-1) },
      'end_time',
      '隔离结束日期不能早于开始日期',
    ],
    [
      'a date not a day',
      { health_code: 2, pass_status: 2, start_time: '2026/01/01' },
      'start_time',
      '隔离开始日期格式应为YYYY-MM-DD',
    ],
    ['a code of 4', { health_code: 4, pass_status: 2 }, 'health_code', '健康码 格式错误'],
  ];
  it.each(refused)('refuses %s, naming the field, and writes nothing', async (_what, values, field, msg) => {
    const res = await save({ id: person.id, tags: '1,2', ...values });
    expect(res.body).toMatchObject({ code: Code.validation, msg, data: { field } });
    expect(await control()).toEqual([]);
    expect(await history()).toEqual([]);
    expect(await tagsNow()).toBe('');
  });

  it('refuses a tag the company does not have', async () => {
    const res = await save({ id: person.id, tags: '1,99', health_code: 1, pass_status: 1 });
    expect(res.body).toMatchObject({ code: Code.validation, msg: '住户标签“99”不存在', data: { field: 'tags' } });
    expect(await tagsNow()).toBe('');
  });

  it('another company’s resident does not exist for company B', async () => {
    expect((await t.post(`${P}/control`, { id: person.id }, propertyb)).body).toMatchObject({
      code: Code.notFound,
      msg: '数据不存在',
    });
    expect(
      (
        await save(
          { id: person.id, tags: '1', health_code: 3, pass_status: 2, start_time: day(0), end_time: day(3) },
          propertyb,
        )
      ).body,
    ).toMatchObject({
      code: Code.notFound,
    });
    expect(await control()).toEqual([]);
  });

  it('saves a red code in home isolation; the doors drop him at once, his passage is an alert; green releases him', async () => {
    expect(await onDoor()).toBe(true);
    // the door holds its whole list, him included
    const held = (await expectedPeople(t.db, t.registry, ids.tenantA, [door.id])).map((e) => e.face_id);
    expect((await postDevice(t.app, 'faces', door, { faces: held })).code).toBe(0);
    const check = async () =>
      (
        await t.post<{ missing: { person_id: number | null }[]; extra: { person_id: number | null }[] }>(
          '/Web/Internet/AccessControlManagement/faceCheck',
          { id: door.id },
          property,
        )
      ).body.data;
    expect((await check()).extra).toEqual([]);
    const res = await save({
      id: person.id,
      tags: ['1', '2'],
      health_code: 3,
      pass_status: 2,
      start_time: day(0),
      end_time: day(7),
    });
    expect(res.body, res.body.msg).toMatchObject({
      code: 0,
      msg: '保存成功',
      data: { tags: '1,2', health_code: 3, pass_status: 2, start_time: day(0), end_time: day(7) },
    });
    const user = await t.one<{ id: number }>(sql`select id from users where user_name = 'property'`);
    expect(await history()).toEqual([{ source: 'staff', user_id: user.id, pass_status: 2, health_code: 3 }]);
    expect(await onDoor()).toBe(false);
    // the reconciliation console lists him to remove at once
    expect((await check()).extra.map((e) => e.person_id)).toEqual([person.id]);
    // the list shows him red and isolated
    const row = (await list({ name: person.name })).records.find((r) => r.id === person.id)!;
    expect(row).toMatchObject({ health_code: 3, pass_status: 2, start_time: day(0), end_time: day(7) });

    // at the door: recorded, with an abnormal alert naming why
    await t.db.execute(sql`update gate_persons set gate_card_id = 'PREV-CARD' where id = ${person.id}`);
    const ev = await postDevice<AccessEventReply>(t.app, 'event', door, {
      event_id: 'p-1',
      open_type: 2,
      card_no: 'PREV-CARD',
    });
    expect(ev.code, ev.msg).toBe(0);
    const alert = await t.one<{ type: number; title: string }>(
      sql`select type, title from abnormal_alerts where source = 'access_record' and source_id = ${String(ev.data.id)}`,
    );
    expect(alert).toEqual({ type: 1, title: '防控测试门：居家隔离人员通行' });

    // banned: still off the doors, the alert says so
    expect(
      (await save({ id: person.id, tags: '1,2', health_code: 3, pass_status: 3, start_time: day(0), end_time: day(7) }))
        .body.code,
    ).toBe(0);
    const ban = await postDevice<AccessEventReply>(t.app, 'event', door, {
      event_id: 'p-2',
      open_type: 2,
      card_no: 'PREV-CARD',
    });
    expect(
      (
        await t.one<{ title: string }>(
          sql`select title from abnormal_alerts where source = 'access_record' and source_id = ${String(ban.data.id)}`,
        )
      ).title,
    ).toBe('防控测试门：禁止通行人员通行');

    // saved again as it was: the control stays, the save is on record
    expect(
      (await save({ id: person.id, tags: '1,2', health_code: 3, pass_status: 3, start_time: day(0), end_time: day(7) }))
        .body.code,
    ).toBe(0);
    expect(await history()).toHaveLength(3);

    // green: normal again, released, no dates; back on the door
    const green = await save({
      id: person.id,
      tags: '1,2',
      health_code: 1,
      pass_status: 1,
      start_time: day(0),
      end_time: day(7),
    });
    expect(green.body.data).toMatchObject({ health_code: 1, pass_status: 1, start_time: '', end_time: '' });
    const [c] = await control();
    expect(c!.released_at).not.toBeNull();
    expect(await onDoor()).toBe(true);
    expect(await check()).toMatchObject({ missing: [], extra: [] });
    expect((await history()).map((h) => h.source)).toEqual(['staff', 'staff', 'staff', 'staff']);
    const fine = await postDevice<AccessEventReply>(t.app, 'event', door, {
      event_id: 'p-3',
      open_type: 2,
      card_no: 'PREV-CARD',
    });
    expect(
      await t.rows(
        sql`select 1 from abnormal_alerts where source = 'access_record' and source_id = ${String(fine.data.id)}`,
      ),
    ).toEqual([]);
  });

  it('yellow isolates, and removing the prevention tag ends the control and frees the doors', async () => {
    expect(
      (await save({ id: person.id, tags: '1', health_code: 2, pass_status: 2, start_time: day(0), end_time: day(2) }))
        .body.code,
    ).toBe(0);
    expect(await onDoor()).toBe(false);
    const res = await save({ id: person.id, tags: '2', health_code: 3, pass_status: 3 });
    expect(res.body.data).toMatchObject({ tags: '2', health_code: 1, pass_status: 1 });
    expect(await onDoor()).toBe(true);
    expect((await control())[0]).toMatchObject({ health_code: 1, pass_status: 1, start_time: null, end_time: null });
  });

  it('住户管理 filters residents by a tag', async () => {
    const page = (await t.post<Page>('/Web/Basic/GatePerson/list', { current: 1, size: 100, tags: '2' }, property))
      .body;
    expect(page.code, page.msg).toBe(0);
    expect(page.data.records.map((r) => r.id)).toContain(person.id);
    expect(page.data.records.every((r) => String(r.tags).split(',').includes('2'))).toBe(true);
  });
});
