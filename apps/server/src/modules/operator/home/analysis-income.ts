import type { CockpitIncome, CockpitIot } from '@5a/contracts';
import { sql } from 'drizzle-orm';
import type { Caller } from '../../../core/auth/actor.ts';
import type { Db } from '../../../core/db/client.ts';
import type { AppRegistry } from '../../../core/engine/registry.ts';
import { formatDate } from '../../../core/time.ts';
import { AlertType } from '../../notice/index.ts';
import { NO_ADVERTS, type AdvertFiguresSource } from './advert-figures.ts';
import { areaOf, villageIds } from './analysis.ts';
import { deviceFiguresOf, type DeviceKind } from './device-figures.ts';
import { fenToYuan, q } from './scope.ts';

const yearStart = (y: number) => sql`(${`${y}-01-01`}::date)::timestamp at time zone 'Asia/Shanghai'`;
/** before every payment the product can hold */
const BEGINNING = sql`'-infinity'::timestamptz`;

/** The period of 运营服务专题: one year (this year when not told), or 往年 — every year before this one together. */
export type IncomePeriod = number | 'past' | undefined;
const shanghai = (col: string) => sql.raw(`to_char(${col} at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS')`);

type Income = {
  tenants: string;
  villages: string;
  members: string;
  renewal: string;
  property: string;
  parking: string;
  repair: string;
  other: string;
};

/**
 * Tab 1, 运营服务专题, for a period: renewals paid to the platform, and what the area's villages collected
 * (bills paid that year) by kind, and the area's ad slots and what their bookings paid that year brought in (lent by
 * the community module; their bills are not counted again as 其他收费). Guarantees are not part
 * of the product yet: 0.
 */
export const income = async (
  db: Db,
  caller: Caller,
  asked: string | undefined,
  period: IncomePeriod,
  adverts: AdvertFiguresSource = async () => NO_ADVERTS,
): Promise<CockpitIncome> => {
  const a = await areaOf(db, caller, asked);
  const thisYear = Number(formatDate(new Date()).slice(0, 4));
  const past = period === 'past';
  // 往年 is reported as the last of its years; the estimate ahead always starts this year
  const y = past ? thisYear - 1 : (period ?? thisYear);
  const from = past ? BEGINNING : yearStart(y);
  const to = yearStart(y + 1);
  const vs = villageIds(a);
  const paidIn = sql`b.status = 2 and b.paid_at >= ${from} and b.paid_at < ${to}`;
  const ads = await adverts(db, vs, { from, to });
  const [[f], rank, hot, due] = await Promise.all([
    q<Income>(
      db,
      sql`select (select count(*) from tenants t where ${a.tenants}) as tenants,
        (select count(*) from villages v join tenants t on t.id = v.tenant_id where ${a.villages}) as villages,
        (select count(*) from gate_persons p where p.village_id in ${vs}) as members,
        (select coalesce(sum(o.amount), 0) from service_orders o join tenants t on t.id = o.tenant_id
          where ${a.tenants} and o.state = 'SUCCESS' and o.paid_at >= ${from} and o.paid_at < ${to}) as renewal,
        (select coalesce(sum(b.paid_amount) filter (where b.work_order_id = 0 and b.category = 1), 0) from bills b
          where b.village_id in ${vs} and ${paidIn}) as property,
        (select coalesce(sum(b.paid_amount) filter (where b.work_order_id = 0 and b.category = 2), 0) from bills b
          where b.village_id in ${vs} and ${paidIn}) as parking,
        (select coalesce(sum(b.paid_amount) filter (where b.work_order_id > 0), 0) from bills b
          where b.village_id in ${vs} and ${paidIn}) as repair,
        (select coalesce(sum(b.paid_amount) filter (where b.work_order_id = 0 and b.category > 2), 0) from bills b
          where b.village_id in ${vs} and ${paidIn} and b.id not in (${ads.bills})) as other`,
    ),
    q<{ name: string; n: string }>(
      db,
      sql`select v.name, coalesce(sum(b.paid_amount), 0) as n from villages v join tenants t on t.id = v.tenant_id
        join bills b on b.village_id = v.id and ${paidIn}
        where ${a.villages} group by v.id, v.name order by 2 desc, v.id limit 10`,
    ),
    q<{ name: string; n: string }>(
      db,
      sql`select b.name, count(*) as n from bills b where b.village_id in ${vs} and ${paidIn}
        group by b.name order by 2 desc, 1 limit 30`,
    ),
    q<{ y: number; n: string }>(
      db,
      sql`select y, coalesce((select sum(s.price) from tenant_services ts join services s on s.id = ts.service_id
          join tenants t on t.id = ts.tenant_id
          where ${a.tenants} and s.status = 1 and ts.end_date <= make_date(y, 12, 31)), 0) as n
        from generate_series(${past ? thisYear : y}::int, ${(past ? thisYear : y) + 2}::int) as y order by y`,
    ),
  ]);
  const renewal = fenToYuan(f?.renewal);
  const property = fenToYuan(f?.property);
  const parking = fenToYuan(f?.parking);
  const repair = fenToYuan(f?.repair);
  const other = fenToYuan(f?.other);
  const yearList = [
    { name: '续费收入', value: renewal },
    { name: '物业费', value: property },
    { name: '停车费', value: parking },
    { name: '广告收入', value: fenToYuan(ads.incomeFen) },
    { name: '维修服务', value: repair },
    { name: '其他收费', value: other },
  ];
  return {
    year: y,
    period: past ? 'past' : 'year',
    label: past ? `${y}年及以前` : `${y}年`,
    tenant: Number(f?.tenants),
    village: Number(f?.villages),
    member: Number(f?.members),
    yearList,
    total: Math.round(yearList.reduce((s, x) => s + x.value * 100, 0)) / 100,
    renewal,
    paid: repair,
    guarantee: 0,
    parking,
    property,
    adv: fenToYuan(ads.incomeFen),
    villageRank: rank.map((r) => ({ name: r.name, value: fenToYuan(r.n) })),
    saleType: due.map((d) => ({ name: `${d.y}年`, value: fenToYuan(d.n) })),
    hotPaid: hot.map((h) => ({ name: h.name, value: Number(h.n) })),
    advTenant: ads.tenants,
    advExpireTenant: ads.expiringTenants,
    advFree: ads.free,
  };
};

