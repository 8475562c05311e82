import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, type MonthSeries, type PanelData } from '@5a/contracts';
import { loginWithRole, openDemo, type DemoApp } from '../estate/testing.ts';
import { lastMonths } from './months.ts';
import { PANEL_PAGES } from './testing.ts';

let { t, property, propertyb, staff, ids } = {} as DemoApp;
beforeAll(async () => ({ t, property, propertyb, staff, ids } = await openDemo()));
afterAll(() => t.close());

type Bench = { indexModule: string[]; panels: PanelData };
const bench = async (token: string) => (await t.post<Bench>('/Web/Basic/Index/index', {}, token)).body.data;
const month = (col: string) => sql.raw(`to_char(${col} at time zone 'Asia/Shanghai', 'YYYY-MM')`);

/** Orders reported per month of some villages, from the table itself. */
const reportedPerMonth = async (villageId: number, from: string) =>
  Object.fromEntries(
    (
      await t.rows<{ month: string; n: number }>(
        sql`select ${month('created_at')} as month, count(*)::int as n from repair_orders where village_id = ${villageId} and ${month('created_at')} >= ${from} group by 1`,
      )
    ).map((r) => [r.month, r.n]),
  );
const seriesOf = (s: MonthSeries, name: string) =>
  Object.fromEntries(
    s.months.map((m, i) => [m, s.series.find((x) => x.name === name)?.data[i] ?? 0]).filter(([, n]) => n),
  );

