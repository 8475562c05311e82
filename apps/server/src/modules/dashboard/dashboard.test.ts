import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, indexModules, type LoginData, type PanelData } from '@5a/contracts';
import { hashPassword } from '../auth/service.ts';
import { bumpAccessVersion } from '../rbac/service.ts';
import { loginWithRole, openDemo, type DemoApp } from '../estate/testing.ts';
import { rowsOf } from '../../test/harness.ts';
import { PANEL_PAGES } from './testing.ts';

let { t, property, propertyb, staff, ids } = {} as DemoApp;
beforeAll(async () => ({ t, property, propertyb, staff, ids } = await openDemo()));
afterAll(() => t.close());

type Bench = { super: boolean; indexModule: string[]; panels?: PanelData; baseData: { title: string; num: number }[] };
const bench = async (token: string) => (await t.post<Bench>('/Web/Basic/Index/index', {}, token)).body.data;
const yuan = (fen: unknown) => Math.round(Number(fen ?? 0)) / 100;
const year = sql`extract(year from (now() at time zone 'Asia/Shanghai'))::int`;

/** What the fee tables hold for some villages this year: the figures the panels must show. */
const feeFacts = async (villages: number[]) => {
  const list = `{${villages.join(',')}}`;
  return rowsOf<{ village_id: number; receivable: string; received: string; unpaid: string }>(
    await t.db
      .execute(sql`select village_id, sum(amount) as receivable, sum(case when status = 2 then paid_amount else 0 end) as received,
      sum(case when status = 1 then amount else 0 end) as unpaid
      from bills where village_id = any(${list}::int[]) and extract(year from due_date)::int = ${year} group by village_id`),
  );
};

/** A company-B user with a role over one of its villages, logged in. */
const companyBUser = async (modules: string) => {
  const [role] = rowsOf<{ id: number }>(
    await t.db.execute(
      sql`insert into roles (tenant_id, name, data_scope, village_ids, index_module) values (${ids.tenantB}, 'B面板', 2, ${`{${ids.anju.id}}`}::int[], ${modules}) returning id`,
    ),
  );
  await t.db.execute(
    sql`insert into role_menus (role_id, menu_id) select ${role!.id}, id from menus where app_type = 'web' and route_name = any(${`{${PANEL_PAGES.join(',')}}`}::text[])`,
  );
  await t.db.execute(
    sql`insert into role_resources (role_id, resource_id) select ${role!.id}, id || '_view' from menus where app_type = 'web' and route_name = any(${`{${PANEL_PAGES.join(',')}}`}::text[])`,
  );
  const [u] = rowsOf<{ id: number }>(
    await t.db.execute(
      sql`insert into users (kind, tenant_id, user_name, name, password_hash) values ('web', ${ids.tenantB}, 'bpanel', 'B面板', ${await hashPassword('Test_2026')}) returning id`,
    ),
  );
  await t.db.execute(sql`insert into user_roles (user_id, role_id) values (${u!.id}, ${role!.id})`);
  bumpAccessVersion();
  return (await t.post<LoginData>('/Passport/User/Login/web', await t.loginRequest('bpanel', 'Test_2026'))).body.data
    .token;
};

