import type { CockpitOverview, PanelSlice } from '@5a/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Caller } from '../../../core/auth/actor.ts';
import type { Db } from '../../../core/db/client.ts';
import { invalid } from '../../../core/errors.ts';
import { formatDate } from '../../../core/time.ts';
import { regionPath } from '../../region/index.ts';
import { NO_ADVERTS, type AdvertFiguresSource } from './advert-figures.ts';
import { fenToYuan, monthsAhead, monthsBack, perMonth, q, regionPrefix, regionWhere, tenantScope } from './scope.ts';

/** How far ahead an expiry counts in the cockpit's expiry figures. */
const WINDOW = 30;

/**
 * What the cockpit looks at: the caller's companies (an operator's own, the platform's all) whose villages
 * lie in the region asked — by default the operator's regions, the platform's everywhere.
 */
export type Area = {
  regionCode: string;
  regionName: string;
  /** condition on `villages v join tenants t` */
  villages: SQL;
  /** condition on `tenants t`: in scope and with a village in the area (any company when there is no region) */
  tenants: SQL;
  /** condition on `operators o` */
  operators: SQL;
};

const lastName = (code: string) => regionPath(code).split(' / ').pop() ?? '';

export const areaOf = async (db: Db, caller: Caller, asked: string | undefined): Promise<Area> => {
  const { actor } = caller;
  let codes: string[] = [];
  let own: string[] = [];
  if (actor.kind === 'operator') {
    const [op] = await q<{ region_code: string; region_codes: string[] | string }>(
      db,
      sql`select region_code, region_codes from operators where id = ${actor.operatorId ?? -1}`,
    );
    const list = op?.region_codes ?? [];
    // PGlite and pg both parse varchar[]; a text form would mean a driver without array parsers
    own = (Array.isArray(list) ? list : String(list).replace(/[{}]/g, '').split(',')).filter(Boolean);
    if (!own.length && op?.region_code) own = [op.region_code];
    codes = own;
  }
  if (asked) {
    if (!regionPath(asked)) throw invalid('所在地区不存在', 'regionCode');
    if (own.length && !own.some((c) => asked.startsWith(regionPrefix(c))))
      throw invalid('该地区不在运营商的服务区域内', 'regionCode');
    codes = [asked];
  }
  const regionCode = asked ?? codes[0] ?? '';
  const inRegion = regionWhere(codes);
  const scope = tenantScope(actor);
  const operators =
    actor.kind === 'operator'
      ? sql`o.id = ${actor.operatorId ?? -1}`
      : codes.length
        ? sql`exists (select 1 from unnest(o.region_codes) rc where rc like ${`${regionPrefix(codes[0]!)}%`}
            or ${codes[0]!} like regexp_replace(rc, '(00)+$', '') || '%')`
        : sql`true`;
  return {
    regionCode,
    regionName: regionCode ? lastName(regionCode) : '全国',
    villages: sql`${scope} and ${inRegion}`,
    tenants: codes.length
      ? sql`${scope} and exists (select 1 from villages v where v.tenant_id = t.id and ${inRegion})`
      : scope,
    operators,
  };
};

/** The ids of the area's villages, as a subquery. */
export const villageIds = (a: Area) =>
  sql`(select v.id from villages v join tenants t on t.id = v.tenant_id where ${a.villages})`;

const shanghaiMonth = (col: string) => sql.raw(`to_char(${col} at time zone 'Asia/Shanghai', 'YYYY-MM')`);
const fromMonth = (month: string) => sql`(${`${month}-01`}::date)::timestamp at time zone 'Asia/Shanghai'`;
const pct = (part: number, whole: number, none: number) => (whole ? Math.round((part / whole) * 10000) / 100 : none);

type Figures = Record<
  | 'villages'
  | 'builds'
  | 'houses'
  | 'lived'
  | 'persons'
  | 'tenants'
  | 'live_tenants'
  | 'tenant_users'
  | 'operators'
  | 'expire_operators'
  | 'expire_tenants'
  | 'expire_villages',
  string
>;

const figures = async (db: Db, a: Area, today: string) => {
  const vs = villageIds(a);
  const soon = sql`${today}::date + ${WINDOW}::int`;
  const [f] = await q<Figures>(
    db,
    sql`select (select count(*) from villages v join tenants t on t.id = v.tenant_id where ${a.villages}) as villages,
      (select count(*) from buildings b where b.village_id in ${vs}) as builds,
      (select count(*) from houses h where h.village_id in ${vs}) as houses,
      (select count(*) from houses h where h.village_id in ${vs}
        and exists (select 1 from gate_persons p where p.house_id = h.id)) as lived,
      (select count(*) from gate_persons p where p.village_id in ${vs}) as persons,
      (select count(*) from tenants t where ${a.tenants}) as tenants,
      (select count(*) from tenants t where ${a.tenants} and (t.service_expire is null or t.service_expire >= ${today}::date)) as live_tenants,
      (select count(*) from users u join tenants t on t.id = u.tenant_id where u.kind = 'web' and ${a.tenants}) as tenant_users,
      (select count(*) from operators o where ${a.operators}) as operators,
      (select count(*) from operators o where ${a.operators} and o.expire_date <= ${soon}) as expire_operators,
      (select count(*) from tenants t where ${a.tenants} and t.service_expire <= ${soon}) as expire_tenants,
      (select count(*) from villages v join tenants t on t.id = v.tenant_id
        where ${a.villages} and coalesce(v.expire_date, t.service_expire) <= ${soon}) as expire_villages`,
  );
  return Object.fromEntries(Object.entries(f ?? {}).map(([k, v]) => [k, Number(v)])) as Record<keyof Figures, number>;
};

