import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, type CockpitIncome, type CockpitIot, type CockpitOverview } from '@5a/contracts';
import { setupApp, type TestApp } from '../../../test/harness.ts';
import { seedGuangzhouOperator } from '../../../test/operator-home.ts';

let t: TestApp;
let gz: Awaited<ReturnType<typeof seedGuangzhouOperator>>;
beforeAll(async () => {
  t = await setupApp();
  gz = await seedGuangzhouOperator(t);
});
afterAll(() => t.close());

const call = async <T>(tab: 'index' | 'two' | 'thr', body: unknown, token: string) => {
  const r = await t.post<T>(`/Web/DataAnalysis/Operator/${tab}`, body, token);
  return r.body;
};
const data = async <T>(tab: 'index' | 'two' | 'thr', body: unknown, token: string) => {
  const r = await call<T>(tab, body, token);
  if (r.code !== 0) throw new Error(`${tab}: ${r.msg}`);
  return r.data;
};
const count = async (q: ReturnType<typeof sql>) => Number((await t.one<{ n: string }>(q)).n);
const sum = (xs: number[]) => Math.round(xs.reduce((a, b) => a + b, 0) * 100) / 100;

describe('运营驾驶舱 运营商租户专题', () => {
  it('shows an operator the figures of its own companies in its region', async () => {
    const o = await data<CockpitOverview>('index', {}, gz.token);
    expect(o).toMatchObject({
      regionCode: '440100',
      regionName: '广州市',
      operatorUser: 1,
      sysTenantUser: 3,
      villageCount: 3,
      buildCount: 1,
      ownerHouse: 1,
      ownerGatePerson: 3,
      oneRate: 100,
      twoRate: 66.67, // the lapsed company of three
      expireOperatorUser: 1, // its contract ends in 20 days
      expireTenant: 2,
      expireVillage: 3,
      expireAdv: 0,
    });
    expect(o.villageList.map((v) => v.name).sort()).toEqual(['南粤花园', '珠江新苑', '白云雅居'].sort());
    expect(o.ownerGatePersonEchartOne.at(-1)).toBe(2);
    expect(o.ownerGatePersonEchartTwo.at(-1)).toBe(1);
    expect(o.renewalCooperationOne.at(-1)).toBe(1);
    expect(o.renewalCooperationTwo.at(-1)).toBe(360);
    expect(o.renewalCooperationThr.at(-1)).toBe(3);
    expect(o.renewalCooperationAnalysisOne).toEqual([
      { name: '服务中', value: 1 },
      { name: '即将到期', value: 1 },
      { name: '已过期', value: 1 },
    ]);
    // the subscription ending in 5 days falls in the next 12 months, the one in 400 days does not
    expect(sum(o.anticipationTwo)).toBe(1);
    expect(sum(o.anticipationOne)).toBe(gz.price / 100);
  });

  it('narrows to a district asked, and refuses a region outside the operator’s or one that does not exist', async () => {
    const o = await data<CockpitOverview>('index', { regionCode: '440104' }, gz.token);
    expect(o.villageList.map((v) => v.name)).toEqual(['珠江新苑']);
    expect(o).toMatchObject({ regionName: '越秀区', villageCount: 1, sysTenantUser: 1, ownerGatePerson: 0 });
    const away = await call('index', { regionCode: '330100' }, gz.token);
    expect(away).toMatchObject({ code: Code.validation, msg: '该地区不在运营商的服务区域内' });
    const none = await call('index', { regionCode: '999999' }, gz.token);
    expect(none).toMatchObject({ code: Code.validation, msg: '所在地区不存在' });
  });

  it('keeps another operator’s villages away from the demo operator', async () => {
    const o = await data<CockpitOverview>('index', {}, await t.login('operator'));
    expect(o.villageList.map((v) => v.name)).not.toContain('南粤花园');
    expect(o.operatorUser).toBe(1);
  });

  it('shows the platform every village, or those of the region asked', async () => {
    const admin = await t.login('admin');
    const all = await data<CockpitOverview>('index', {}, admin);
    expect(all.regionName).toBe('全国');
    expect(all.villageCount).toBe(await count(sql`select count(*) as n from villages`));
    expect(all.ownerGatePerson).toBe(await count(sql`select count(*) as n from gate_persons`));
    const gzAll = await data<CockpitOverview>('index', { regionCode: '440100' }, admin);
    expect(gzAll.villageCount).toBe(
      await count(sql`select count(*) as n from villages where region_code like '4401%'`),
    );
    expect(gzAll.villageList.map((v) => v.name)).toContain('南粤花园');
  });

  it('refuses a property company user', async () => {
    expect((await call('index', {}, await t.login('property'))).code).toBe(Code.forbidden);
  });
});