describe('工作台面板', () => {
  it('answers every panel of the caller in one call, from the fee rows of his villages only', async () => {
    const jade = await loginWithRole(t, 'wb-fees', { pages: PANEL_PAGES, villages: [ids.jade.id] });
    await t.db.execute(
      sql`update roles set index_module = 'count_panel,revenue_amount,estate_revenue' where id = ${jade.roleId}`,
    );
    const b = await bench(jade.token);
    expect(b).toMatchObject({ super: false, indexModule: ['count_panel', 'revenue_amount', 'estate_revenue'] });
    expect(Object.keys(b.panels!).sort()).toEqual(['count_panel', 'estate_revenue', 'revenue_amount']);

    const [facts] = await feeFacts([ids.jade.id]);
    expect(Number(facts!.received)).toBeGreaterThan(0);
    const sftj = Object.fromEntries(b.panels!.revenue_amount!.sftj.map((s) => [s.name, s.value]));
    expect(sftj).toEqual({ 已收金额: yuan(facts!.received), 未收金额: yuan(facts!.unpaid) });
    expect(b.panels!.estate_revenue).toEqual([
      {
        village_id: ids.jade.id,
        name: '翠湖名苑',
        receivable: yuan(facts!.receivable),
        received: yuan(facts!.received),
        rate: Math.round((Number(facts!.received) / Number(facts!.receivable)) * 1000) / 10,
      },
    ]);
    const counts = Object.fromEntries(b.panels!.count_panel!.map((c) => [c.key, c.num]));
    const houses = await t.one<{ n: number }>(
      sql`select count(*)::int as n from houses where village_id = ${ids.jade.id}`,
    );
    expect(counts).toMatchObject({ villages: 1, houses: houses.n, received: yuan(facts!.received).toFixed(2) });

    // the whole company: both villages, in village order
    const all = await loginWithRole(t, 'wb-all', { pages: PANEL_PAGES, villages: null });
    await t.db.execute(sql`update roles set index_module = 'estate_revenue' where id = ${all.roleId}`);
    const rows = (await bench(all.token)).panels!.estate_revenue!;
    const byVillage = new Map((await feeFacts([ids.sunshine.id, ids.jade.id])).map((f) => [f.village_id, f]));
    expect(rows.map((r) => [r.name, r.receivable, r.received])).toEqual([
      ['阳光花园', yuan(byVillage.get(ids.sunshine.id)!.receivable), yuan(byVillage.get(ids.sunshine.id)!.received)],
      ['翠湖名苑', yuan(byVillage.get(ids.jade.id)!.receivable), yuan(byVillage.get(ids.jade.id)!.received)],
    ]);
  });

  it('company B sees none of company A: its panels read its own fee data and villages', async () => {
    const token = await companyBUser('count_panel,revenue_amount,estate_revenue');
    const b = await bench(token);
    const [facts] = await feeFacts([ids.anju.id]);
    const [receivable, received] = [yuan(facts?.receivable), yuan(facts?.received)];
    expect(b.panels!.estate_revenue).toEqual([
      {
        village_id: ids.anju.id,
        name: '安居小区',
        receivable,
        received,
        rate: receivable ? Math.round((received / receivable) * 1000) / 10 : 0,
      },
    ]);
    expect(b.panels!.revenue_amount!.sftj.map((s) => s.value)).toEqual([received, yuan(facts?.unpaid)]);
    // company B's demo payments were all made in the two months before this one
    expect(b.panels!.revenue_amount!.skzc).toEqual([]);
    expect(Object.fromEntries(b.panels!.count_panel!.map((c) => [c.key, c.num]))).toMatchObject({
      villages: 1,
      received: received.toFixed(2),
    });
    // the super administrator keeps the greeting and basic data only
    expect(await bench(propertyb)).not.toHaveProperty('panels');
  });

  it("a user's own list wins over his roles'; the roles' union over the default", async () => {
    const u = await loginWithRole(t, 'wb-own', { pages: PANEL_PAGES, villages: [ids.sunshine.id] });
    // nothing chosen: every panel his rights reach (here all of them)
    expect((await bench(u.token)).indexModule).toEqual([...indexModules]);
    await t.db.execute(sql`update roles set index_module = 'notice,report_repair' where id = ${u.roleId}`);
    const second = await t.one<{ id: number }>(
      sql`insert into roles (tenant_id, name, index_module) values (${ids.tenantA}, '第二角色', 'early_list,notice') returning id`,
    );
    await t.db.execute(sql`insert into user_roles (user_id, role_id) values (${u.userId}, ${second.id})`);
    bumpAccessVersion();
    expect((await bench(u.token)).indexModule).toEqual(['report_repair', 'notice', 'early_list']);
    await t.db.execute(sql`update users set index_module = 'estate_revenue,nonsense' where id = ${u.userId}`);
    expect((await bench(u.token)).indexModule).toEqual(['estate_revenue']);
  });
});

describe('面板与权限', () => {
  it('shows a panel only to a user whose rights reach its data: no revenue without a fee page, even when chosen', async () => {
    const u = await loginWithRole(t, 'wb-repairs', {
      pages: ['Index', 'RepairManagement'],
      villages: [ids.sunshine.id],
    });
    const b = await bench(u.token);
    expect(b.indexModule).toEqual(['count_panel', 'report_repair', 'notice', 'event_dynamics', 'early_list']);
    expect(b.panels?.revenue_amount).toBeUndefined();
    const figures = (b.panels?.count_panel ?? []).map((i) => i.key);
    expect(figures).toEqual(['waiting', 'working', 'overdue']);
    await t.db.execute(
      sql`update users set index_module = 'revenue_amount,estate_revenue,report_repair' where id = ${u.userId}`,
    );
    const chosen = await bench(u.token);
    expect(chosen.indexModule).toEqual(['report_repair']);
    expect(chosen.panels?.estate_revenue).toBeUndefined();
  });
});

