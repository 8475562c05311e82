import type { ApictureCounts, ApictureData, ApictureTiles, ApictureVillage, ApictureVillageInfo } from '@5a/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Caller } from '../../../core/auth/actor.ts';
import type { Db } from '../../../core/db/client.ts';
import { intArray } from '../../../core/db/sql.ts';
import { notFound } from '../../../core/errors.ts';
import { formatDate } from '../../../core/time.ts';
import { OFFLINE_AFTER_MINUTES } from '../../access/index.ts';
import { NO_ADVERTS, type AdvertFiguresSource } from '../../operator/index.ts';
import { regionPath } from '../../region/index.ts';
import { DONE_REPAIR, OPEN_REPAIR } from '../screens/figures.ts';
import { alertsWhere } from './alerts.ts';
import { mapScope, q } from './scope.ts';

/** the right that lets a company user 派单 from the map */
export const DISPATCH_PERM = 'RepairManagement:dispatch';

type VillageRow = { id: number; name: string; lonlat: string; geom: string; tenant_name: string; address: string };
const village = (r: VillageRow): ApictureVillage => ({
  id: Number(r.id),
  name: r.name,
  lonlat: r.lonlat,
  geom: r.geom,
  tenantName: r.tenant_name,
  address: r.address,
});

type CountRow = Record<keyof ApictureCounts, string>;

const countsOf = async (db: Db, scope: SQL): Promise<ApictureCounts> => {
  const ids = sql`(select v.id from villages v join tenants t on t.id = v.tenant_id where ${scope})`;
  const [c] = await q<CountRow>(
    db,
    sql`select (select count(*) from villages v join tenants t on t.id = v.tenant_id where ${scope}) as village,
      (select count(*) from buildings b where b.village_id in ${ids}) as building,
      (select count(*) from houses h where h.village_id in ${ids}) as house,
      (select count(*) from gate_persons p where p.village_id in ${ids} and p.personnel_type = 1) as owner,
      (select count(*) from gate_persons p where p.village_id in ${ids}) as person,
      (select count(distinct v.tenant_id) from villages v join tenants t on t.id = v.tenant_id where ${scope}) as tenant`,
  );
  return {
    village: Number(c?.village ?? 0),
    building: Number(c?.building ?? 0),
    house: Number(c?.house ?? 0),
    owner: Number(c?.owner ?? 0),
    person: Number(c?.person ?? 0),
    tenant: Number(c?.tenant ?? 0),
  };
};

/** the intro's figures that are plain counts, by their reply key */
const FIGURE_KEYS = [
  'buildings',
  'houses',
  'lived',
  'owners',
  'residents',
  'renters',
  'workers',
  'parkingLots',
  'parkingSpaces',
  'repairs',
  'repairsOpen',
  'repairsDone',
  'reports',
  'visitorsToday',
  'patrolTasksToday',
  'patrolDoneToday',
  'doors',
  'doorsOnline',
  'lanes',
  'cameras',
  'passagesToday',
  'carsToday',
  'openAlerts',
] as const;

type InfoRow = VillageRow &
  Record<(typeof FIGURE_KEYS)[number], string> & {
    region_code: string;
    expire: string | null;
    days_left: number | null;
  };

/**
 * One village of the caller's with its figures (管理数据, 服务数据, 感知数据: each a count of the village's rows; today is
 * a Shanghai day); a village outside the caller's scope does not exist.
 */