describe('运营驾驶舱 运营服务专题', () => {
  it('sums the renewals paid this year and the subscriptions due over three years', async () => {
    const i = await data<CockpitIncome>('two', {}, gz.token);
    expect(i).toMatchObject({ tenant: 3, village: 3, member: 3, renewal: 360, property: 0, parking: 0, adv: 0 });
    expect(i.yearList).toHaveLength(6);
    expect(i.total).toBe(360);
    expect(i.saleType).toHaveLength(3);
    // by the end of the year after next both running subscriptions are due
    expect(i.saleType[2]!.value).toBe((gz.price * 2) / 100);
    const past = await data<CockpitIncome>('two', { where: { year: 2001 } }, gz.token);
    expect(past).toMatchObject({ year: 2001, renewal: 0, total: 0 });
  });

  it('takes the year type the spec’s client sends, a bare year, or nothing, and names the field otherwise', async () => {
    const thisYear = (await data<CockpitIncome>('two', {}, gz.token)).year;
    expect((await data<CockpitIncome>('two', { where: 'year' }, gz.token)).year).toBe(thisYear);
    expect((await data<CockpitIncome>('two', { where: '' }, gz.token)).year).toBe(thisYear);
    expect((await data<CockpitIncome>('two', { where: '2001' }, gz.token)).year).toBe(2001);
    expect((await data<CockpitIncome>('two', { where: 2002 }, gz.token)).year).toBe(2002);
    const past = await data<CockpitIncome>('two', { where: 'past' }, gz.token);
    expect(past).toMatchObject({ period: 'past', year: thisYear - 1, label: `${thisYear - 1}年及以前` });
    expect(await data<CockpitIncome>('two', { where: 'year' }, gz.token)).toMatchObject({
      period: 'year',
      label: `${thisYear}年`,
    });
    const bad = await call('two', { where: 'decade' }, gz.token);
    expect(bad.code).toBe(Code.validation);
    expect(bad.msg).toContain('where');
  });

  it('reads the platform’s property fees from the bills paid this year', async () => {
    const i = await data<CockpitIncome>('two', {}, await t.login('admin'));
    const fen = await count(
      sql`select coalesce(sum(paid_amount), 0) as n from bills where status = 2 and work_order_id = 0 and category = 1
        and paid_at >= (date_trunc('year', now() at time zone 'Asia/Shanghai')) at time zone 'Asia/Shanghai'`,
    );
    expect(i.property).toBe(fen / 100);
    expect(sum(i.villageRank.map((v) => v.value))).toBeLessThanOrEqual(i.total);
  });
});

describe('运营驾驶舱 感知运营专题', () => {
  it('counts entries and exits and lists alerts of the operator’s villages; devices not built stay 0', async () => {
    const { t1 } = gz.tenants;
    const { v1 } = gz.villages;
    await t.rows(
      sql`insert into access_records (tenant_id, village_id, person_name, jctype, created_at) values
        (${t1}, ${v1}, '南粤甲', 1, now()), (${t1}, ${v1}, '南粤丙', 1, now()), (${t1}, ${v1}, '南粤甲', 2, now()),
        (${t1}, ${v1}, '南粤乙', 1, now() - interval '20 days')`,
    );
    await t.rows(
      sql`insert into abnormal_alerts (tenant_id, village_id, type, title, source, source_id)
        values (${t1}, ${v1}, 1, '南粤花园 门禁异常', 'test', 'hn-1')`,
    );
    // one already dealt with is not on the board's list of unprocessed alerts
    await t.rows(
      sql`insert into abnormal_alerts (tenant_id, village_id, type, title, source, source_id, handled)
        values (${t1}, ${v1}, 1, '南粤花园 已处理', 'test', 'hn-2', 1)`,
    );
    const o = await data<CockpitIot>('thr', {}, gz.token);
    expect(o).toMatchObject({ village: 3, todayIn: 2, todayOut: 1, in15: 2, in30: 3, control: 0, video: 0 });
    expect(o.todayInList).toHaveLength(3);
    expect(o.warningList.map((w) => w.title)).toEqual(['南粤花园 门禁异常']);
    const demo = await data<CockpitIot>('thr', {}, await t.login('operator'));
    expect(demo.warningList.map((w) => w.title)).not.toContain('南粤花园 门禁异常');
  });

  it('counts the AI cameras’ alarms from the alerts of the last 30 days; a category never alerted is 未接入', async () => {
    const { t1 } = gz.tenants;
    const { v1 } = gz.villages;
    const before = await data<CockpitIot>('thr', {}, gz.token);
    expect(before.unconnected).toEqual(
      expect.arrayContaining(['fell', 'parkingRoad', 'garbageExposure', 'intrusionWarning', 'highAltitudeParabola']),
    );
    expect(before).toMatchObject({ fell: 0, parkingRoad: 0, intrusionWarning: 0 });
    // two falls this month and one long ago, one road-blocking car last year; nothing else
    await t.rows(
      sql`insert into abnormal_alerts (tenant_id, village_id, type, title, source, source_id, created_at) values
        (${t1}, ${v1}, 6, '老人跌倒', 'test', 'ai-1', now()), (${t1}, ${v1}, 6, '老人跌倒', 'test', 'ai-2', now() - interval '3 days'),
        (${t1}, ${v1}, 6, '老人跌倒', 'test', 'ai-3', now() - interval '60 days'),
        (${t1}, ${v1}, 7, '占道停车', 'test', 'ai-4', now() - interval '400 days')`,
    );
    const o = await data<CockpitIot>('thr', {}, gz.token);
    expect(o).toMatchObject({
      fell: 2,
      parkingRoad: 0,
      garbageExposure: 0,
      intrusionWarning: 0,
      highAltitudeParabola: 0,
    });
    expect(o.unconnected).not.toContain('fell');
    expect(o.unconnected).not.toContain('parkingRoad');
    expect(o.unconnected).toEqual(
      expect.arrayContaining(['aiVideo', 'ladder', 'garbageExposure', 'intrusionWarning', 'highAltitudeParabola']),
    );
    // another operator's area has none of them
    const demo = await data<CockpitIot>('thr', {}, await t.login('operator'));
    expect(demo.fell).toBe(0);
    expect(demo.unconnected).toContain('fell');
  });
});
