import { apictureMarkKinds, type ApictureLayers, type ApictureMark, type ApictureMarkKind } from '@5a/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Caller } from '../../../core/auth/actor.ts';
import type { Db } from '../../../core/db/client.ts';
import { intArray } from '../../../core/db/sql.ts';
import { OFFLINE_AFTER_MINUTES } from '../../access/index.ts';
import { OPEN_REPAIR } from '../screens/figures.ts';
import { q, villageOf, type MapVillage } from './scope.ts';

/** marks of one layer sent at most (a layer with more says it is truncated) */
export const LAYER_LIMIT = 500;
/** a patrol point with a check-in other than 准时 within this many days is drawn as an event */
export const PATROL_EVENT_DAYS = 7;

type Row = { kind: ApictureMarkKind; id: number; name: string; village_id: number; lonlat: string; state: number };

/**
 * One statement per layer, each over the one village: what the layer holds with where it stands — its own
 * location, else its building's ('' for what has neither: the page places it around its village).
 */
const layerSql = (v: MapVillage): Record<ApictureMarkKind, SQL> => ({
  building: sql`select b.id, b.name, b.village_id, b.lonlat, 1 as state from buildings b
    where b.tenant_id = ${v.tenantId} and b.village_id = ${v.id} order by b.sort, b.id`,
  resident: sql`select p.id, p.name, p.village_id, coalesce(b.lonlat, '') as lonlat, 1 as state
    from gate_persons p left join buildings b on b.id = p.building_id and b.tenant_id = p.tenant_id
    where p.tenant_id = ${v.tenantId} and p.village_id = ${v.id} and p.personnel_type = 1 order by p.building_id, p.house_id, p.id`,
  door: sql`select d.id, d.name, d.village_id, coalesce(b.lonlat, '') as lonlat,
      (case when d.status = 1 and d.last_heartbeat >= now() - make_interval(mins => ${OFFLINE_AFTER_MINUTES}::int)
        then 1 else 2 end) as state
    from access_devices d left join buildings b on b.id = d.building_id and b.tenant_id = d.tenant_id
    where d.tenant_id = ${v.tenantId} and d.village_id = ${v.id} order by d.id`,
  lane: sql`select g.id, g.name, g.village_id, coalesce(nullif(g.lonlat, ''), l.lonlat, '') as lonlat,
      (case when g.status = 1 then 1 else 2 end) as state
    from parking_gates g left join parking_lots l on l.id = g.lot_id and l.tenant_id = g.tenant_id
    where g.tenant_id = ${v.tenantId} and g.village_id = ${v.id} order by g.id`,
  camera: sql`select c.id, c.name, c.village_id, '' as lonlat, (case when c.state = 1 then 1 else 2 end) as state
    from video_cameras c where c.tenant_id = ${v.tenantId} and c.village_id = ${v.id} order by c.sort, c.id`,
  // open orders first (they are what the map is for), then the latest others; cancelled ones are not shown
  repair: sql`select o.id, left(o.problem, 30) as name, o.village_id, coalesce(b.lonlat, '') as lonlat,
      (case when o.status = any(${intArray(OPEN_REPAIR)}) then 2 else 1 end) as state
    from repair_orders o left join houses h on h.id = o.house_id and h.tenant_id = o.tenant_id left join buildings b on b.id = h.building_id and b.tenant_id = h.tenant_id
    where o.tenant_id = ${v.tenantId} and o.village_id = ${v.id} and o.status <> 8
    order by (o.status = any(${intArray(OPEN_REPAIR)})) desc, o.id desc`,
  patrol: sql`select p.id, p.name, p.village_id, p.lonlat,
      (case when exists (select 1 from patrol_checkins c where c.point_id = p.id and c.tenant_id = p.tenant_id and c.verdict <> 1
        and c.checked_at >= now() - make_interval(days => ${PATROL_EVENT_DAYS}::int)) then 2 else 1 end) as state
    from patrol_points p where p.tenant_id = ${v.tenantId} and p.village_id = ${v.id} and p.state = 1 order by p.sort, p.id`,
  worker: sql`select w.id, w.name, w.village_id, '' as lonlat, 1 as state from workers w
    where w.tenant_id = ${v.tenantId} and w.village_id = ${v.id} and w.status = 1 order by w.id`,
});

const mark = (r: Row): ApictureMark => ({
  id: Number(r.id),
  name: r.name,
  villageId: Number(r.village_id),
  lonlat: r.lonlat ?? '',
  state: Number(r.state),
});

/** The layers of one village of the caller's (any other does not exist for him). */
export const mapLayers = async (db: Db, caller: Caller, vid: number): Promise<ApictureLayers> => {
  const v = await villageOf(db, caller, vid);
  const queries = layerSql(v);
  const rows = await Promise.all(apictureMarkKinds.map((k) => q<Row>(db, sql`${queries[k]} limit ${LAYER_LIMIT + 1}`)));
  const truncated: ApictureMarkKind[] = [];
  const layers = Object.fromEntries(
    apictureMarkKinds.map((k, i) => {
      const list = rows[i]!;
      if (list.length > LAYER_LIMIT) truncated.push(k);
      return [k, list.slice(0, LAYER_LIMIT).map(mark)];
    }),
  ) as Record<ApictureMarkKind, ApictureMark[]>;
  return { ...layers, vid: v.id, truncated };
};
