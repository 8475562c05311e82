import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@5a/contracts';
import { formatDate } from '../../core/time.ts';
import { loginWithRole, openDemo, type DemoApp } from '../estate/testing.ts';
import { bumpAccessVersion } from '../rbac/index.ts';
import { expectedPeople } from '../access/index.ts';
import { validVisitorPasses, visitorsByDay } from './index.ts';

const V = '/Web/Internet/Visitor';
type ListRow = Record<string, unknown> & { id: number; state: number; phone: string; name: string };
type Page = { records: ListRow[]; total: number };

describe('访客记录: review, pass windows, masking and tenant isolation', () => {
  let { t, property, propertyb, ids } = {} as DemoApp;
  const list = async (body: Record<string, unknown> = {}, token = property) =>
    (await t.post<Page>(`${V}/list`, { current: 1, size: 100, ...body }, token)).body;
  const review = (body: Record<string, unknown>, token = property) => t.post(`${V}/review`, body, token);
  let n = 0;
  // a visitor waiting for review, registered just now in 阳光花园 (the demo's own are few)
  const pending = async () => {
    const name = `待审${++n}`;
    await t.db.execute(sql`insert into visitors (tenant_id, village_id, name, phone, fklxidx, avatar)
      values (${ids.tenantA}, ${ids.sunshine.id}, ${name}, '13700000000', 1, '')`);
    return (await list({ name })).data.records[0]!;
  };

  beforeAll(async () => {
    ({ t, property, propertyb, ids } = await openDemo());
    // company B holds the service too, so its own list answers (empty) rather than being hidden
    await t.db.execute(sql`insert into tenant_services (tenant_id, service_id, end_date)
      select ${ids.tenantB}, id, current_date + 30 from services where code = 'access'
      on conflict do nothing`);
    bumpAccessVersion();
  });
  afterAll(() => t.close());

  it('lists the demo visitors in every state, newest first, searchable by state, type, name and date', async () => {
    const all = await list();
    expect(all.code, all.msg).toBe(0);
    expect(all.data.total).toBeGreaterThanOrEqual(10);
    expect(new Set(all.data.records.map((r) => r.state))).toEqual(new Set([0, 1, 2, 3]));
    const times = all.data.records.map((r) => String(r.created_at));
    expect([...times].sort().reverse()).toEqual(times);
    for (const state of [0, 1, 2, 3]) {
      const page = await list({ state });
      expect(page.data.records.length).toBeGreaterThan(0);
      expect(page.data.records.every((r) => r.state === state)).toBe(true);
    }
    expect((await list({ fklxidx: 4 })).data.records.every((r) => r.fklxidx === 4)).toBe(true);
    expect((await list({ name: '林晓' })).data.records.map((r) => r.name)).toEqual(['林晓']);
    const today = formatDate(new Date());
    const todays = await list({ created_at: [today, today] });
    expect(todays.data.records.map((r) => r.name).sort()).toEqual(['林晓', '陈立', '黄敏'].sort());
    expect((await list({ village_id: ids.jade.id })).data.records.every((r) => r.village_id === ids.jade.id)).toBe(
      true,
    );
  });

  it('masks phones for a user without 查看敏感信息, and shows them to one with it', async () => {
    const plain = await loginWithRole(t, 'visitor-plain', { pages: ['Visitor'], villages: null });
    const masked = (await list({ name: '林晓' }, plain.token)).data.records[0]!;
    expect(masked.phone).toBe('138****0001');
    const full = (await list({ name: '林晓' })).data.records[0]!;
    expect(full.phone).toBe('13812340001');
    // no list and no review without the page
    const other = await loginWithRole(t, 'visitor-none', { pages: ['Building'], villages: null });
    expect((await list({}, other.token)).code).toBe(Code.forbidden);
    expect((await review({ id: full.id, status: 2, reason: 'x' }, other.token)).body.code).toBe(Code.forbidden);
    // a role scoped to one village sees that village's visitors only
    const jade = await loginWithRole(t, 'visitor-jade', { pages: ['Visitor'], villages: [ids.jade.id] });
    const rows = (await list({}, jade.token)).data.records;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.village_id === ids.jade.id)).toBe(true);
  });

  it('approves with a pass window (today until 23:59:59 by default) that the doors read', async () => {
    const p = await pending();
    const r = await review({ id: p.id, status: 1 });
    expect(r.body, r.body.msg).toMatchObject({ code: 0, msg: '审核成功', data: { id: p.id, status: 1 } });
    const row = (await list({ name: p.name })).data.records.find((x) => x.id === p.id)!;
    const today = formatDate(new Date());
    expect(row).toMatchObject({ state: 1, pass_start: `${today} 00:00:00`, pass_end: `${today} 23:59:59` });
    const villageId = Number(row.village_id);
    const passes = await validVisitorPasses(t.db, { tenantId: ids.tenantA, villageId });
    expect(passes.find((x) => x.id === p.id)).toMatchObject({
      name: p.name,
      passStart: `${today} 00:00:00`,
      passEnd: `${today} 23:59:59`,
    });
    // a second review changes nothing
    expect((await review({ id: p.id, status: 2, reason: '重复' })).body).toMatchObject({ code: Code.fail });
    // past its window the pass is gone and the list says 已过期
    await t.db.execute(sql`update visitors set pass_end = now() - interval '1 second' where id = ${p.id}`);
    expect((await validVisitorPasses(t.db, { tenantId: ids.tenantA, villageId })).map((x) => x.id)).not.toContain(p.id);
    expect((await list({ state: 3 })).data.records.map((x) => x.id)).toContain(p.id);
    // asked for a time inside the window, it was valid then
    const then = new Date(Date.now() - 60_000);
    expect((await validVisitorPasses(t.db, { tenantId: ids.tenantA, villageId, at: then })).map((x) => x.id)).toContain(
      p.id,
    );
  });

  it("opens his village's doors while the window holds — by face where he gave a photo — and none after it", async () => {
    const p = await pending();
    await t.db.execute(sql`update visitors set avatar = 't1/visitor/face.png' where id = ${p.id}`);
    expect((await review({ id: p.id, status: 1 })).body).toMatchObject({ code: 0 });
    const doors = await t.rows<{ id: number; device_type: number }>(
      sql`select id, device_type from access_devices where village_id = ${ids.sunshine.id} order by id`,
    );
    const holders = async () =>
      new Set(
        (
          await expectedPeople(
            t.db,
            t.registry,
            ids.tenantA,
            doors.map((d) => d.id),
          )
        )
          .filter((e) => e.face_id === `V${p.id}`)
          .map((e) => e.device_id),
      );
    expect(doors.some((d) => d.device_type === 2)).toBe(true);
    expect(await holders()).toEqual(new Set(doors.map((d) => d.id)));
    // without a photo only the card/QR doors know him
    await t.db.execute(sql`update visitors set avatar = '' where id = ${p.id}`);
    expect(await holders()).toEqual(new Set(doors.filter((d) => d.device_type !== 2).map((d) => d.id)));
    await t.db.execute(sql`update visitors set pass_end = now() - interval '1 second' where id = ${p.id}`);
    expect(await holders()).toEqual(new Set());
    // another company's doors never list him
    const theirs = await t.rows<{ id: number }>(sql`select id from access_devices where tenant_id = ${ids.tenantB}`);
    await t.db.execute(sql`update visitors set pass_end = now() + interval '1 hour' where id = ${p.id}`);
    const b = await expectedPeople(
      t.db,
      t.registry,
      ids.tenantB,
      theirs.map((d) => d.id),
    );
    expect(b.some((e) => e.face_id === `V${p.id}`)).toBe(false);
  });

  it('takes a window of its own, and refuses a wrong one naming the field, writing nothing', async () => {
    const p = await pending();
    const day = (offset: number) => formatDate(new Date(Date.now() + offset * 86_400_000));
    const cases: [Record<string, unknown>, string, string][] = [
      [{ pass_start: '2026-13-01 00:00:00' }, '通行开始时间 格式错误', 'pass_start'],
      [{ pass_end: 'tomorrow' }, '通行结束时间 格式错误', 'pass_end'],
      [{ pass_start: `${day(1)} 10:00:00`, pass_end: `${day(1)} 09:00:00` }, '须晚于开始时间', 'pass_end'],
      [{ pass_start: `${day(-3)} 10:00:00`, pass_end: `${day(-2)} 09:00:00` }, '不能早于当前时间', 'pass_end'],
      [{ pass_start: `${day(0)} 10:00:00`, pass_end: `${day(40)} 09:00:00` }, '不能超过31天', 'pass_end'],
    ];
    for (const [body, msg, field] of cases) {
      const r = await review({ id: p.id, status: 1, ...body });
      expect(r.body, JSON.stringify(body)).toMatchObject({ code: Code.validation, data: { field } });
      expect(r.body.msg).toContain(msg);
    }
    expect((await review({ id: p.id, status: 3 })).body.msg).toBe('请选择审核结果');
    expect((await list({ state: 0 })).data.records.map((x) => x.id)).toContain(p.id);
    const r = await review({ id: p.id, status: 1, pass_start: `${day(1)} 08:00:00`, pass_end: `${day(2)} 20:00:00` });
    expect(r.body.code, r.body.msg).toBe(0);
    const row = (await list({ name: p.name })).data.records.find((x) => x.id === p.id)!;
    expect(row).toMatchObject({ state: 1, pass_start: `${day(1)} 08:00:00`, pass_end: `${day(2)} 20:00:00` });
    // not yet valid: the window starts tomorrow
    expect(
      (await validVisitorPasses(t.db, { tenantId: ids.tenantA, villageId: Number(row.village_id) })).map((x) => x.id),
    ).not.toContain(p.id);
  });

  it('refuses only with a reason', async () => {
    const p = await pending();
    const r = await review({ id: p.id, status: 2, reason: '  ' });
    expect(r.body).toMatchObject({ code: Code.validation, msg: '请填写拒绝原因', data: { field: 'reason' } });
    const ok = await review({ id: p.id, status: 2, reason: '被访业主不在家' });
    expect(ok.body, ok.body.msg).toMatchObject({ code: 0, data: { status: 2 } });
    const row = (await list({ name: p.name })).data.records.find((x) => x.id === p.id)!;
    expect(row).toMatchObject({ state: 2, reason: '被访业主不在家', pass_start: null, pass_end: null });
  });

  it('is not written by the engine forms', async () => {
    const p = (await list()).data.records[0]!;
    expect((await t.post(`${V}/add`, { row: { name: 'x' } }, property)).body.code).not.toBe(0);
    expect((await t.post(`${V}/edit`, { row: { id: p.id, name: 'x' } }, property)).body.code).not.toBe(0);
  });

  it("keeps company B out of A's visitors, codes and passes", async () => {
    const b = await list({}, propertyb);
    expect(b, b.msg).toMatchObject({ code: 0, data: { total: 0, records: [] } });
    const a = await pending();
    expect((await review({ id: a.id, status: 2, reason: 'x' }, propertyb)).body.code).toBe(Code.notFound);
    expect((await t.post(`${V}/detail`, { id: a.id }, propertyb)).body.code).not.toBe(0);
    for (const path of ['qrcode', 'revokeQr']) {
      expect((await t.post(`${V}/${path}`, { village_id: ids.sunshine.id }, propertyb)).body.code).toBe(Code.notFound);
    }
    expect(
      (await t.post(`${V}/setting`, { village_id: ids.sunshine.id, f_visitor_registration: 2 }, propertyb)).body.code,
    ).toBe(Code.notFound);
    expect(await validVisitorPasses(t.db, { tenantId: ids.tenantB, villageId: ids.sunshine.id })).toEqual([]);
    expect((await visitorsByDay(t.db, { tenantId: ids.tenantB, days: 7 })).every((d) => d.count === 0)).toBe(true);
  });

  it('counts registrations by day over the last 7 and 30 days', async () => {
    const week = await visitorsByDay(t.db, { tenantId: ids.tenantA, days: 7 });
    expect(week).toHaveLength(7);
    expect(week.at(-1)!.date).toBe(formatDate(new Date()));
    // the demo's ten over the week, and today the three of the demo plus those this file registered
    expect(week.reduce((s, d) => s + d.count, 0)).toBe(10 + n);
    expect(week.at(-1)!.count).toBe(3 + n);
    const month = await visitorsByDay(t.db, { tenantId: ids.tenantA, days: 30 });
    expect(month).toHaveLength(30);
    expect(month.reduce((s, d) => s + d.count, 0)).toBe(10 + n);
    const jade = await visitorsByDay(t.db, { tenantId: ids.tenantA, days: 7, villageIds: [ids.jade.id] });
    expect(jade.reduce((s, d) => s + d.count, 0)).toBe(5);
  });
});
