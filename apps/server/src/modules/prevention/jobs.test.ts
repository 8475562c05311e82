import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@5a/contracts';
import type { CareRule } from '@5a/contracts/endpoints/prevention';
import { openDemo, type DemoApp } from '../estate/testing.ts';
import { raiseAlert, type RaiseAlertInput } from '../notice/index.ts';
import type { Db } from '../../core/db/client.ts';
import { endIsolations, raiseCareAlerts, wipeExpiredHealth } from './index.ts';

const P = '/Web/Epidemic/Protection';
let { t, property, propertyb, ids } = {} as DemoApp;
const DAY = 86_400_000;

/** a resident of 阳光花园 with a control written as given (the way staff saved it) */
const controlled = async (offset: number, values: { code: number; pass: number; start: string; end: string }) => {
  const p = await t.one<{ id: number }>(sql`select id from gate_persons where village_id = ${ids.sunshine.id}
    and tags = '' and status = 1 and is_livein = 1 order by id offset ${offset} limit 1`);
  await t.db.execute(sql`update gate_persons set tags = '1' where id = ${p.id}`);
  await t.db.execute(sql`insert into prevention_controls (person_id, tenant_id, village_id, health_code, pass_status,
    start_time, end_time) values (${p.id}, ${ids.tenantA}, ${ids.sunshine.id}, ${values.code}, ${values.pass},
    ${values.start}, ${values.end})`);
  return p.id;
};
const controlOf = (id: number) =>
  t.one<{
    health_code: number;
    pass_status: number;
    start_time: string | null;
    end_time: string | null;
    released_at: Date | null;
    health_cleared_at: Date | null;
  }>(
    sql`select health_code, pass_status, start_time::text, end_time::text, released_at, health_cleared_at
      from prevention_controls where person_id = ${id}`,
  );
const historyOf = (id: number) =>
  t.rows<{ source: string; health_code: number; pass_status: number; start_time: string | null }>(
    sql`select source, health_code, pass_status, start_time::text from prevention_control_history where person_id = ${id} order by id`,
  );

beforeAll(async () => {
  ({ t, property, propertyb, ids } = await openDemo());
});
afterAll(() => t.close());

describe('isolation end job', () => {
  it('ends every isolation whose end date has passed, in every company, with a history row; a second run does nothing', async () => {
    const at = new Date('2031-03-10T04:00:00Z'); // 12:00 in Shanghai on 2031-03-10
    const ended = await controlled(0, { code: 3, pass: 2, start: '2031-03-01', end: '2031-03-09' });
    const today = await controlled(1, { code: 2, pass: 3, start: '2031-03-01', end: '2031-03-10' });
    const ran = await endIsolations(t.db, at);
    expect(ran).toContain(ended);
    expect(ran).not.toContain(today);
    // the demo's isolations of both companies end before 2031 too
    const companies = await t.rows<{ tenant_id: number }>(
      sql`select distinct tenant_id from prevention_controls where person_id = any(${`{${ran.join(',')}}`}::int[])`,
    );
    expect(new Set(companies.map((c) => c.tenant_id))).toEqual(new Set([ids.tenantA, ids.tenantB]));
    expect(await controlOf(ended)).toMatchObject({ health_code: 3, pass_status: 1, end_time: '2031-03-09' });
    expect(new Date((await controlOf(ended)).released_at!).toISOString()).toBe(at.toISOString());
    expect(await historyOf(ended)).toEqual([
      { source: 'job', health_code: 3, pass_status: 1, start_time: '2031-03-01' },
    ]);
    expect(await controlOf(today)).toMatchObject({ pass_status: 3, released_at: null });
    expect(await endIsolations(t.db, at)).toEqual([]);
    expect(await historyOf(ended)).toHaveLength(1);
  });
});

describe('retention', () => {
  it('wipes the health details of isolations ended longer ago than the company keeps them', async () => {
    const id = await controlled(2, { code: 3, pass: 2, start: '2030-01-01', end: '2030-01-10' });
    await t.db.execute(sql`insert into prevention_control_history (tenant_id, village_id, person_id, health_code,
      pass_status, start_time, end_time, source) values (${ids.tenantA}, ${ids.sunshine.id}, ${id}, 3, 2, '2030-01-01', '2030-01-10', 'staff')`);
    const releasedAt = new Date('2030-01-11T02:00:00Z');
    await endIsolations(t.db, releasedAt);
    // within the company's 60 days: kept
    const saved = await t.post<{ retention_days: number }>(`${P}/retention`, { retention_days: 60 }, property);
    expect(saved.body).toMatchObject({ code: 0, data: { retention_days: 60 } });
    expect(await wipeExpiredHealth(t.db, new Date(releasedAt.getTime() + 45 * DAY))).not.toContain(id);
    expect((await controlOf(id)).health_code).toBe(3);
    // past them: green, no dates, stamped; the earlier history loses its details too
    const at = new Date(releasedAt.getTime() + 61 * DAY);
    expect(await wipeExpiredHealth(t.db, at)).toContain(id);
    expect(await controlOf(id)).toMatchObject({ health_code: 1, pass_status: 1, start_time: null, end_time: null });
    expect(new Date((await controlOf(id)).health_cleared_at!).toISOString()).toBe(at.toISOString());
    expect(await historyOf(id)).toEqual([
      { source: 'staff', health_code: 1, pass_status: 2, start_time: null },
      { source: 'job', health_code: 1, pass_status: 1, start_time: null },
      { source: 'retention', health_code: 1, pass_status: 1, start_time: null },
    ]);
    expect(await wipeExpiredHealth(t.db, at)).not.toContain(id);
  });

  it('refuses a retention outside 1–3650 days, and keeps each company’s own', async () => {
    for (const bad of [0, 3651, 'x'])
      expect((await t.post(`${P}/retention`, { retention_days: bad }, property)).body).toMatchObject({
        code: Code.validation,
        msg: '保留天数 格式错误',
        data: { field: 'retention_days' },
      });
    expect((await t.post(`${P}/retentionOf`, {}, propertyb)).body.data).toEqual({ retention_days: 30 });
  });
});