export const villageInfo = async (
  db: Db,
  caller: Caller,
  vid: number,
  adverts: AdvertFiguresSource = async () => NO_ADVERTS,
): Promise<ApictureVillageInfo> => {
  const scope = await mapScope(db, caller);
  const today = formatDate(new Date());
  const since = sql`(${today}::date)::timestamp at time zone 'Asia/Shanghai'`;
  const [r] = await q<InfoRow>(
    db,
    sql`select v.id, v.name, v.lonlat, v.geom, v.address, v.region_code, t.name as tenant_name,
      (select count(*) from buildings b where b.village_id = v.id) as buildings,
      (select count(*) from houses h where h.village_id = v.id) as houses,
      (select count(*) from houses h where h.village_id = v.id
        and exists (select 1 from gate_persons p where p.house_id = h.id)) as lived,
      (select count(*) from gate_persons p where p.village_id = v.id and p.personnel_type = 1) as owners,
      (select count(*) from gate_persons p where p.village_id = v.id) as residents,
      (select count(*) from gate_persons p where p.village_id = v.id and p.personnel_type = 2) as renters,
      (select count(*) from workers w where w.village_id = v.id and w.status = 1) as workers,
      (select count(*) from parking_lots l where l.village_id = v.id and l.status = 1) as "parkingLots",
      (select coalesce(sum(l.capacity), 0) from parking_lots l where l.village_id = v.id and l.status = 1)
        as "parkingSpaces",
      (select count(*) from repair_orders o where o.village_id = v.id) as repairs,
      (select count(*) from repair_orders o where o.village_id = v.id and o.status = any(${intArray(OPEN_REPAIR)}))
        as "repairsOpen",
      (select count(*) from repair_orders o where o.village_id = v.id and o.status = any(${intArray(DONE_REPAIR)}))
        as "repairsDone",
      (select count(*) from report_things r where r.village_id = v.id) as reports,
      (select count(*) from visitors x where x.village_id = v.id and x.created_at >= ${since}) as "visitorsToday",
      (select count(*) from patrol_tasks k where k.village_id = v.id and k.task_date = ${today}::date)
        as "patrolTasksToday",
      (select count(*) from patrol_tasks k where k.village_id = v.id and k.task_date = ${today}::date and k.status = 2)
        as "patrolDoneToday",
      (select count(*) from access_devices d where d.village_id = v.id and d.status = 1) as doors,
      (select count(*) from access_devices d where d.village_id = v.id and d.status = 1
        and d.last_heartbeat >= now() - make_interval(mins => ${OFFLINE_AFTER_MINUTES}::int)) as "doorsOnline",
      (select count(*) from parking_gates g where g.village_id = v.id and g.status = 1) as lanes,
      (select count(*) from video_cameras c where c.village_id = v.id and c.state = 1) as cameras,
      (select count(*) from access_records a where a.village_id = v.id and a.created_at >= ${since}) as "passagesToday",
      (select count(*) from gate_events e where e.village_id = v.id and e.decision = 'open'
        and e.occurred_at >= ${since}) as "carsToday",
      (select count(*) from abnormal_alerts where abnormal_alerts.village_id = v.id
        and abnormal_alerts.handled = 2 and ${alertsWhere(caller)}) as "openAlerts",
      coalesce(v.expire_date, t.service_expire)::text as expire,
      (coalesce(v.expire_date, t.service_expire) - ${today}::date) as days_left
      from villages v join tenants t on t.id = v.tenant_id where v.id = ${vid} and ${scope}`,
  );
  if (!r) throw notFound('小区');
  const n = Object.fromEntries(FIGURE_KEYS.map((k) => [k, Number(r[k] ?? 0)])) as Record<
    (typeof FIGURE_KEYS)[number],
    number
  >;
  const { lived, ...figures } = n;
  return {
    ...village(r),
    ...figures,
    regionName: r.region_code ? regionPath(r.region_code) : '',
    livedHouses: lived,
    occupancyRate: n.houses ? Math.round((lived / n.houses) * 10000) / 100 : 0,
    expireDate: r.expire ?? '',
    daysLeft: r.days_left === null ? null : Number(r.days_left),
    advNum: (await adverts(db, sql`(${vid})`)).slots,
  };
};

/** The map: every village of the caller's with its location, the counts, the base tiles and the village asked. */
export const apicture = async (
  db: Db,
  caller: Caller,
  tiles: ApictureTiles,
  vid?: number,
  adverts?: AdvertFiguresSource,
): Promise<ApictureData> => {
  const scope = await mapScope(db, caller);
  const [rows, counts] = await Promise.all([
    q<VillageRow>(
      db,
      sql`select v.id, v.name, v.lonlat, v.geom, v.address, t.name as tenant_name
        from villages v join tenants t on t.id = v.tenant_id where ${scope} order by t.id, v.id`,
    ),
    countsOf(db, scope),
  ]);
  const data: ApictureData = {
    villageList: rows.map(village),
    counts,
    tiles,
    mayDispatch: caller.actor.kind === 'web' && caller.perms.has(DISPATCH_PERM),
  };
  if (vid !== undefined) data.village = await villageInfo(db, caller, vid, adverts);
  return data;
};