type Access = {
  villages: string;
  in15: string;
  in30: string;
  today_in: string;
  today_out: string;
  strangers: string;
};

/** The AI cameras' alarm categories of the reply, by the alert type that counts each. */
const DETECTED = {
  fell: AlertType.fall,
  parkingRoad: AlertType.roadParking,
  garbageExposure: AlertType.garbageExposure,
  intrusionWarning: AlertType.intrusion,
  highAltitudeParabola: AlertType.thrownObject,
} as const;
type Detected = keyof typeof DETECTED;

/**
 * Tab 2, 感知运营专题: entries and exits from the access records, the devices the access, parking and video modules
 * count, strangers at the doors (the last 30 days' face alerts), the AI cameras' alarms of the last 30 days by their
 * alert type and the latest unprocessed abnormal alerts of the area's villages. Devices no module brings (AI cameras, lifts) are
 * unconnected; so is an alarm category of which the area has never had an alert — no camera raises it, so its 0
 * would look measured when nothing measures it.
 */
export const iot = async (
  db: Db,
  caller: Caller,
  asked: string | undefined,
  registry: AppRegistry,
): Promise<CockpitIot> => {
  const a = await areaOf(db, caller, asked);
  const today = formatDate(new Date());
  const vs = villageIds(a);
  const day = (offset: number) => sql`(${today}::date - ${offset}::int)::timestamp at time zone 'Asia/Shanghai'`;
  const detected = Object.values(DETECTED);
  const [[f], list, warnings, devices, alarms] = await Promise.all([
    q<Access>(
      db,
      sql`select (select count(*) from villages v join tenants t on t.id = v.tenant_id where ${a.villages}) as villages,
        (select count(*) from access_records r where r.village_id in ${vs} and r.jctype = 1 and r.created_at >= ${day(14)}) as in15,
        (select count(*) from access_records r where r.village_id in ${vs} and r.jctype = 1 and r.created_at >= ${day(29)}) as in30,
        (select count(*) from access_records r where r.village_id in ${vs} and r.jctype = 1 and r.created_at >= ${day(0)}) as today_in,
        (select count(*) from access_records r where r.village_id in ${vs} and r.jctype = 2 and r.created_at >= ${day(0)}) as today_out,
        (select count(*) from abnormal_alerts al where al.village_id in ${vs} and al.source = 'access_record'
          and al.created_at >= ${day(29)} and (position('陌生人' in al.title) > 0 or position('人脸比对未通过' in al.title) > 0)) as strangers`,
    ),
    q<{ id: number; name: string; village: string; time: string; jctype: number }>(
      db,
      sql`select r.id, r.person_name as name, v.name as village, ${shanghai('r.created_at')} as time, r.jctype
        from access_records r join villages v on v.id = r.village_id
        where r.village_id in ${vs} and r.created_at >= ${day(0)} order by r.created_at desc, r.id desc limit 10`,
    ),
    q<{ id: number; title: string; village: string; time: string }>(
      db,
      sql`select al.id, al.title, v.name as village, ${shanghai('al.created_at')} as time
        from abnormal_alerts al join villages v on v.id = al.village_id
        where al.village_id in ${vs} and al.handled = 2 order by al.created_at desc, al.id desc limit 10`,
    ),
    deviceFiguresOf(registry, db, vs),
    q<{ type: number; recent: string }>(
      db,
      sql`select al.type, count(*) filter (where al.created_at >= ${day(29)}) as recent from abnormal_alerts al
        where al.village_id in ${vs} and al.type = any(${sql.param(detected)}::int[]) group by al.type`,
    ),
  ]);
  const alarmOf = new Map(alarms.map((r) => [Number(r.type), Number(r.recent)]));
  const alarm = (k: Detected) => alarmOf.get(DETECTED[k]) ?? 0;
  const silent = (Object.keys(DETECTED) as Detected[]).filter((k) => !alarmOf.has(DETECTED[k]));
  const total = (k: DeviceKind) => (devices[k] ? devices[k].on + devices[k].off : 0);
  return {
    village: Number(f?.villages),
    villageControl: total('door'),
    untControl: total('unitDoor'),
    in15: Number(f?.in15),
    in30: Number(f?.in30),
    todayIn: Number(f?.today_in),
    todayOut: Number(f?.today_out),
    todayInList: list.map((r) => ({
      id: Number(r.id),
      name: r.name,
      village: r.village,
      time: r.time,
      type: Number(r.jctype) === 2 ? '出' : '进',
    })),
    carIn: devices.carInToday ?? 0,
    control: total('door') + total('unitDoor'),
    parking: total('parking'),
    video: total('video'),
    aiVideo: 0,
    ladder: 0,
    stranger: Number(f?.strangers),
    fell: alarm('fell'),
    parkingRoad: alarm('parkingRoad'),
    garbageExposure: alarm('garbageExposure'),
    intrusionWarning: alarm('intrusionWarning'),
    highAltitudeParabola: alarm('highAltitudeParabola'),
    // no module here brings AI cameras or lifts
    unconnected: ['aiVideo', 'ladder', ...silent],
    warningList: warnings.map((w) => ({ id: Number(w.id), title: w.title, village: w.village, time: w.time })),
  };
};
