import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApp, type TestApp } from '../../../test/harness.ts';

const B = '/Web/Patrol/Route';
type Village = { id: number; tenant_id: number };

describe('patrol routes', () => {
  let t: TestApp;
  let property: string;
  let propertyb: string;
  let sun: Village;
  let jade: Village;
  let other: Village;
  const pts: Record<string, number> = {};

  const point = async (v: Village, name: string, state = 1) => {
    const r = await t.one<{ id: number }>(sql`insert into patrol_points (tenant_id, village_id, name, point_no, state)
      values (${v.tenant_id}, ${v.id}, ${name}, ${`R-${name}`}, ${state}) returning id`);
    pts[name] = r.id;
  };
  const weekly = JSON.stringify({
    type: 2,
    week: [1, 3],
    times: [
      { start: '20:00:00', end: '21:00:00' },
      { start: '08:00:00', end: '09:00:00' },
    ],
  });
  const add = (row: Record<string, unknown>, token = property) =>
    t.post(`${B}/add`, { row: { village_id: sun.id, name: '东区夜巡', patrol_time: weekly, state: 1, ...row } }, token);
  const count = async () => (await t.one<{ n: number }>(sql`select count(*)::int n from patrol_routes`)).n;
  const chain = async (routeId: number) =>
    (
      await t.rows<{ point_id: number }>(
        sql`select point_id from patrol_route_points where route_id = ${routeId} order by seq`,
      )
    ).map((r) => r.point_id);
  const last = async () => (await t.one<{ id: number }>(sql`select max(id)::int id from patrol_routes`)).id;

  beforeAll(async () => {
    t = await setupApp();
    [property, propertyb] = await Promise.all([t.login('property'), t.login('propertyb')]);
    sun = await t.one<Village>(sql`select id, tenant_id from villages where name = '阳光花园'`);
    jade = await t.one<Village>(sql`select id, tenant_id from villages where name = '翠湖名苑'`);
    other = await t.one<Village>(sql`select id, tenant_id from villages where tenant_id <> ${sun.tenant_id} limit 1`);
    await point(sun, '东门');
    await point(sun, '北门');
    await point(sun, '车库');
    await point(sun, '旧岗亭', 0);
    await point(jade, '翠湖大门');
    await point(other, '乙公司大门');
  });
  afterAll(() => t.close());

  it('writes the route and its points in walking order, and the list shows the chain, time and order', async () => {
    const r = await add({ point_ids: [pts['车库'], pts['东门'], pts['北门']] });
    expect(r.body.code, r.body.msg).toBe(0);
    const id = await last();
    expect(await chain(id)).toEqual([pts['车库'], pts['东门'], pts['北门']]);
    const stored = await t.one<{ patrol_time: string }>(sql`select patrol_time from patrol_routes where id = ${id}`);
    // stored normalised: windows in time order
    expect(JSON.parse(stored.patrol_time).times[0]).toEqual({ start: '08:00:00', end: '09:00:00' });

    const list = await t.post<{ records: Record<string, unknown>[] }>(`${B}/list`, { name: '东区夜巡' }, property);
    const row = list.body.data.records.find((x) => x.id === id)!;
    expect(row.points).toEqual([
      { id: pts['车库'], name: '车库' },
      { id: pts['东门'], name: '东门' },
      { id: pts['北门'], name: '北门' },
    ]);
    expect(row.point_ids).toEqual([pts['车库'], pts['东门'], pts['北门']]);

    // an edit reorders (a comma list is accepted too); the old order is gone
    const e = await t.post(`${B}/edit`, { row: { id, point_ids: `${pts['北门']},${pts['车库']}` } }, property);
    expect(e.body.code, e.body.msg).toBe(0);
    expect(await chain(id)).toEqual([pts['北门'], pts['车库']]);
    const d = await t.post<Record<string, unknown>>(`${B}/detail`, { id }, property);
    expect(d.body.data.points).toEqual([
      { id: pts['北门'], name: '北门' },
      { id: pts['车库'], name: '车库' },
    ]);
  });

  it('refuses bad patrol times with the message of the rule broken, naming patrol_time, and writes nothing', async () => {
    const before = await count();
    const cases: [unknown, string][] = [
      ['not json', '巡更时间格式错误'],
      [{ type: 5, times: [{ start: '08:00:00', end: '09:00:00' }] }, '请选择巡更类型'],
      [{ type: 2, week: [], times: [{ start: '08:00:00', end: '09:00:00' }] }, '请选择巡更星期'],
      [{ type: 2, week: [8], times: [{ start: '08:00:00', end: '09:00:00' }] }, '请选择巡更星期'],
      [{ type: 3, month: [], times: [{ start: '08:00:00', end: '09:00:00' }] }, '请选择巡更日期'],
      [{ type: 1, times: [] }, '请添加巡更时段'],
      [{ type: 1, times: [{ start: '8点', end: '09:00:00' }] }, '巡更时段格式应为HH:mm:ss'],
      [{ type: 1, times: [{ start: '09:00:00', end: '08:00:00' }] }, '结束时间必须晚于开始时间'],
      [
        {
          type: 1,
          times: [
            { start: '08:00:00', end: '10:00:00' },
            { start: '09:30:00', end: '11:00:00' },
          ],
        },
        '巡更时段不能重叠',
      ],
    ];
    for (const [time, msg] of cases) {
      const value = typeof time === 'string' ? time : JSON.stringify(time);
      const r = await add({ point_ids: [pts['东门']], patrol_time: value });
      expect(r.body.code, JSON.stringify(time)).not.toBe(0);
      expect(r.body.msg).toContain(msg);
      expect(JSON.stringify(r.body)).toContain('patrol_time');
    }
    const none = await add({ point_ids: [pts['东门']], patrol_time: '' });
    expect(none.body.msg).toContain('请选择巡更时间');
    expect(await count()).toBe(before);
  });

  it('refuses points of another village or company, disabled, repeated or missing ones, naming point_ids; nothing written', async () => {
    const before = await count();
    const links = (await t.one<{ n: number }>(sql`select count(*)::int n from patrol_route_points`)).n;
    const cases: [unknown, string][] = [
      [[pts['东门'], pts['翠湖大门']], '巡更点位不属于该小区'],
      [[pts['乙公司大门']], '巡更点位不属于该小区'],
      [[999999], '巡更点位不属于该小区'],
      [[pts['旧岗亭']], '巡更点位已停用'],
      [[pts['东门'], pts['东门']], '巡更点位不能重复'],
      ['a,b', '巡更点位格式错误'],
      [[], '请选择巡更点位'],
    ];
    for (const [ids, msg] of cases) {
      const r = await add({ point_ids: ids });
      expect(r.body.code, JSON.stringify(ids)).not.toBe(0);
      expect(r.body.msg).toContain(msg);
      expect(JSON.stringify(r.body)).toContain('point_ids');
    }
    expect(await count()).toBe(before);
    expect((await t.one<{ n: number }>(sql`select count(*)::int n from patrol_route_points`)).n).toBe(links);
  });

  it('an edit that fails leaves the old chain; moving a route to another village needs that village’s points', async () => {
    await add({ name: '移动测试', point_ids: [pts['东门']] });
    const id = await last();
    const bad = await t.post(`${B}/edit`, { row: { id, point_ids: [pts['北门'], pts['翠湖大门']] } }, property);
    expect(bad.body.msg).toContain('巡更点位不属于该小区');
    expect(await chain(id)).toEqual([pts['东门']]);
    const moved = await t.post(`${B}/edit`, { row: { id, village_id: jade.id } }, property);
    expect(moved.body.msg).toContain('巡更点位不属于该小区');
    const ok = await t.post(`${B}/edit`, { row: { id, village_id: jade.id, point_ids: [pts['翠湖大门']] } }, property);
    expect(ok.body.code, ok.body.msg).toBe(0);
    expect(await chain(id)).toEqual([pts['翠湖大门']]);
  });

  it('keeps companies apart: another company neither sees nor edits the route, nor puts its points on its own', async () => {
    await add({ name: '甲公司路线', point_ids: [pts['东门']] });
    const id = await last();
    const list = await t.post<{ records: { id: number }[] }>(`${B}/list`, {}, propertyb);
    expect(list.body.code).toBe(0);
    expect(list.body.data.records.some((r) => r.id === id)).toBe(false);
    const e = await t.post(`${B}/edit`, { row: { id, name: '篡改' } }, propertyb);
    expect(e.body.msg).toContain('数据不存在');
    const mine = await t.post(
      `${B}/add`,
      { row: { village_id: other.id, name: '乙路线', patrol_time: weekly, state: 1, point_ids: [pts['东门']] } },
      propertyb,
    );
    expect(mine.body.msg).toContain('巡更点位不属于该小区');
    const own = await t.post(
      `${B}/add`,
      { row: { village_id: other.id, name: '乙路线', patrol_time: weekly, state: 1, point_ids: [pts['乙公司大门']] } },
      propertyb,
    );
    expect(own.body.code, own.body.msg).toBe(0);
  });
});
