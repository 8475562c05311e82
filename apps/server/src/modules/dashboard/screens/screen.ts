import type { DataScreen, DataScreenMark, DataScreenWeather } from '@5a/contracts/endpoints/datascreen';
import { companyVillages } from '../../../core/db/sql.ts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../core/db/client.ts';
import { formatDate, formatTime } from '../../../core/time.ts';
import { byMonth, dailyFigures } from '../../figures/index.ts';
import { countsOf, marksOf, OPEN_REPAIR, type MarkRow } from './figures.ts';
import { rowsOf, type ScreenScope } from './scope.ts';

/** the latest barrier passages and open repair orders listed */
export const VEHICLE_LIST_SIZE = 20;
export const REPAIR_LIST_SIZE = 30;

export type ScreenRange = { from: string; to: string };

const villagesOf = (db: Db, s: ScreenScope) =>
  rowsOf<{ id: number; name: string; lonlat: string; geom: string }>(
    db,
    sql`select v.id, v.name, v.lonlat, v.geom from villages v
      where v.tenant_id = ${s.tenantId} and v.id = any(${`{${s.villageIds.join(',')}}`}::int[]) order by v.id`,
  );

const vehiclesOf = (db: Db, s: ScreenScope) =>
  rowsOf<{ id: number; picimg: string; platenum: string; occurred_at: Date | string; is_type: number }>(
    db,
    sql`select e.id, e.picimg, e.plate as platenum, e.occurred_at, e.is_type from gate_events e
      where ${companyVillages('e', s)} order by e.occurred_at desc, e.id desc limit ${VEHICLE_LIST_SIZE}`,
  );

const openRepairsOf = (db: Db, s: ScreenScope) =>
  rowsOf<{
    id: number;
    problem: string;
    imgs: string;
    created_at: Date | string;
    village_name: string;
    status: number;
  }>(
    db,
    sql`select o.id, o.problem, o.imgs, o.created_at, v.name as village_name, o.status
      from repair_orders o join villages v on v.id = o.village_id and v.tenant_id = o.tenant_id
      where ${companyVillages('o', s)} and o.status = any(${`{${OPEN_REPAIR.join(',')}}`}::int[])
      order by o.created_at desc, o.id desc limit ${REPAIR_LIST_SIZE}`,
  );

const mark = (r: MarkRow): DataScreenMark => ({
  id: Number(r.id),
  name: r.name,
  village_id: Number(r.village_id),
  lonlat: r.lonlat ?? '',
  online: Number(r.online),
});

const pct = (part: number, whole: number) => (whole ? Math.round((part / whole) * 10000) / 100 : 0);

/**
 * 社区大数据 / 物业一张图 for the villages shown: the counters, the map's markers, the monthly figures of the range,
 * the open repairs, the latest barrier passages and the weather. Six statements, each over every village at once.
 */
export const dataScreen = async (
  db: Db,
  s: ScreenScope,
  range: ScreenRange,
  weather: () => Promise<DataScreenWeather>,
  now = new Date(),
): Promise<DataScreen> => {
  const [vs, counts, marks, vehicles, repairs, days, w] = await Promise.all([
    villagesOf(db, s),
    countsOf(db, s, formatDate(now)),
    marksOf(db, s),
    vehiclesOf(db, s),
    openRepairsOf(db, s),
    dailyFigures(db, { tenantId: s.tenantId, villageIds: s.villageIds, ...range }),
    weather(),
  ]);
  const months = byMonth(days);
  const of = (kind: MarkRow['kind']) => marks.filter((m) => m.kind === kind).map(mark);
  const villageList = vs.map((v) => ({ id: Number(v.id), name: v.name, lonlat: v.lonlat, geom: v.geom }));
  const c = counts;
  return {
    vid: s.vid,
    start_time: range.from,
    end_time: range.to,
    villageOptions: s.villages,
    panelInfo: {
      curLonlat: villageList.find((v) => v.lonlat)?.lonlat ?? '',
      villageList,
      buildList: of('b'),
      videoList: of('c'),
      accessList: of('a'),
      parkingList: of('g'),
      pointList: of('p'),
      village: s.villageIds.length,
      building: c.building,
      house: c.house,
      owner: c.owner,
      usingHouse: c.usingHouse,
      tenant: c.tenant,
      visitor: c.visitor,
      proPerson: c.proPerson,
      occupancyRate: pct(c.usingHouse, c.house),
      trafficRecord: c.trafficRecord,
      intelligentPatrol: c.intelligentPatrol,
      intelligentPatrolSuc: c.intelligentPatrolSuc,
      repairStatistics: c.repairStatisticsErr + c.repairStatisticsSuc,
      repairStatisticsErr: c.repairStatisticsErr,
      repairStatisticsSuc: c.repairStatisticsSuc,
      vehicleEntryexitList: vehicles.map((e) => ({
        id: Number(e.id),
        picimg: e.picimg,
        platenum: e.platenum,
        create_time: formatTime(e.occurred_at),
        is_type: Number(e.is_type),
      })),
    },
    traffic: {
      categoryName: months.map((m) => m.month),
      into: months.map((m) => m.accessIn),
      out: months.map((m) => m.accessOut),
      carInto: months.map((m) => m.carIn),
      carOut: months.map((m) => m.carOut),
      patrolRate: months.map((m) => pct(m.patrolDone, m.patrolTasks)),
      repairs: months.map((m) => m.repairs),
      visitors: months.map((m) => m.visitors),
      revenue: months.map((m) => m.revenue / 100),
    },
    repairInfo: repairs.map((r) => ({
      id: Number(r.id),
      problem: r.problem,
      imgs: r.imgs,
      create_time: formatTime(r.created_at),
      village_name: r.village_name,
      status: Number(r.status),
    })),
    statistics: {
      interControlNum: c.interControlNum,
      parkNum: c.gateNum,
      videoNum: c.videoNum,
      aiVideo: 0,
      autoCharging: 0,
      ladder: 0,
      unconnected: ['aiVideo', 'autoCharging', 'ladder'],
    },
    parkingIot: { parkNum: c.lots, parking: c.capacity, surplus: c.surplus },
    vehicleEntryexit: { into: c.carInto, out: c.carOut },
    weather: w,
  };
};
