import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListReply, ScreenConfig } from '@5a/contracts';
import { setupApp, type TestApp } from '../../../test/harness.ts';
import { addPoint, addRoute, daily, patrolFixture, type PatrolFixture } from './testing.ts';

type Checkin = {
  verdict: number;
  verdict_text: string;
  task: { id: number; points_done: number; status: number } | null;
};

describe('patrol check-ins (H5), corrections and the task and record screens', () => {
  let t: TestApp;
  let f: PatrolFixture;
  let staff: string;
  let property: string;
  let propertyb: string;
  const p: Record<string, number> = {};
  const task: Record<string, number> = {};
  const checkins = async () => (await t.one<{ n: number }>(sql`select count(*)::int as n from patrol_checkins`)).n;
  /** a task of today with a window around now: minutes from now */
  const addTask = async (route: number, worker: number, from: number, to: number, staffIds = '') =>
    (
      await t.one<{ id: number }>(
        sql`insert into patrol_tasks (tenant_id, village_id, route_id, worker_id, staff_ids, task_date, window_start, window_end, points_total)
            values (${f.tenantId}, ${f.villageId}, ${route}, ${worker}, ${staffIds}, (now() at time zone 'Asia/Shanghai')::date,
                    now() + make_interval(mins => ${from}), now() + make_interval(mins => ${to}),
                    (select count(*) from patrol_route_points where route_id = ${route}))
            returning id`,
      )
    ).id;
  const checkin = (point: number, token: string, extra: Record<string, unknown> = {}) =>
    t.post<Checkin>('/Web/Patrol/H5/checkin', { point_id: point, ...extra }, token);
  const taskRow = (id: number) =>
    t.one<{ status: number; points_done: number; done: boolean }>(
      sql`select status, points_done, completed_at is not null as done from patrol_tasks where id = ${id}`,
    );

  beforeAll(async () => {
    t = await setupApp();
    f = await patrolFixture(t.db);
    [staff, property, propertyb] = await Promise.all([t.login('staff'), t.login('property'), t.login('propertyb')]);
    for (const name of ['东门', '北门', '车库', '泵房', '花园', '停用点'])
      p[name] = await addPoint(t.db, f.tenantId, f.villageId, name);
    await t.db.execute(sql`update patrol_points set state = 0 where id = ${p['停用点']!}`);
    const tB = (await t.one<{ id: number }>(sql`select tenant_id as id from users where user_name = 'propertyb'`)).id;
    const vB = (await t.one<{ id: number }>(sql`select id from villages where tenant_id = ${tB} limit 1`)).id;
    p.other = await addPoint(t.db, tB, vB, '他司点位');
    const time = daily(['00:00:00', '00:01:00']);
    const main = await addRoute(t.db, f, {
      patrolTime: time,
      staffIds: String(f.zhang),
      points: [p['东门']!, p['北门']!],
    });
    const lateRoute = await addRoute(t.db, f, { patrolTime: time, staffIds: String(f.zhang), points: [p['车库']!] });
    await addRoute(t.db, f, { patrolTime: time, staffIds: String(f.zhang), points: [p['泵房']!, p['停用点']!] });
    const shared = await addRoute(t.db, f, {
      patrolTime: time,
      staffIds: `${f.li},${f.zhang}`,
      dispatchType: 2,
      points: [p['花园']!],
    });
    task.main = await addTask(main, f.zhang, -10, 50);
    task.late = await addTask(lateRoute, f.zhang, -120, -1);
    task.shared = await addTask(shared, 0, -10, 50, `${f.li},${f.zhang}`);
    task.li = await addTask(main, f.li, -10, 50);
  });
  afterAll(() => t.close());

  it('shows the scanned point and the guard’s task of the moment', async () => {
    const r = await t.post<{
      point: { name: string };
      task: { id: number; route_name: string; points: unknown[] };
      done: boolean;
    }>('/Web/Patrol/H5/point', { point_id: p['东门'] }, staff);
    expect(r.body.code, r.body.msg).toBe(0);
    expect(r.body.data.point.name).toBe('东门');
    expect(r.body.data.task.id).toBe(task.main);
    expect(r.body.data.task.points).toEqual([
      { id: p['东门'], name: '东门', done: false },
      { id: p['北门'], name: '北门', done: false },
    ]);
    expect(r.body.data.done).toBe(false);
  });

  it('lists the guard’s tasks of today with their points, not another guard’s; a caller who is no guard is told so', async () => {
    type Today = { date: string; tasks: { id: number; route_name: string; window: string; points: unknown[] }[] };
    const r = await t.post<Today>('/Web/Patrol/H5/today', {}, staff);
    expect(r.body.code, r.body.msg).toBe(0);
    expect(r.body.data.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const ids = r.body.data.tasks.map((x) => x.id);
    expect(ids).toEqual(expect.arrayContaining([task.main, task.late, task.shared]));
    expect(ids).not.toContain(task.li);
    const main = r.body.data.tasks.find((x) => x.id === task.main)!;
    expect(main.window).toMatch(/^\d{2}:\d{2}-\d{2}:\d{2}$/);
    expect(main.points).toEqual([
      { id: p['东门'], name: '东门', done: false },
      { id: p['北门'], name: '北门', done: false },
    ]);
    expect((await t.post('/Web/Patrol/H5/today', {}, property)).body.msg).toBe('您不是巡更人员');
  });

  it('records 准时 inside the window and completes the task when every point is walked', async () => {
    const first = await checkin(p['东门']!, staff, { note: '正常' });
    expect(first.body.data).toMatchObject({
      verdict: 1,
      verdict_text: '准时',
      task: { id: task.main, points_done: 1, status: 1 },
    });
    // the same point again is recorded, and counted once
    expect((await checkin(p['东门']!, staff)).body.data.task).toMatchObject({ points_done: 1, status: 1 });
    expect((await checkin(p['北门']!, staff)).body.data.task).toMatchObject({ points_done: 2, status: 2 });
    expect(await taskRow(task.main!)).toEqual({ status: 2, points_done: 2, done: true });
    // the other guard's task on the same route is his own
    expect(await taskRow(task.li!)).toEqual({ status: 0, points_done: 0, done: false });
    // a shared task listing him counts his walk
    expect((await checkin(p['花园']!, staff)).body.data).toMatchObject({
      verdict: 1,
      task: { id: task.shared, status: 2 },
    });
  });

  it('records 迟到 after today’s window closed, 不在巡更时段 on his route without a window, 错误点位 elsewhere', async () => {
    expect((await checkin(p['车库']!, staff)).body.data).toMatchObject({
      verdict: 2,
      verdict_text: '迟到',
      task: { id: task.late },
    });
    expect(await taskRow(task.late!)).toEqual({ status: 0, points_done: 0, done: false });
    expect((await checkin(p['泵房']!, staff)).body.data).toMatchObject({
      verdict: 4,
      verdict_text: '不在巡更时段',
      task: null,
    });
    expect((await checkin(p['北门']!, staff)).body.data.verdict).toBe(1);
    const before = await checkins();
    expect((await checkin(p['花园']!, staff)).body.data.verdict).toBe(1);
    expect(await checkins()).toBe(before + 1);
    const wrong = await addPoint(t.db, f.tenantId, f.villageId, '无路线点位');
    expect((await checkin(wrong, staff)).body.data).toMatchObject({ verdict: 3, verdict_text: '错误点位', task: null });
    const rows = await t.rows<{ verdict: number; task_id: number | null }>(
      sql`select verdict, task_id from patrol_checkins where point_id = ${wrong}`,
    );
    expect(rows).toEqual([{ verdict: 3, task_id: null }]);
  });

  it('refuses another company’s point, a forged id, a caller who is no guard and a disabled point, writing nothing', async () => {
    const before = await checkins();
    for (const id of [p.other, 999999999]) {
      for (const url of ['/Web/Patrol/H5/point', '/Web/Patrol/H5/checkin']) {
        const r = await t.post(url, { point_id: id }, staff);
        expect(r.body.msg).toBe('点位不存在');
        expect(r.body.data).toEqual({ field: 'point_id' });
      }
    }
    expect((await checkin(p['东门']!, propertyb)).body.msg).toBe('点位不存在');
    expect((await checkin(p['东门']!, property)).body.msg).toBe('您不是巡更人员');
    expect((await checkin(p['停用点']!, staff)).body.msg).toBe('该点位已停用');
    expect((await t.post('/Web/Patrol/H5/checkin', { point_id: 'abc' }, staff)).body.msg).toBe('点位 格式错误');
    expect((await checkin(p['东门']!, staff, { photo: 'http://evil.example/x.jpg' })).body.msg).toBe(
      '现场照片格式错误',
    );
    expect((await checkin(p['东门']!, staff, { note: '长'.repeat(256) })).body.msg).toBe('备注不能超过255个字符');
    expect(await checkins()).toBe(before);
  });

  it('a correction is a new row naming the original; the task is recounted; the guard cannot correct his own', async () => {
    const late = await t.one<{ id: number }>(
      sql`select id from patrol_checkins where task_id = ${task.late} order by id limit 1`,
    );
    expect(
      (await t.post('/Web/Patrol/Record/correct', { id: late.id, verdict: 1, reason: '' }, property)).body.msg,
    ).toBe('请填写校正原因');
    expect(
      (await t.post('/Web/Patrol/Record/correct', { id: late.id, verdict: 1, reason: '补签' }, staff)).body.msg,
    ).toBe('不能校正本人的巡更记录');
    expect(
      (await t.post('/Web/Patrol/Record/correct', { id: late.id, verdict: 1, reason: '' }, propertyb)).body.code,
    ).not.toBe(0);
    const r = await t.post<{ id: number }>(
      '/Web/Patrol/Record/correct',
      { id: late.id, verdict: 1, reason: '信号差，现场核实准时' },
      property,
    );
    expect(r.body.msg).toBe('校正成功');
    expect(
      await t.rows(
        sql`select verdict, corrects_id, reason from patrol_checkins where id in (${late.id}, ${r.body.data.id}) order by id`,
      ),
    ).toEqual([
      { verdict: 2, corrects_id: null, reason: '' },
      { verdict: 1, corrects_id: late.id, reason: '信号差，现场核实准时' },
    ]);
    expect(await taskRow(task.late!)).toMatchObject({ status: 2, points_done: 1 });
    // correcting the correction corrects the original again
    expect(
      (await t.post('/Web/Patrol/Record/correct', { id: r.body.data.id, verdict: 1, reason: '再次' }, property)).body
        .msg,
    ).toBe('该记录已是“准时”，无需校正');
    // no hand edits or deletes of a record: nobody holds PatrolRecord:remove, and an edit is refused
    expect((await t.post('/Web/Patrol/Record/del', { id: late.id }, property)).body.msg).toBe('无权限');
    expect((await t.post('/Web/Patrol/Record/edit', { row: { id: late.id, note: 'x' } }, property)).body.msg).toBe(
      '巡更记录由系统生成，不能手工新增或修改',
    );
    expect(
      (
        await t.one<{ n: number }>(
          sql`select count(*)::int as n from patrol_checkins where id = ${late.id} and note = ''`,
        )
      ).n,
    ).toBe(1);
  });

  it('a guard lists his own tasks and records; the office sees the company’s, another company none', async () => {
    const list = async (url: string, token: string, body: Record<string, unknown> = {}) =>
      (await t.post<ListReply>(url, { current: 1, size: 500, ...body }, token)).body.data.records.map(
        (r) => r.id as number,
      );
    const mine = await list('/Web/Patrol/Task/list', staff);
    expect(mine).toEqual(expect.arrayContaining([task.main, task.late, task.shared]));
    expect(mine).not.toContain(task.li);
    const all = await list('/Web/Patrol/Task/list', property);
    expect(all).toEqual(expect.arrayContaining([task.main, task.late, task.shared, task.li]));
    expect(await list('/Web/Patrol/Task/list', propertyb)).not.toContain(task.main);
    // 李师傅's walk (he has no login) is the office's to see, not 张师傅's
    await t.db.execute(
      sql`insert into patrol_checkins (tenant_id, village_id, task_id, point_id, worker_id, user_id, verdict)
          values (${f.tenantId}, ${f.villageId}, null, ${p['北门']!}, ${f.li}, 0, 4)`,
    );
    const ownRecords = (
      await t.one<{ n: number }>(
        sql`select count(*)::int as n from patrol_checkins where worker_id in (select id from workers where user_id = ${f.staffUserId}) or user_id = ${f.staffUserId}`,
      )
    ).n;
    const allA = (
      await t.one<{ n: number }>(sql`select count(*)::int as n from patrol_checkins where tenant_id = ${f.tenantId}`)
    ).n;
    const total = async (url: string, token: string) =>
      (await t.post<ListReply>(url, { current: 1, size: 10 }, token)).body.data.total;
    expect(await total('/Web/Patrol/Record/list', staff)).toBe(ownRecords);
    expect(await total('/Web/Patrol/Record/list', property)).toBe(allA);
    expect(allA).toBe(ownRecords + 1);
    // the detail: points in order with their check-in or 未巡; another guard's task does not exist for him
    const d = await t.post<{ points: { name: string; verdict_text: string }[]; missed: string[] }>(
      '/Web/Patrol/Task/points',
      { id: task.main },
      staff,
    );
    expect(d.body.data.points.map((x) => [x.name, x.verdict_text])).toEqual([
      ['东门', '准时'],
      ['北门', '准时'],
    ]);
    expect((await t.post('/Web/Patrol/Task/points', { id: task.li }, staff)).body.code).not.toBe(0);
    const li = await t.post<{ points: { verdict_text: string }[] }>(
      '/Web/Patrol/Task/points',
      { id: task.li },
      property,
    );
    expect(li.body.data.points.map((x) => x.verdict_text)).toEqual(['未巡', '未巡']);
  });

  it('offers 生成任务 and 校正 only to who may use them', async () => {
    const config = async (route: string, token: string) => (await t.post<ScreenConfig>(route, {}, token)).body.data;
    const types = (c: ScreenConfig) => [...c.toolbar.map((b) => b.type), ...c.rowActions.map((a) => a.type)];
    expect(types(await config('/Web/Patrol/Task/listConfig', property))).toEqual(
      expect.arrayContaining(['patrolGenerate', 'patrolTaskDetail']),
    );
    expect(types(await config('/Web/Patrol/Task/listConfig', staff))).not.toContain('patrolGenerate');
    expect(types(await config('/Web/Patrol/Task/listConfig', staff))).toContain('patrolTaskDetail');
    expect(types(await config('/Web/Patrol/Record/listConfig', property))).toContain('patrolCorrect');
  });

  it('generates tasks for the office (none written twice) and not for a guard', async () => {
    const r = await t.post<{ count: number }>('/Web/Patrol/Task/generate', { days: 2 }, property);
    expect(r.body.code, r.body.msg).toBe(0);
    expect(r.body.data.count).toBeGreaterThan(0);
    expect((await t.post<{ count: number }>('/Web/Patrol/Task/generate', { days: 2 }, property)).body.data.count).toBe(
      0,
    );
    expect((await t.post('/Web/Patrol/Task/generate', { days: 2 }, staff)).body.code).not.toBe(0);
    expect((await t.post('/Web/Patrol/Task/generate', { days: 99 }, property)).body.msg).toBe('生成天数 格式错误');
  });
});
