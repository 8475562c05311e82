import { Code, type Envelope } from '@5a/contracts';
import type { DataScreen, DataScreenWeather } from '@5a/contracts/endpoints/datascreen';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApp, type TestApp } from '../../../test/harness.ts';
import { makeRole, makeUser } from '../../rbac/testing.ts';
import { setWeatherSandbox } from '../weather/service.ts';

let t: TestApp;
let a: string;
let b: string;

const COMMUNITY = '/Web/DataAnalysis/Community/index';
const PROPERTY = '/Web/DataAnalysis/PropertyData/index';
const screen = (path: string, token: string, body: object = {}, query = '') =>
  t.post<DataScreen>(`${path}${query}`, body, token);
const weather = async (token: string, query = '') => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/xapi/getweather${query}`,
    headers: { authorization: `Bearer ${token}` },
  });
  return res.json() as Envelope<DataScreenWeather>;
};

beforeAll(async () => {
  t = await setupApp();
  a = await t.login('property');
  b = await t.login('propertyb');
});
afterAll(() => t.close());

/** Shanghai's today as the database sees it */
const TODAY = sql.raw(`(date_trunc('day', now() at time zone 'Asia/Shanghai') at time zone 'Asia/Shanghai')`);

/** Every figure of a village (or of all of a company's villages), counted straight from the tables. */
const direct = async (tenantId: number, ids: number[]) => {
  const v = sql.raw(`(${ids.join(',')})`);
  const n = async (q: ReturnType<typeof sql>) => Number((await t.one<{ n: string }>(q)).n);
  return {
    village: ids.length,
    building: await n(sql`select count(*) n from buildings where tenant_id = ${tenantId} and village_id in ${v}`),
    house: await n(sql`select count(*) n from houses where tenant_id = ${tenantId} and village_id in ${v}`),
    owner: await n(
      sql`select count(*) n from gate_persons where tenant_id = ${tenantId} and village_id in ${v} and personnel_type = 1`,
    ),
    usingHouse: await n(
      sql`select count(distinct h.id) n from houses h join gate_persons p on p.house_id = h.id
        where h.tenant_id = ${tenantId} and h.village_id in ${v}`,
    ),
    tenant: await n(
      sql`select count(*) n from gate_persons where tenant_id = ${tenantId} and village_id in ${v} and personnel_type = 2`,
    ),
    visitor: await n(sql`select count(*) n from visitors where tenant_id = ${tenantId} and village_id in ${v}`),
    proPerson: await n(
      sql`select count(*) n from workers where tenant_id = ${tenantId} and village_id in ${v} and status = 1`,
    ),
    trafficRecord: await n(
      sql`select count(*) n from access_records where tenant_id = ${tenantId} and village_id in ${v} and created_at >= ${TODAY}`,
    ),
    intelligentPatrol: await n(
      sql`select count(*) n from patrol_tasks where tenant_id = ${tenantId} and village_id in ${v}
        and task_date = (now() at time zone 'Asia/Shanghai')::date`,
    ),
    intelligentPatrolSuc: await n(
      sql`select count(*) n from patrol_tasks where tenant_id = ${tenantId} and village_id in ${v}
        and task_date = (now() at time zone 'Asia/Shanghai')::date and status = 2`,
    ),
    repairStatistics: await n(
      sql`select count(*) n from repair_orders where tenant_id = ${tenantId} and village_id in ${v} and status <> 8`,
    ),
    repairStatisticsErr: await n(
      sql`select count(*) n from repair_orders where tenant_id = ${tenantId} and village_id in ${v} and status < 5`,
    ),
    repairStatisticsSuc: await n(
      sql`select count(*) n from repair_orders where tenant_id = ${tenantId} and village_id in ${v} and status in (5, 6, 7)`,
    ),
    interControlNum: await n(
      sql`select count(*) n from access_devices where tenant_id = ${tenantId} and village_id in ${v} and status = 1`,
    ),
    gates: await n(
      sql`select count(*) n from parking_gates where tenant_id = ${tenantId} and village_id in ${v} and status = 1`,
    ),
    videoNum: await n(sql`select count(*) n from video_cameras where tenant_id = ${tenantId} and village_id in ${v}`),
    lots: await n(
      sql`select count(*) n from parking_lots where tenant_id = ${tenantId} and village_id in ${v} and status = 1`,
    ),
    capacity: await n(
      sql`select coalesce(sum(capacity), 0) n from parking_lots where tenant_id = ${tenantId} and village_id in ${v} and status = 1`,
    ),
    // per lot: its capacity less the plates that entered through an opened lane and have not left by one
    surplus: await n(
      sql`select coalesce(sum(greatest(l.capacity - (
          select count(distinct e.plate) from gate_events e
          where e.lot_id = l.id and e.decision = 'open' and e.is_type = 1
            and e.id not in (select x.entry_id from gate_events x where x.decision = 'open' and x.entry_id is not null)
        ), 0)), 0) n
        from parking_lots l where l.tenant_id = ${tenantId} and l.village_id in ${v} and l.status = 1`,
    ),
    carInto: await n(
      sql`select count(*) n from gate_events where tenant_id = ${tenantId} and village_id in ${v}
        and decision = 'open' and is_type = 1 and occurred_at >= ${TODAY}`,
    ),
    carOut: await n(
      sql`select count(*) n from gate_events where tenant_id = ${tenantId} and village_id in ${v}
        and decision = 'open' and is_type = 2 and occurred_at >= ${TODAY}`,
    ),
    monthIn: await n(
      sql`select count(*) n from access_records where tenant_id = ${tenantId} and village_id in ${v} and jctype = 1
        and to_char(created_at at time zone 'Asia/Shanghai', 'YYYY-MM') = to_char(now() at time zone 'Asia/Shanghai', 'YYYY-MM')`,
    ),
    monthOut: await n(
      sql`select count(*) n from access_records where tenant_id = ${tenantId} and village_id in ${v} and jctype <> 1
        and to_char(created_at at time zone 'Asia/Shanghai', 'YYYY-MM') = to_char(now() at time zone 'Asia/Shanghai', 'YYYY-MM')`,
    ),
    yearIn: await n(
      sql`select count(*) n from access_records where tenant_id = ${tenantId} and village_id in ${v} and jctype = 1
        and created_at >= (date_trunc('month', now() at time zone 'Asia/Shanghai') - interval '11 months') at time zone 'Asia/Shanghai'`,
    ),
    yearCarIn: await n(
      sql`select count(*) n from gate_events where tenant_id = ${tenantId} and village_id in ${v} and decision = 'open'
        and is_type = 1
        and occurred_at >= (date_trunc('month', now() at time zone 'Asia/Shanghai') - interval '11 months') at time zone 'Asia/Shanghai'`,
    ),
    openRepairs: await n(
      sql`select least(count(*), 30) n from repair_orders where tenant_id = ${tenantId} and village_id in ${v} and status < 5`,
    ),
  };
};

const sum = (xs: number[]) => xs.reduce((x, y) => x + y, 0);

/** what the screen shows, under the names of `direct` */
const shown = (d: DataScreen) => {
  const p = d.panelInfo;
  return {
    village: p.village,
    building: p.building,
    house: p.house,
    owner: p.owner,
    usingHouse: p.usingHouse,
    tenant: p.tenant,
    visitor: p.visitor,
    proPerson: p.proPerson,
    trafficRecord: p.trafficRecord,
    intelligentPatrol: p.intelligentPatrol,
    intelligentPatrolSuc: p.intelligentPatrolSuc,
    repairStatistics: p.repairStatistics,
    repairStatisticsErr: p.repairStatisticsErr,
    repairStatisticsSuc: p.repairStatisticsSuc,
    interControlNum: d.statistics.interControlNum,
    gates: d.statistics.parkNum,
    videoNum: d.statistics.videoNum,
    lots: d.parkingIot.parkNum,
    capacity: d.parkingIot.parking,
    surplus: d.parkingIot.surplus,
    carInto: d.vehicleEntryexit.into,
    carOut: d.vehicleEntryexit.out,
    monthIn: d.traffic.into.at(-1),
    monthOut: d.traffic.out.at(-1),
    yearIn: sum(d.traffic.into),
    yearCarIn: sum(d.traffic.carInto),
    openRepairs: d.repairInfo.length,
  };
};

describe('社区大数据 and 物业一张图', () => {
  it('every number of both screens is the direct count of the same rows, per village and for all', async () => {
    const all = (await screen(COMMUNITY, a)).body;
    expect(all.code).toBe(0);
    const tenantA = Number(
      (await t.one<{ id: number }>(sql`select tenant_id id from users where user_name = 'property'`)).id,
    );
    const ids = all.data.villageOptions.map((v) => v.id);
    expect(ids.length).toBeGreaterThan(0);
    const whole = await direct(tenantA, ids);
    expect(shown(all.data)).toEqual(whole);
    // the demo fills every panel (today's passages depend on when the test database was seeded)
    for (const k of [
      'building',
      'house',
      'owner',
      'intelligentPatrol',
      'repairStatistics',
      'lots',
      'videoNum',
      'yearIn',
      'yearCarIn',
    ] as const)
      expect(whole[k], k).toBeGreaterThan(0);
    expect(all.data.panelInfo.occupancyRate).toBe(Math.round((whole.usingHouse / whole.house) * 10000) / 100);
    expect(all.data.traffic.categoryName).toHaveLength(12);
    for (const path of [COMMUNITY, PROPERTY])
      for (const vid of ids) {
        const r = await screen(path, a, { vid });
        expect(r.body.code, `${path} ${vid}`).toBe(0);
        expect(r.body.data.vid).toBe(vid);
        expect(shown(r.body.data), `${path} ${vid}`).toEqual(await direct(tenantA, [vid]));
        expect(r.body.data.panelInfo.villageList.map((v) => v.id)).toEqual([vid]);
      }
    // ?vid= in the address picks the same village
    const byQuery = await screen(PROPERTY, a, {}, `?vid=${ids[0]}`);
    expect(shown(byQuery.body.data)).toEqual(await direct(tenantA, [ids[0]!]));
  });

  it('lists the newest barrier passages and open repairs with their fields', async () => {
    const d = (await screen(PROPERTY, a)).body.data;
    const latest = await t.rows<{ id: number; plate: string; is_type: number }>(
      sql`select e.id, e.plate, e.is_type from gate_events e join users u on u.tenant_id = e.tenant_id
        where u.user_name = 'property' order by e.occurred_at desc, e.id desc limit 20`,
    );
    expect(d.panelInfo.vehicleEntryexitList.map((e) => [e.id, e.platenum, e.is_type])).toEqual(
      latest.map((e) => [e.id, e.plate, e.is_type]),
    );
    for (const r of d.repairInfo) expect(r.status).toBeLessThan(5);
    expect(d.panelInfo.accessList.length).toBe(d.statistics.interControlNum);
    expect(d.panelInfo.videoList.length).toBe(d.statistics.videoNum);
    expect(d.statistics.unconnected).toEqual(['aiVideo', 'autoCharging', 'ladder']);
  });

  it('keeps each company to its own villages, and a user to his data scope', async () => {
    const da = (await screen(COMMUNITY, a)).body.data;
    const db = (await screen(COMMUNITY, b)).body.data;
    const aIds = da.villageOptions.map((v) => v.id);
    expect(db.villageOptions.some((v) => aIds.includes(v.id))).toBe(false);
    const tenantB = Number(
      (await t.one<{ id: number }>(sql`select tenant_id id from users where user_name = 'propertyb'`)).id,
    );
    expect(shown(db)).toEqual(
      await direct(
        tenantB,
        db.villageOptions.map((v) => v.id),
      ),
    );
    // A's village asked by B does not exist for him, on the screen, its variant and the weather
    for (const path of [COMMUNITY, PROPERTY]) {
      const r = await screen(path, b, { vid: aIds[0] });
      expect(r.body.code).toBe(Code.notFound);
    }
    expect((await weather(b, `?vid=${aIds[0]}`)).code).toBe(Code.notFound);

    const role = await makeRole(t, '大屏一村', { pages: { CommunityData: ['view'] }, villages: [aIds[0]!] });
    const one = await makeUser(t, 'screenone', [role]);
    const mine = (await screen(COMMUNITY, one.token)).body;
    expect(mine.code).toBe(0);
    expect(mine.data.villageOptions.map((v) => v.id)).toEqual([aIds[0]]);
    const tenantA = Number(
      (await t.one<{ id: number }>(sql`select tenant_id id from users where user_name = 'property'`)).id,
    );
    expect(shown(mine.data)).toEqual(await direct(tenantA, [aIds[0]!]));
    if (aIds[1]) expect((await screen(COMMUNITY, one.token, { vid: aIds[1] })).body.code).toBe(Code.notFound);
    // his role holds 社区大数据 only
    expect((await screen(PROPERTY, one.token)).body.code).not.toBe(0);
  });

  it('counts the monthly figures of the dates asked with ?isSearch=1, and names a bad field', async () => {
    const tenantA = Number(
      (await t.one<{ id: number }>(sql`select tenant_id id from users where user_name = 'property'`)).id,
    );
    const d = (await screen(COMMUNITY, a)).body.data;
    const month = d.traffic.categoryName.at(-1)!;
    const r = await screen(COMMUNITY, a, { start_time: `${month}-01`, end_time: `${month}-28` }, '?isSearch=1');
    expect(r.body.code).toBe(0);
    expect(r.body.data.traffic.categoryName).toEqual([month]);
    expect(r.body.data.start_time).toBe(`${month}-01`);
    const ids = `(${d.villageOptions.map((v) => v.id).join(',')})`;
    const n = await t.one<{ n: string }>(
      sql`select count(*) n from access_records where tenant_id = ${tenantA} and village_id in ${sql.raw(ids)} and jctype = 1
        and (created_at at time zone 'Asia/Shanghai')::date between ${`${month}-01`}::date and ${`${month}-28`}::date`,
    );
    expect(r.body.data.traffic.into).toEqual([Number(n.n)]);

    const bad = async (body: object, query: string, field: RegExp) => {
      const res = await screen(COMMUNITY, a, body, query);
      expect(res.body.code).not.toBe(0);
      expect(res.body.msg).toMatch(field);
    };
    await bad({}, '?isSearch=1', /start_time/);
    await bad({ start_time: '2026-01-01' }, '?isSearch=1', /end_time/);
    await bad({ start_time: '2026-02-30', end_time: '2026-03-01' }, '?isSearch=1', /开始日期.*start_time/);
    await bad({ start_time: '2026-03-01', end_time: '2026-01-01' }, '?isSearch=1', /不能晚于/);
    await bad({ start_time: '2020-01-01', end_time: '2026-01-01' }, '?isSearch=1', /不能超过/);
    await bad({ vid: 'abc' }, '', /vid/);
    await bad({}, '?isSearch=2', /isSearch/);
  });

  it('answers the weather of the sandbox, and 未配置天气服务 without a service', async () => {
    const w = await weather(a);
    expect(w.code).toBe(0);
    expect(w.data).toMatchObject({ configured: true, provider: 'sandbox', msg: '' });
    expect(w.data.weather).not.toBe('');
    expect(w.data.temperature).toMatch(/^\d+~\d+℃$/);
    expect((await screen(COMMUNITY, a)).body.data.weather.provider).toBe('sandbox');
    setWeatherSandbox(t.registry, false);
    try {
      const none = await weather(a);
      expect(none.data).toMatchObject({ configured: false, provider: '', msg: '未配置天气服务', weather: '' });
      expect((await screen(PROPERTY, a)).body.data.weather.msg).toBe('未配置天气服务');
    } finally {
      setWeatherSandbox(t.registry, true);
    }
  });
});