type MonthRow = { m: string; n: string };

/** Tab 0, 运营商租户专题: the area's figures, monthly residents and renewals, company states and the renewals ahead. */
export const overview = async (
  db: Db,
  caller: Caller,
  asked: string | undefined,
  adverts: AdvertFiguresSource = async () => NO_ADVERTS,
): Promise<CockpitOverview> => {
  const a = await areaOf(db, caller, asked);
  const today = formatDate(new Date());
  const months = monthsBack(today, 12);
  const ahead = monthsAhead(today, 12);
  const since = fromMonth(months[0]!);
  const vs = villageIds(a);
  const bySex = (sex: number) =>
    q<MonthRow>(
      db,
      sql`select ${shanghaiMonth('p.created_at')} as m, count(*) as n from gate_persons p
        where p.village_id in ${vs} and p.sex = ${sex} and p.created_at >= ${since} group by 1`,
    );
  const renewals = (agg: SQL) =>
    q<MonthRow>(
      db,
      sql`select ${shanghaiMonth('o.paid_at')} as m, ${agg} as n from service_orders o join tenants t on t.id = o.tenant_id
        where ${a.tenants} and o.state = 'SUCCESS' and o.paid_at >= ${since} group by 1`,
    );
  const ads = await adverts(db, vs);
  const [villageList, f, male, female, orders, amounts, newTenants, states, byService, due] = await Promise.all([
    q<{ id: number; name: string; lonlat: string }>(
      db,
      sql`select v.id, v.name, v.lonlat from villages v join tenants t on t.id = v.tenant_id where ${a.villages} order by v.id limit 500`,
    ),
    figures(db, a, today),
    bySex(1),
    bySex(2),
    renewals(sql`count(*)`),
    renewals(sql`coalesce(sum(o.amount), 0)`),
    q<MonthRow>(
      db,
      sql`select ${shanghaiMonth('t.created_at')} as m, count(*) as n from tenants t where ${a.tenants} and t.created_at >= ${since} group by 1`,
    ),
    q<{ name: string; n: string }>(
      db,
      sql`select case when t.service_expire is null or t.service_expire > ${today}::date + ${WINDOW}::int then '服务中'
          when t.service_expire >= ${today}::date then '即将到期' else '已过期' end as name, count(*) as n
        from tenants t where ${a.tenants} group by 1`,
    ),
    q<{ name: string; n: string }>(
      db,
      sql`select s.title as name, coalesce(sum(o.amount), 0) as n from service_orders o join tenants t on t.id = o.tenant_id
        join services s on s.id = o.service_id where ${a.tenants} and o.state = 'SUCCESS' group by s.title order by 2 desc`,
    ),
    q<{ m: string; n: string; amount: string }>(
      db,
      sql`select to_char(ts.end_date, 'YYYY-MM') as m, count(*) as n, coalesce(sum(s.price), 0) as amount
        from tenant_services ts join services s on s.id = ts.service_id join tenants t on t.id = ts.tenant_id
        where ${a.tenants} and s.status = 1 and ts.end_date >= ${`${ahead[0]}-01`}::date
          and ts.end_date < (${`${ahead[ahead.length - 1]}-01`}::date + interval '1 month') group by 1`,
    ),
  ]);
  const stateOrder = ['服务中', '即将到期', '已过期'];
  const stateCount = new Map(states.map((s) => [s.name, Number(s.n)]));
  return {
    regionCode: a.regionCode,
    regionName: a.regionName,
    villageList: villageList.map((v) => ({ id: Number(v.id), name: v.name, lonlat: v.lonlat })),
    operatorUser: f.operators,
    sysTenantUser: f.tenants,
    villageCount: f.villages,
    buildCount: f.builds,
    tenantUser: f.tenant_users,
    ownerHouse: f.houses,
    ownerGatePerson: f.persons,
    oneRate: pct(f.lived, f.houses, 0),
    twoRate: pct(f.live_tenants, f.tenants, 100),
    months,
    ownerGatePersonEchartOne: perMonth(months, male),
    ownerGatePersonEchartTwo: perMonth(months, female),
    renewalCooperationOne: perMonth(months, orders),
    renewalCooperationTwo: perMonth(months, amounts).map(fenToYuan),
    renewalCooperationThr: perMonth(months, newTenants),
    renewalCooperationAnalysisOne: stateOrder.map((name) => ({ name, value: stateCount.get(name) ?? 0 })),
    renewalCooperationAnalysisTwo: byService.map((s): PanelSlice => ({ name: s.name, value: fenToYuan(s.n) })),
    expireOperatorUser: f.expire_operators,
    expireTenant: f.expire_tenants,
    expireVillage: f.expire_villages,
    expireAdv: ads.expiring,
    anticipationMonths: ahead,
    anticipationOne: perMonth(
      ahead,
      due.map((d) => ({ m: d.m, n: d.amount })),
    ).map(fenToYuan),
    anticipationTwo: perMonth(ahead, due),
  };
};