describe('工作台：报事报修与事件面板', () => {
  it('the repair and patrol staff sees his role’s panels, counted from the orders of his villages', async () => {
    const b = await bench(staff);
    expect(b.indexModule).toEqual(['count_panel', 'report_repair', 'notice', 'event_dynamics', 'early_list']);
    const counts = Object.fromEntries(b.panels.count_panel!.map((c) => [c.key, c.num]));
    const facts = await t.one<{ waiting: number; working: number; unread: number }>(sql`select
      (select count(*)::int from repair_orders where tenant_id = ${ids.tenantA} and status = 0) as waiting,
      (select count(*)::int from repair_orders where tenant_id = ${ids.tenantA} and status in (1, 2, 3)) as working,
      (select count(*)::int from report_things where tenant_id = ${ids.tenantA} and not is_read) as unread`);
    expect(facts.waiting + facts.working).toBeGreaterThan(0);
    expect(counts).toMatchObject({ waiting: facts.waiting, working: facts.working, events: facts.unread });
    const months = lastMonths(6);
    expect(b.panels.report_repair!.report_repair_bx.months).toEqual(months);
    expect(seriesOf(b.panels.report_repair!.report_repair_bx, '阳光花园')).toEqual(
      await reportedPerMonth(ids.sunshine.id, months[0]!),
    );
    const types = await t.rows<{ type: number; n: number }>(
      sql`select type, count(*)::int as n from report_things where tenant_id = ${ids.tenantA} and ${month('created_at')} >= ${months[0]!} group by type`,
    );
    const typeName = ['', '投诉', '建议', '事件'];
    expect(b.panels.report_repair!.report_repair_bs.filter((s) => s.value)).toEqual(
      types.sort((a, z) => a.type - z.type).map((r) => ({ name: typeName[r.type], value: r.n })),
    );
    // the latest events and order changes, newest first, only of company A
    const ev = b.panels.event_dynamics!;
    expect(ev.length).toBeGreaterThan(0);
    expect([...ev.map((e) => e.time)]).toEqual([...ev.map((e) => e.time)].sort().reverse());
    expect(
      ev.filter((e) => e.id.startsWith('order-')).every((e) => e.url === '/Web/Repair/RepairManagement/listConfig'),
    ).toBe(true);
    expect(ev.filter((e) => e.id.startsWith('event-')).every((e) => e.url === '')).toBe(true);
  });

  it('a one-village user sees that village only; company B sees none of company A’s orders or events', async () => {
    const jade = await loginWithRole(t, 'wb-jade-repair', { pages: PANEL_PAGES, villages: [ids.jade.id] });
    await t.db.execute(sql`update roles set index_module = 'report_repair,event_dynamics' where id = ${jade.roleId}`);
    const j = await bench(jade.token);
    const bx = j.panels.report_repair!.report_repair_bx;
    expect(bx.series.map((s) => s.name)).toEqual(['翠湖名苑']);
    expect(seriesOf(bx, '翠湖名苑')).toEqual(await reportedPerMonth(ids.jade.id, bx.months[0]!));
    const jadeProblems = new Set(
      (
        await t.rows<{ p: string }>(
          sql`select problem as p from repair_orders where village_id = ${ids.jade.id} union select problem from report_things where village_id = ${ids.jade.id}`,
        )
      ).map((r) => r.p),
    );
    for (const e of j.panels.event_dynamics!)
      expect(jadeProblems.has(e.title.replace(/^(事件上报|工单#\d+)：/, ''))).toBe(true);

    // company B's super admin reads company B's statistics page: nothing of company A
    const stats = (
      await t.post<{ bxinfo: { byVillage: MonthSeries }; villages: { name: string }[] }>(
        '/Web/DataAnalysis/Repair/index',
        {},
        propertyb,
      )
    ).body.data;
    expect(stats.villages.map((v) => v.name)).toEqual(['安居小区', '锦绣家园']);
    const aNames = ['阳光花园', '翠湖名苑'];
    expect(stats.bxinfo.byVillage.series.some((s) => aNames.includes(s.name))).toBe(false);
    expect((await t.post('/Web/DataAnalysis/Repair/index', { village_id: ids.jade.id }, propertyb)).body.code).toBe(
      Code.notFound,
    );
  });
});

type Stats = {
  taskNumList: { key: string; num: number }[];
  bxinfo: { trend: MonthSeries; byVillage: MonthSeries; byCategory: { name: string; value: number }[] };
  bsinfo: MonthSeries;
  yc: MonthSeries;
  bx: MonthSeries;
  start_month: string;
  end_month: string;
};

describe('报修统计', () => {
  it('task tabs, repair, overdue, event and paid-service charts are the grouped rows of the orders', async () => {
    const res = await t.post<Stats>('/Web/DataAnalysis/Repair/index', {}, property);
    expect(res.body.code).toBe(0);
    const s = res.body.data;
    const months = lastMonths(12);
    expect([s.start_month, s.end_month]).toEqual([months[0], months[11]]);
    const inRange = sql`tenant_id = ${ids.tenantA} and ${month('created_at')} between ${months[0]!} and ${months[11]!}`;
    const f = await t.one<{
      all: number;
      waiting: number;
      done: number;
      overdue: number;
      paid: number;
      amount: string;
    }>(sql`select count(*)::int as all,
      count(*) filter (where status = 0)::int as waiting, count(*) filter (where status in (5, 6, 7))::int as done,
      count(*) filter (where overdue_at is not null)::int as overdue, count(*) filter (where paid_service_id is not null)::int as paid,
      coalesce(sum(material_cost + labour_cost) filter (where paid_service_id is not null), 0) as amount
      from repair_orders where ${inRange}`);
    expect(f.all).toBeGreaterThan(0);
    const tabs = Object.fromEntries(s.taskNumList.map((x) => [x.key, x.num]));
    expect(tabs).toMatchObject({ all: f.all, waiting: f.waiting, done: f.done, overdue: f.overdue });
    const sum = (m: MonthSeries, i = 0) => m.series[i]!.data.reduce((a, n) => a + n, 0);
    expect(sum(s.bxinfo.trend)).toBe(f.all);
    expect(sum(s.bxinfo.trend, 1)).toBe(f.done);
    expect(s.bxinfo.byVillage.series.map((x) => x.name)).toEqual(['阳光花园', '翠湖名苑']);
    expect(s.bxinfo.byCategory.reduce((a, c) => a + c.value, 0)).toBe(f.all);
    expect(s.yc.series.reduce((a, x) => a + x.data.reduce((b, n) => b + n, 0), 0)).toBe(f.overdue);
    expect(sum(s.bx)).toBe(f.paid);
    expect(Math.round(sum(s.bx, 1) * 100)).toBe(Number(f.amount));
    const events = await t.one<{ n: number }>(sql`select count(*)::int as n from report_things where ${inRange}`);
    expect(s.bsinfo.series.reduce((a, x) => a + x.data.reduce((b, n) => b + n, 0), 0)).toBe(events.n);
  });

  it('narrows to one village and a month range; refuses bad months and callers without the page', async () => {
    const cur = lastMonths(1)[0]!;
    const one = (
      await t.post<Stats>(
        '/Web/DataAnalysis/Repair/index',
        { village_id: ids.jade.id, start_month: cur, end_month: cur },
        property,
      )
    ).body.data;
    expect(one.bxinfo.trend.months).toEqual([cur]);
    expect(one.bxinfo.byVillage.series.map((x) => x.name)).toEqual(['翠湖名苑']);
    const n = await t.one<{ n: number }>(
      sql`select count(*)::int as n from repair_orders where village_id = ${ids.jade.id} and ${month('created_at')} = ${cur}`,
    );
    expect(one.taskNumList.find((x) => x.key === 'all')!.num).toBe(n.n);
    expect((await t.post('/Web/DataAnalysis/Repair/index', { start_month: '2026-13' }, property)).body).toMatchObject({
      code: Code.validation,
      data: { field: 'start_month' },
    });
    expect(
      (await t.post('/Web/DataAnalysis/Repair/index', { start_month: '2026-05', end_month: '2026-01' }, property)).body,
    ).toMatchObject({ code: Code.validation, msg: '开始月份不能晚于结束月份' });
    expect((await t.post('/Web/DataAnalysis/Repair/index', {}, staff)).body.code).toBe(Code.forbidden);
  });
});
