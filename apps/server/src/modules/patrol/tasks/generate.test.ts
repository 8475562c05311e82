import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApp, type TestApp } from '../../../test/harness.ts';
import { raiseAlert, type RaiseAlertInput } from '../../notice/index.ts';
import { checkMissedPatrols, generatePatrolTasks } from './routes.ts';
import { addPoint, addRoute, daily, patrolFixture, type PatrolFixture } from './testing.ts';

// 2030-01-07 is a Monday
const MON = '2030-01-07';

describe('patrol task generation and the missed-window sweep', () => {
  let t: TestApp;
  let f: PatrolFixture;
  let points: number[];
  const tasksOf = (route: number) =>
    t.rows<{ worker_id: number; task_date: string; ws: string; we: string; points_total: number; staff_ids: string }>(
      sql`select worker_id, task_date::text, to_char(window_start at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') as ws,
                 to_char(window_end at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') as we, points_total, staff_ids
          from patrol_tasks where route_id = ${route} order by window_start, worker_id`,
    );

  beforeAll(async () => {
    t = await setupApp();
    f = await patrolFixture(t.db);
    points = [
      await addPoint(t.db, f.tenantId, f.villageId, '东门岗亭'),
      await addPoint(t.db, f.tenantId, f.villageId, '地下车库'),
      await addPoint(t.db, f.tenantId, f.villageId, '配电房'),
    ];
  });
  afterAll(() => t.close());

  it('writes a task per guard and window of each day (Asia/Shanghai wall clock), and nothing new the second time', async () => {
    const route = await addRoute(t.db, f, {
      patrolTime: daily(['08:00:00', '09:00:00'], ['20:00:00', '21:30:00']),
      staffIds: `${f.zhang},${f.li}`,
      points,
    });
    expect(await generatePatrolTasks(t.db, { from: MON, days: 7, routeIds: [route] })).toBe(28);
    expect(await generatePatrolTasks(t.db, { from: MON, days: 7, routeIds: [route] })).toBe(0);
    // an overlapping later run adds only the new day
    expect(await generatePatrolTasks(t.db, { from: '2030-01-10', days: 5, routeIds: [route] })).toBe(4);
    const rows = await tasksOf(route);
    expect(rows).toHaveLength(32);
    expect(rows[0]).toEqual({
      worker_id: Math.min(f.zhang, f.li),
      task_date: MON,
      ws: '2030-01-07 08:00:00',
      we: '2030-01-07 09:00:00',
      points_total: 3,
      staff_ids: `${f.zhang},${f.li}`,
    });
    expect(rows.at(-1)!.ws).toBe('2030-01-14 20:00:00');
    expect(new Set(rows.map((r) => r.worker_id))).toEqual(new Set([f.zhang, f.li]));
  });

  it('writes one shared task (worker 0) per window when the guards walk together', async () => {
    const route = await addRoute(t.db, f, {
      patrolTime: daily(['10:00:00', '11:00:00']),
      staffIds: `${f.zhang},${f.li}`,
      dispatchType: 2,
      points,
    });
    expect(await generatePatrolTasks(t.db, { from: MON, days: 3, routeIds: [route] })).toBe(3);
    expect((await tasksOf(route)).map((r) => [r.worker_id, r.task_date])).toEqual([
      [0, '2030-01-07'],
      [0, '2030-01-08'],
      [0, '2030-01-09'],
    ]);
  });

  it('keeps weekly routes to their weekdays and monthly routes to their days of the month', async () => {
    const weekly = await addRoute(t.db, f, {
      // numbers or strings, as long as they name the day
      patrolTime: { type: 2, week: [1, '3'], month: [], times: [{ start: '22:00:00', end: '23:00:00' }] },
      staffIds: String(f.zhang),
      points,
    });
    expect(await generatePatrolTasks(t.db, { from: MON, days: 14, routeIds: [weekly] })).toBe(4);
    expect((await tasksOf(weekly)).map((r) => r.task_date)).toEqual([
      '2030-01-07',
      '2030-01-09',
      '2030-01-14',
      '2030-01-16',
    ]);
    const monthly = await addRoute(t.db, f, {
      patrolTime: { type: 3, week: [], month: [1, 31], times: [{ start: '09:00:00', end: '10:00:00' }] },
      staffIds: String(f.zhang),
      points,
    });
    // 1 Feb – 3 Mar 2030: February has no 31st
    expect(await generatePatrolTasks(t.db, { from: '2030-02-01', days: 31, routeIds: [monthly] })).toBe(2);
    expect((await tasksOf(monthly)).map((r) => r.task_date)).toEqual(['2030-02-01', '2030-03-01']);
  });

  it('skips routes that are disabled, have no guards or no points, guards of another company, and windows closed before dispatch', async () => {
    const other = (await t.one<{ id: number }>(sql`select id from workers where tenant_id <> ${f.tenantId} limit 1`))
      .id;
    const base = { patrolTime: daily(['08:00:00', '09:00:00']), staffIds: String(f.zhang), points };
    const off = await addRoute(t.db, f, { ...base, state: 0 });
    const noGuards = await addRoute(t.db, f, { ...base, staffIds: '' });
    const noPoints = await addRoute(t.db, f, { ...base, points: [] });
    const foreign = await addRoute(t.db, f, { ...base, staffIds: `${other}, x, ${f.li}` });
    const broken = await addRoute(t.db, f, { ...base, patrolTime: { type: 1, times: [{ start: '8点', end: '9点' }] } });
    const late = await addRoute(t.db, f, { ...base, dispatchedAt: '2030-01-08 08:30:00+08' });
    const ids = [off, noGuards, noPoints, foreign, broken, late];
    expect(await generatePatrolTasks(t.db, { from: MON, days: 3, routeIds: ids })).toBe(5);
    expect((await tasksOf(foreign)).map((r) => r.worker_id)).toEqual([f.li, f.li, f.li]);
    // the window of the 8th ends after the dispatch, the 7th's closed before it
    expect((await tasksOf(late)).map((r) => r.task_date)).toEqual(['2030-01-08', '2030-01-09']);
    for (const id of [off, noGuards, noPoints, broken]) expect(await tasksOf(id)).toEqual([]);
  });

  // in the past: no other test's or demo task has closed by then
  it('marks unfinished tasks whose window closed as missed and raises one alert for each, not again on the next sweep', async () => {
    const route = await addRoute(t.db, f, {
      name: '夜间巡逻',
      patrolTime: daily(['08:00:00', '09:00:00'], ['20:00:00', '21:00:00']),
      staffIds: String(f.zhang),
      points,
    });
    await generatePatrolTasks(t.db, { from: '2020-03-04', days: 1, routeIds: [route] });
    const [morning, evening] = await t.rows<{ id: number }>(
      sql`select id from patrol_tasks where route_id = ${route} order by window_start`,
    );
    // the morning walk reached the first point on time
    await t.db.execute(
      sql`insert into patrol_checkins (tenant_id, village_id, task_id, point_id, worker_id, user_id, checked_at, verdict)
          values (${f.tenantId}, ${f.villageId}, ${morning!.id}, ${points[0]!}, ${f.zhang}, ${f.staffUserId}, '2020-03-04 08:10:00+08', 1)`,
    );
    await t.db.execute(sql`update patrol_tasks set status = 1, points_done = 1 where id = ${morning!.id}`);
    const raised: RaiseAlertInput[] = [];
    const record = async (db: typeof t.db, input: RaiseAlertInput) => {
      raised.push(input);
      return raiseAlert(db, input);
    };
    const at = new Date('2020-03-04T09:00:01+08:00');
    expect(await checkMissedPatrols(t.db, at, record)).toEqual([morning!.id]);
    expect(await checkMissedPatrols(t.db, at, record)).toEqual([]);
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({
      tenantId: f.tenantId,
      villageId: f.villageId,
      type: 4,
      title: '巡更漏巡：夜间巡逻',
      content: '2020-03-04 08:00-09:00（张师傅）未完成巡更，漏巡点位 2/3：地下车库、配电房',
      source: 'patrol_task',
      sourceId: morning!.id,
    });
    const status = async () =>
      (
        await t.rows<{ status: number }>(
          sql`select status from patrol_tasks where route_id = ${route} order by window_start`,
        )
      ).map((r) => r.status);
    expect(await status()).toEqual([3, 0]);
    // a completed task is never missed; a marked task whose alert was not noted yet is raised once more, still one alert
    await t.db.execute(sql`update patrol_tasks set status = 2 where id = ${evening!.id}`);
    await t.db.execute(sql`update patrol_tasks set missed_alerted = false where id = ${morning!.id}`);
    expect(await checkMissedPatrols(t.db, new Date('2020-03-05T00:00:00+08:00'), record)).toEqual([morning!.id]);
    expect(await status()).toEqual([3, 2]);
    const alerts = await t.rows<{ type: number; title: string }>(
      sql`select type, title from abnormal_alerts where source = 'patrol_task' and source_id = ${String(morning!.id)}`,
    );
    expect(alerts).toEqual([{ type: 4, title: '巡更漏巡：夜间巡逻' }]);
  });
});
