import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApp, type TestApp } from '../../../test/harness.ts';

const B = '/Web/Patrol/Route';
type Village = { id: number; tenant_id: number };

describe('巡更派发', () => {
  let t: TestApp;
  let property: string;
  let propertyb: string;
  let staff: string;
  let sun: Village;
  let route: number;
  let zhang: number;
  let li: number;
  let jadeWorker: number;

  const tasks = async () =>
    await t.rows<{ worker_id: number; status: number }>(
      sql`select worker_id, status from patrol_tasks where route_id = ${route} order by window_start, worker_id`,
    );

  beforeAll(async () => {
    t = await setupApp();
    [property, propertyb, staff] = await Promise.all([t.login('property'), t.login('propertyb'), t.login('staff')]);
    sun = await t.one<Village>(sql`select id, tenant_id from villages where name = '阳光花园'`);
    const p = await t.one<{ id: number }>(sql`insert into patrol_points (tenant_id, village_id, name, point_no)
      values (${sun.tenant_id}, ${sun.id}, '派发测试点', 'SEND-1') returning id`);
    const r = await t.post(
      `${B}/add`,
      {
        row: {
          village_id: sun.id,
          name: '派发测试路线',
          state: 1,
          point_ids: [p.id],
          // every day, the whole day: the coming week surely has windows to generate
          patrol_time: JSON.stringify({ type: 1, times: [{ start: '00:00:00', end: '23:59:59' }] }),
        },
      },
      property,
    );
    expect(r.body.code, r.body.msg).toBe(0);
    route = (await t.one<{ id: number }>(sql`select max(id)::int id from patrol_routes`)).id;
    zhang = (
      await t.one<{ id: number }>(
        sql`select w.id from workers w join users u on u.id = w.user_id where u.user_name = 'staff' and w.village_id = ${sun.id}`,
      )
    ).id;
    li = (
      await t.one<{ id: number }>(
        sql`insert into workers (tenant_id, village_id, name, section_name) values (${sun.tenant_id}, ${sun.id}, '王保安', '保安部') returning id`,
      )
    ).id;
    jadeWorker = (
      await t.one<{ id: number }>(
        sql`select w.id from workers w join villages v on v.id = w.village_id where v.name = '翠湖名苑' limit 1`,
      )
    ).id;
  });
  afterAll(() => t.close());

  it('offers the workers of the route’s village only', async () => {
    const r = await t.post<{ value: number; label: string }[]>(`${B}/staffOptions`, { id: route }, property);
    expect(r.body.code, r.body.msg).toBe(0);
    const ids = r.body.data.map((o) => o.value);
    expect(ids).toContain(zhang);
    expect(ids).toContain(li);
    expect(ids).not.toContain(jadeWorker);
    expect(r.body.data.find((o) => o.value === li)?.label).toBe('王保安（保安部）');
  });

  it('dispatches to guards, shows them on the list and generates their tasks; a redispatch replaces the open ones', async () => {
    const r = await t.post(
      `${B}/send`,
      { id: route, staff_ids: `${zhang},${li}`, handler: '赵队长', type: 1 },
      property,
    );
    expect(r.body.code, r.body.msg).toBe(0);
    expect(r.body.msg).toBe('派发成功');
    const row = await t.one<{ staff_ids: string; handler: string; dispatch_type: number; dispatched_at: Date | null }>(
      sql`select staff_ids, handler, dispatch_type, dispatched_at from patrol_routes where id = ${route}`,
    );
    expect(row).toMatchObject({ staff_ids: `${zhang},${li}`, handler: '赵队长', dispatch_type: 1 });
    expect(row.dispatched_at).not.toBeNull();
    const each = await tasks();
    expect(new Set(each.map((x) => x.worker_id))).toEqual(new Set([zhang, li]));

    const list = await t.post<{ records: Record<string, unknown>[] }>(`${B}/list`, { name: '派发测试路线' }, property);
    const shown = list.body.data.records[0]!;
    expect(String(shown.staff)).toContain('王保安');
    expect(shown.handler).toBe('赵队长');

    // shared walking: one task per window with worker 0; the per-guard tasks not begun are gone
    const again = await t.post(`${B}/send`, { id: route, staff_ids: [zhang], type: 2 }, property);
    expect(again.body.code, again.body.msg).toBe(0);
    const shared = (await tasks()).filter((x) => x.status === 0);
    expect(shared.length).toBeGreaterThan(0);
    expect(shared.some((x) => x.worker_id === 0)).toBe(true);
    const stale = await t.one<{ n: number }>(
      sql`select count(*)::int n from patrol_tasks where route_id = ${route} and worker_id <> 0 and window_start > now()`,
    );
    expect(stale.n).toBe(0);
  });

  it('refuses workers of another village or unknown ones, naming staff_ids, and changes nothing', async () => {
    const before = await t.one(sql`select staff_ids, handler, dispatch_type from patrol_routes where id = ${route}`);
    for (const ids of [[jadeWorker], [zhang, 999999]]) {
      const r = await t.post(`${B}/send`, { id: route, staff_ids: ids, type: 1 }, property);
      expect(r.body.msg).toBe('巡更人员不存在');
      expect(JSON.stringify(r.body)).toContain('staff_ids');
    }
    const empty = await t.post(`${B}/send`, { id: route, staff_ids: '', type: 1 }, property);
    expect(empty.body.msg).toContain('请选择巡更人员');
    const badType = await t.post(`${B}/send`, { id: route, staff_ids: [zhang], type: 3 }, property);
    expect(badType.body.msg).toContain('请选择派发方式');
    expect(await t.one(sql`select staff_ids, handler, dispatch_type from patrol_routes where id = ${route}`)).toEqual(
      before,
    );
  });

  it('is for the company that owns the route and for those granted 巡更派发', async () => {
    const other = await t.post(`${B}/send`, { id: route, staff_ids: [zhang], type: 1 }, propertyb);
    expect(other.body.msg).toContain('数据不存在');
    const opts = await t.post(`${B}/staffOptions`, { id: route }, propertyb);
    expect(opts.body.msg).toContain('数据不存在');
    const before = await t.one(sql`select staff_ids, dispatch_type from patrol_routes where id = ${route}`);
    // the guard himself holds no 巡更派发 right
    const guard = await t.post(`${B}/send`, { id: route, staff_ids: [li], type: 2 }, staff);
    expect(guard.body.code).not.toBe(0);
    expect(guard.body.msg).toMatch(/权限/);
    expect(await t.one(sql`select staff_ids, dispatch_type from patrol_routes where id = ${route}`)).toEqual(before);
  });

  it('the route form shows and sets 巡更人员: the village’s workers only, the coming tasks theirs at once', async () => {
    const edit = (staff_ids: unknown) => t.post(`${B}/edit`, { id: route, row: { staff_ids } }, property);
    const bad = await edit([jadeWorker]);
    expect(bad.body).toMatchObject({ msg: '巡更人员不存在', data: { field: 'staff_ids' } });
    const ok = await edit([li]);
    expect(ok.body.code, ok.body.msg).toBe(0);
    expect(await t.one(sql`select staff_ids from patrol_routes where id = ${route}`)).toEqual({
      staff_ids: String(li),
    });
    const detail = await t.post<{ staff_ids: number[]; staff: string }>(`${B}/detail`, { id: route }, property);
    expect(detail.body.data.staff_ids).toEqual([li]);
    // each guard's own task, or one shared by the listed guards (共同巡更), as the route was last dispatched
    const upcoming = await t.rows<{ who: string }>(
      sql`select distinct case when worker_id <> 0 then worker_id::text else staff_ids end as who
          from patrol_tasks where route_id = ${route} and status = 0 and window_start > now()`,
    );
    expect(upcoming).toEqual([{ who: String(li) }]);
    const config = await t.post<{ fields: { prop: string; type: string; byVillage?: boolean }[] }>(
      `${B}/listConfig`,
      {},
      property,
    );
    expect(config.body.data.fields.find((f) => f.prop === 'staff_ids')).toMatchObject({
      type: 'select',
      byVillage: true,
    });
  });
});