describe('首页模块分配', () => {
  it('the property admin sets a role’s panels and its user sees them on the next visit', async () => {
    const u = await loginWithRole(t, 'wb-assign', { pages: PANEL_PAGES, villages: [ids.sunshine.id] });
    const read = await t.post<{ index_module: string[]; options: { value: string; label: string }[] }>(
      '/System/Role/indexModule',
      { id: u.roleId },
      property,
    );
    expect(read.body.data.index_module).toEqual([]);
    expect(read.body.data.options.map((o) => o.label)).toContain('异常列表');
    const saved = await t.post(
      '/System/Role/saveIndexModule',
      { id: u.roleId, index_module: ['early_list', 'count_panel', 'count_panel'] },
      property,
    );
    expect(saved.body).toMatchObject({
      code: 0,
      msg: '设置成功',
      data: { index_module: ['count_panel', 'early_list'] },
    });
    expect(await t.one(sql`select index_module from roles where id = ${u.roleId}`)).toEqual({
      index_module: 'count_panel,early_list',
    });
    expect((await bench(u.token)).indexModule).toEqual(['count_panel', 'early_list']);
    // a comma list is accepted as well
    await t.post('/System/Role/saveIndexModule', { id: u.roleId, index_module: 'notice,revenue_amount' }, property);
    expect((await bench(u.token)).indexModule).toEqual(['revenue_amount', 'notice']);
  });

  it('refuses unknown modules, another company’s role and callers without the role edit right; nothing is written', async () => {
    const u = await loginWithRole(t, 'wb-refuse', { pages: PANEL_PAGES, villages: [ids.sunshine.id] });
    await t.db.execute(sql`update roles set index_module = 'notice' where id = ${u.roleId}`);
    const bad = await t.post(
      '/System/Role/saveIndexModule',
      { id: u.roleId, index_module: ['notice', 'weather'] },
      property,
    );
    expect(bad.body).toMatchObject({
      code: Code.validation,
      msg: '首页模块不存在：weather',
      data: { field: 'index_module' },
    });
    expect((await t.post('/System/Role/saveIndexModule', { id: u.roleId, index_module: 5 }, property)).body.code).toBe(
      Code.validation,
    );
    expect(
      (await t.post('/System/Role/saveIndexModule', { id: u.roleId, index_module: ['notice'] }, staff)).body.code,
    ).toBe(Code.forbidden);
    expect((await t.post('/System/Role/indexModule', { id: u.roleId }, staff)).body.code).toBe(Code.forbidden);
    expect(
      (await t.post('/System/Role/saveIndexModule', { id: u.roleId, index_module: ['count_panel'] }, propertyb)).body
        .code,
    ).toBe(Code.notFound);
    expect(await t.one(sql`select index_module from roles where id = ${u.roleId}`)).toEqual({ index_module: 'notice' });
    // a user's hidden personal role is not a role one assigns panels to
    const personal = await t.one<{ id: number }>(
      sql`insert into roles (tenant_id, name, code) values (${ids.tenantA}, '个人授权', ${`__user_${u.userId}`}) returning id`,
    );
    expect((await t.post('/System/Role/indexModule', { id: personal.id }, property)).body.code).toBe(Code.notFound);
  });
  it("统计面板 counts today's patrol tasks and the completed ones of the caller's villages only", async () => {
    const u = await loginWithRole(t, 'wb-patrol', { pages: PANEL_PAGES, villages: [ids.jade.id] });
    await t.db.execute(sql`update roles set index_module = 'count_panel' where id = ${u.roleId}`);
    const today = sql`(now() at time zone 'Asia/Shanghai')::date`;
    const before = async () => {
      const counts = Object.fromEntries((await bench(u.token)).panels!.count_panel!.map((c) => [c.key, c.num]));
      return [counts.patrol, counts.patrolDone] as [number, number];
    };
    const [total0, done0] = await before();
    // a route in each village, three windows today in 翠湖名苑 (one completed), one in 阳光花园, one tomorrow
    for (const [village, name] of [
      [ids.jade.id, '面板路线甲'],
      [ids.sunshine.id, '面板路线乙'],
    ] as const)
      await t.db.execute(
        sql`insert into patrol_routes (tenant_id, village_id, name) values (${ids.tenantA}, ${village}, ${name})`,
      );
    await t.db.execute(sql`
      insert into patrol_tasks (tenant_id, village_id, route_id, worker_id, task_date, window_start, window_end, status)
      select r.tenant_id, r.village_id, r.id, 0, ${today} + d, now() + make_interval(hours => h), now() + make_interval(hours => h + 1), st
      from patrol_routes r
      cross join (values (0, 1, 2), (0, 2, 0), (0, 3, 3), (1, 4, 0)) as v(d, h, st)
      where r.name in ('面板路线甲', '面板路线乙')`);
    const [total, done] = await before();
    // 翠湖名苑 today: three tasks, one completed; 阳光花园 and tomorrow are not counted
    expect([total - total0, done - done0]).toEqual([3, 1]);
  });
});
