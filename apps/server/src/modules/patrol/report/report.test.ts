import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readXlsx } from '../../../core/engine/import-sheet.ts';
import { formatDate } from '../../../core/time.ts';
import { setupApp, type TestApp } from '../../../test/harness.ts';
import { patrolFigures } from '../index.ts';
import type { PatrolReport } from './figures.ts';

const R = '/Web/Patrol/Report';
// far from the demo's tasks (generated around today), so the figures below are these rows only
const RANGE = { start_date: '2031-03-03', end_date: '2031-03-17' };

describe('patrol report', () => {
  let t: TestApp;
  let property = '';
  let propertyb = '';
  let jadeonly = '';
  const v = { sunny: 0, jade: 0, b: 0 };
  const g = { one: 0, two: 0, b: 0 };
  const route = { sunny: 0, jade: 0, b: 0 };

  const id = async (q: ReturnType<typeof sql>) => (await t.one<{ id: number }>(q)).id;
  const task = (
    tenant: number,
    village: number,
    routeId: number,
    worker: number,
    staff: string,
    day: string,
    hour: number,
    status: number,
  ) =>
    t.rows(sql`insert into patrol_tasks (tenant_id, village_id, route_id, worker_id, staff_ids, task_date, window_start, window_end, status, points_total)
      values (${tenant}, ${village}, ${routeId}, ${worker}, ${staff}, ${day}::date,
        (${day}::date + make_interval(hours => ${hour})) at time zone 'Asia/Shanghai',
        (${day}::date + make_interval(hours => ${hour + 1})) at time zone 'Asia/Shanghai', ${status}, 3)`);
  const report = async (body: Record<string, unknown>, token = property) => {
    const r = await t.post<PatrolReport>(`${R}/data`, body, token);
    expect(r.body.code, r.body.msg).toBe(0);
    return r.body.data;
  };

  beforeAll(async () => {
    t = await setupApp();
    const tenantA = await id(sql`select tenant_id as id from users where user_name = 'property'`);
    const tenantB = await id(sql`select tenant_id as id from users where user_name = 'propertyb'`);
    v.sunny = await id(sql`select id from villages where name = '阳光花园'`);
    v.jade = await id(sql`select id from villages where name = '翠湖名苑'`);
    v.b = await id(sql`select id from villages where tenant_id = ${tenantB} order by id limit 1`);
    const worker = (tenant: number, village: number, name: string) =>
      id(sql`insert into workers (tenant_id, village_id, name) values (${tenant}, ${village}, ${name}) returning id`);
    g.one = await worker(tenantA, v.sunny, '报表甲');
    g.two = await worker(tenantA, v.jade, '报表乙');
    g.b = await worker(tenantB, v.b, '报表丙');
    const line = (tenant: number, village: number, name: string, staff: string, type: number) =>
      id(sql`insert into patrol_routes (tenant_id, village_id, name, staff_ids, dispatch_type)
        values (${tenant}, ${village}, ${name}, ${staff}, ${type}) returning id`);
    route.sunny = await line(tenantA, v.sunny, '报表东线', String(g.one), 1);
    route.jade = await line(tenantA, v.jade, '报表湖线', `${g.one},${g.two}`, 2);
    route.b = await line(tenantB, v.b, '报表乙司线', String(g.b), 1);
    // week of Monday 03-03 — 阳光花园, guard 甲 alone: done, done, missed, pending
    for (const [day, status] of [
      ['2031-03-03', 2],
      ['2031-03-04', 2],
      ['2031-03-05', 3],
      ['2031-03-09', 0],
    ] as const)
      await task(tenantA, v.sunny, route.sunny, g.one, String(g.one), day, 8, status);
    // week of 03-10 — 翠湖名苑, 甲 and 乙 together (worker 0): done, missed, missed
    for (const [hour, status] of [
      [8, 2],
      [14, 3],
      [20, 3],
    ] as const)
      await task(tenantA, v.jade, route.jade, 0, `${g.one},${g.two}`, '2031-03-11', hour, status);
    // company B: three completed tasks nobody in company A may count
    for (const day of ['2031-03-03', '2031-03-10', '2031-03-12'])
      await task(tenantB, v.b, route.b, g.b, String(g.b), day, 9, 2);
    // 翠湖名苑's clerk may open the report (his role views the village's estate only in the demo)
    await t.rows(sql`
      with m as (select id from menus where app_type = 'web' and route_name = 'PatrolReport'),
        r as (select id from roles where code = 'jade_clerk')
      insert into role_resources (role_id, resource_id) select r.id, m.id || '_view' from r, m`);
    await t.rows(sql`insert into role_menus (role_id, menu_id)
      select r.id, m.id from roles r, menus m where r.code = 'jade_clerk' and m.app_type = 'web' and m.route_name = 'PatrolReport'`);
    [property, propertyb, jadeonly] = await Promise.all([
      t.login('property'),
      t.login('propertyb'),
      t.login('jadeonly'),
    ]);
  });
  afterAll(() => t.close());

  it('counts tasks, completed, missed and the rate overall, by guard (a shared task for each), route and week', async () => {
    const d = await report(RANGE);
    expect(d.summary).toEqual({ total: 7, completed: 3, missed: 3, rate: 42.86 });
    const guards = new Map(d.byGuard.map((x) => [x.worker_id, x]));
    expect(guards.get(g.one)).toEqual({
      worker_id: g.one,
      worker_name: '报表甲（阳光花园）',
      total: 7,
      completed: 3,
      missed: 3,
      rate: 42.86,
    });
    expect(guards.get(g.two)).toMatchObject({
      worker_name: '报表乙（翠湖名苑）',
      total: 3,
      completed: 1,
      missed: 2,
      rate: 33.33,
    });
    expect(guards.has(g.b)).toBe(false);
    expect(d.byRoute.map((x) => [x.route_name, x.village_name, x.total, x.completed, x.missed, x.rate])).toEqual([
      ['报表东线', '阳光花园', 4, 2, 1, 50],
      ['报表湖线', '翠湖名苑', 3, 1, 2, 33.33],
    ]);
    // every week of the range, the empty third one with zeros
    expect(d.byWeek).toEqual([
      { week: '2031-03-03', total: 4, completed: 2, missed: 1, rate: 50 },
      { week: '2031-03-10', total: 3, completed: 1, missed: 2, rate: 33.33 },
      { week: '2031-03-17', total: 0, completed: 0, missed: 0, rate: 0 },
    ]);
  });

  it('narrows to one village; the clerk of 翠湖名苑 sees that village only, whatever he asks', async () => {
    expect((await report({ ...RANGE, village_id: v.sunny })).summary).toEqual({
      total: 4,
      completed: 2,
      missed: 1,
      rate: 50,
    });
    const jade = await report(RANGE, jadeonly);
    expect(jade.summary).toEqual({ total: 3, completed: 1, missed: 2, rate: 33.33 });
    expect(jade.byRoute.map((x) => x.route_name)).toEqual(['报表湖线']);
    expect(jade.villages.map((x) => x.id)).toEqual([v.jade]);
    expect((await report({ ...RANGE, village_id: v.sunny }, jadeonly)).summary.total).toBe(0);
  });

  it('keeps each company to its own tasks', async () => {
    const b = await report(RANGE, propertyb);
    expect(b.summary).toEqual({ total: 3, completed: 3, missed: 0, rate: 100 });
    expect(b.byRoute.map((x) => x.route_name)).toEqual(['报表乙司线']);
    expect(b.villages.map((x) => x.id)).not.toContain(v.sunny);
    // another company's village id reports nothing rather than that company's tasks
    expect((await report({ ...RANGE, village_id: v.b })).summary.total).toBe(0);
  });

  it('defaults to the last four weeks and names the bad date field', async () => {
    const today = formatDate(new Date());
    const d = await report({});
    expect(d.end_date).toBe(today);
    expect((Date.parse(d.end_date) - Date.parse(d.start_date)) / 86_400_000).toBe(27);
    const bad = async (body: Record<string, unknown>, msg: string, field: string) => {
      const r = await t.post(`${R}/data`, body, property);
      expect(r.body.msg).toBe(msg);
      expect(r.body.data).toEqual({ field });
    };
    await bad({ start_date: '2031-02-30', end_date: '2031-03-17' }, '开始日期格式应为YYYY-MM-DD', 'start_date');
    await bad({ start_date: '2031-03-01', end_date: '17/03/2031' }, '结束日期格式应为YYYY-MM-DD', 'end_date');
    await bad({ start_date: '2031-03-17', end_date: '2031-03-01' }, '结束日期不能早于开始日期', 'end_date');
    await bad({ start_date: '2030-03-16', end_date: '2031-03-17' }, '统计时间跨度不能超过366天', 'end_date');
    // 366 days exactly is still one report
    expect((await report({ start_date: '2030-03-17', end_date: '2031-03-17' })).summary.total).toBe(7);
  });

  it('exports the same figures as an xlsx', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/xapi${R}/export`,
      payload: { ...RANGE, village_id: v.sunny },
      headers: { authorization: `Bearer ${property}` },
    });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent('巡更统计_2031-03-03_2031-03-17'));
    const sheet = await readXlsx(res.rawPayload, 1000);
    expect(sheet.headers).toEqual(['巡更统计', '2031-03-03 至 2031-03-17', '阳光花园']);
    const rows = sheet.rows.map((r) => r.cells);
    const at = (title: string) => rows.findIndex((c) => c[0] === title);
    expect(rows[at('汇总') + 2]).toEqual([4, 2, 1, 50]);
    expect(rows.find((c) => c[0] === '报表甲（阳光花园）')).toEqual(['报表甲（阳光花园）', 4, 2, 1, 50]);
    expect(rows.some((c) => c[0] === '报表湖线')).toBe(false);
  });

  it('refuses the report to a user without the page', async () => {
    const useradmin = await t.login('useradmin');
    expect((await t.post(`${R}/data`, RANGE, useradmin)).body.code).not.toBe(0);
  });

  it('gives the workbench the tasks of a day and the completed ones', async () => {
    const tenantA = await id(sql`select tenant_id as id from users where user_name = 'property'`);
    expect(await patrolFigures(t.db, { tenantId: tenantA, villageIds: null, day: '2031-03-11' })).toEqual({
      intelligentPatrol: 3,
      intelligentPatrolSuc: 1,
    });
    expect(await patrolFigures(t.db, { tenantId: tenantA, villageIds: [v.sunny], day: '2031-03-11' })).toEqual({
      intelligentPatrol: 0,
      intelligentPatrolSuc: 0,
    });
  });
});