describe('care rule', () => {
  it('lists every tag with its rule; refuses unknown tags and bad hours', async () => {
    const rules = (await t.post<CareRule[]>(`${P}/careRulesOf`, {}, property)).body.data;
    expect(rules.find((r) => r.tag === '2')).toEqual({ tag: '2', label: '独居老人', enabled: true, hours: 48 });
    expect(rules.find((r) => r.tag === '4')).toMatchObject({ enabled: false, hours: 48 });
    expect(
      (await t.post(`${P}/careRules`, { rules: [{ tag: '99', enabled: true, hours: 48 }] }, property)).body,
    ).toMatchObject({
      code: Code.validation,
      msg: '住户标签“99”不存在',
    });
    expect(
      (await t.post(`${P}/careRules`, { rules: [{ tag: '3', enabled: true, hours: 0 }] }, property)).body,
    ).toMatchObject({
      code: Code.validation,
      msg: '未通行小时数 格式错误',
    });
  });

  it('alerts once per absence for a resident with an enabled tag unseen at his doors for the rule’s hours', async () => {
    const p = await t.one<{
      id: number;
      name: string;
    }>(sql`select id, name from gate_persons where village_id = ${ids.jade.id}
      and tags = '' and status = 1 and is_livein = 1 order by id limit 1`);
    await t.db.execute(
      sql`update gate_persons set tags = '3', created_at = now() - interval '30 days' where id = ${p.id}`,
    );
    const raised: RaiseAlertInput[] = [];
    const raise = async (db: Db, input: RaiseAlertInput) => {
      raised.push(input);
      return raiseAlert(db, input);
    };
    const mine = () => raised.filter((r) => r.source === 'care' && r.sourceId.toString().startsWith(`${p.id}:`));
    // rule off: nothing
    await raiseCareAlerts(t.db, new Date(), raise);
    expect(mine()).toEqual([]);
    expect(
      (await t.post(`${P}/careRules`, { rules: [{ tag: '3', enabled: true, hours: 24 }] }, property)).body.code,
    ).toBe(0);
    // seen at a door of his village 10 hours ago: nothing yet
    await t.db
      .execute(sql`insert into access_records (tenant_id, village_id, person_id, person_name, jctype, open_type, created_at)
      values (${ids.tenantA}, ${ids.jade.id}, ${p.id}, ${p.name}, 1, 1, now() - interval '10 hours')`);
    await raiseCareAlerts(t.db, new Date(), raise);
    expect(mine()).toEqual([]);
    // 30 hours later he is due: one care alert to the village, however often the job runs
    const later = new Date(Date.now() + 20 * 3600_000);
    await raiseCareAlerts(t.db, later, raise);
    await raiseCareAlerts(t.db, later, raise);
    expect(mine()).toHaveLength(2);
    expect(mine()[0]).toMatchObject({ type: 5, villageId: ids.jade.id, tenantId: ids.tenantA });
    expect(mine()[0]!.title).toBe(`关爱提醒：残障人士${p.name}超过24小时未通行`);
    const stored = await t.rows<{ type: number; village_id: number }>(
      sql`select type, village_id from abnormal_alerts where source = 'care' and source_id like ${`${p.id}:%`}`,
    );
    expect(stored).toEqual([{ type: 5, village_id: ids.jade.id }]);
    // company B's users never see it
    const b = (
      await t.post<{ abnormal_list: { title: string }[] }>('/Web/Basic/PlatformInformation/getAbnormal', {}, propertyb)
    ).body;
    expect(JSON.stringify(b.data ?? {})).not.toContain(p.name);
  });

  it('the demo’s elderly resident has his care alert already, and the job adds none', async () => {
    const before = await t.one<{ n: number }>(sql`select count(*)::int n from abnormal_alerts where source = 'care'`);
    const raised: RaiseAlertInput[] = [];
    await raiseCareAlerts(t.db, new Date(), async (db, input) => {
      raised.push(input);
      return raiseAlert(db, input);
    });
    const elders = await t.rows<{ id: number }>(sql`select id from gate_persons where tags = '2'`);
    expect(elders.length).toBe(2);
    expect(raised.filter((r) => elders.some((e) => String(r.sourceId).startsWith(`${e.id}:`))).length).toBe(2);
    const after = await t.one<{ n: number }>(sql`select count(*)::int n from abnormal_alerts where source = 'care'`);
    expect(after.n).toBe(before.n);
  });
});
