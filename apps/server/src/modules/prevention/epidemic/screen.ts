import type {
  EpidemicAlert,
  EpidemicDevice,
  EpidemicRiskVillage,
  EpidemicScreen,
  EpidemicVillage,
} from '@5a/contracts/endpoints/epidemic';
import { sql } from 'drizzle-orm';
import type { Caller } from '../../../core/auth/actor.ts';
import type { Db } from '../../../core/db/client.ts';
import { formatTime } from '../../../core/time.ts';
import { accessDevices, OFFLINE_AFTER_MINUTES } from '../../access/index.ts';
import { accessRecords, buildings, gatePersons, houses, workers } from '../../estate/index.ts';
import { villages } from '../../tenancy/index.ts';
import { preventionControls } from '../schema.ts';
import {
  alerted,
  controlAggregates,
  riskAggregates,
  riskOf,
  TODAY_START,
  unhealthy,
  untreatedWhere,
} from './counters.ts';
import { contrastOf } from './contrast.ts';
import { inScope, rowsOf, type EpidemicScope } from './scope.ts';

/** the newest alerts the scrolling list shows */
export const ALERT_LIST_SIZE = 20;

type VillageRow = { id: number; name: string; lonlat: string; geom: string; red: number; yellow: number };

const villagesWithRisk = (db: Db, s: EpidemicScope) =>
  rowsOf<VillageRow>(
    db,
    sql`select v.id, v.name, v.lonlat, v.geom, coalesce(k.red, 0)::int as red, coalesce(k.yellow, 0)::int as yellow
      from ${villages} v
      left join (
        select c.village_id, ${riskAggregates} from ${preventionControls} c
        where c.tenant_id = ${s.tenantId} and ${inScope(sql`c.village_id`, s)} group by c.village_id
      ) k on k.village_id = v.id
      where v.tenant_id = ${s.tenantId} and ${inScope(sql`v.id`, s)} order by v.id`,
  );

const devicesOf = (db: Db, s: EpidemicScope) =>
  rowsOf<EpidemicDevice>(
    db,
    sql`select d.id, d.name, d.village_id, v.name as village_name, d.gateno, d.device_type, d.direction, d.model,
        d.path, d.worker, d.workerphone, coalesce(b.lonlat, '') as lonlat,
        (case when d.last_heartbeat >= now() - make_interval(mins => ${OFFLINE_AFTER_MINUTES}::int) then 1 else 2 end)
          as online
      from ${accessDevices} d join ${villages} v on v.id = d.village_id
      left join ${buildings} b on b.id = d.building_id
      where d.tenant_id = ${s.tenantId} and d.status = 1 and ${inScope(sql`d.village_id`, s)}
      order by d.village_id, d.id`,
  );

type FigureRow = Record<
  | 'untreated'
  | 'controlled'
  | 'released'
  | 'geli'
  | 'quezheng'
  | 'ending'
  | 'buildings'
  | 'houses'
  | 'staff'
  | 'passers'
  | 'abnormal'
  | 'healthy',
  number
>;

/** the counters, the overview and today's passages: one statement */
const figuresOf = async (db: Db, s: EpidemicScope) => {
  const [f] = await rowsOf<FigureRow>(
    db,
    sql`select
        (select count(*) from ${gatePersons} p
          where p.tenant_id = ${s.tenantId} and ${inScope(sql`p.village_id`, s)} and ${untreatedWhere})::int
          as untreated,
        c.*,
        (select count(*) from ${buildings} b
          where b.tenant_id = ${s.tenantId} and ${inScope(sql`b.village_id`, s)})::int as buildings,
        (select count(*) from ${houses} h
          where h.tenant_id = ${s.tenantId} and ${inScope(sql`h.village_id`, s)})::int as houses,
        (select count(*) from ${workers} w
          where w.tenant_id = ${s.tenantId} and w.status = 1 and ${inScope(sql`w.village_id`, s)})::int as staff,
        t.*
      from (select ${controlAggregates} from ${preventionControls} c
          where c.tenant_id = ${s.tenantId} and ${inScope(sql`c.village_id`, s)}) c,
        (select count(*)::int as passers, count(*) filter (where ${alerted(sql`r`)})::int as abnormal,
            count(*) filter (where r.person_id is not null and not ${alerted(sql`r`)}
              and not ${unhealthy(sql`r`)})::int as healthy
          from ${accessRecords} r
          where r.tenant_id = ${s.tenantId} and ${inScope(sql`r.village_id`, s)}
            and r.created_at >= ${TODAY_START}) t`,
  );
  const n = (k: keyof FigureRow) => Number(f?.[k] ?? 0);
  return {
    control: { untreated: n('untreated'), controlled: n('controlled'), released: n('released') },
    isolation: {
      gelitotal: n('geli'),
      quezhengtotal: n('quezheng'),
      jiangdaoqitotal: n('ending'),
      jichutotal: n('released'),
    },
    overview: { buildings: n('buildings'), houses: n('houses'), villages: s.villageIds.length, staff: n('staff') },
    sensing: {
      passers: n('passers'),
      healthy: n('healthy'),
      abnormal: n('abnormal'),
      normal: n('passers') - n('abnormal'),
    },
  };
};

type AlertRow = Omit<EpidemicAlert, 'create_time'> & { created_at: Date | string; total: number };

/** the newest passage alerts the caller may see (an alert narrowed to some users reaches only them), with the count */
const alertsOf = async (db: Db, s: EpidemicScope, userId: number) => {
  const rows = await rowsOf<AlertRow>(
    db,
    sql`select a.id, v.name as village_name, coalesce(nullif(r.person_name, ''), '陌生人') as name,
        coalesce(d.name, '') as location, regexp_replace(a.title, '^[^：]*：', '') as reason, a.created_at,
        count(*) over ()::int as total
      from abnormal_alerts a join ${villages} v on v.id = a.village_id
      left join ${accessRecords} r
        on r.id = (case when a.source_id ~ '^[0-9]{1,9}$' then a.source_id::int end)
      left join ${accessDevices} d on d.id = r.device_id
      where a.tenant_id = ${s.tenantId} and ${inScope(sql`a.village_id`, s)} and a.source = 'access_record'
        and (a.user_ids is null or ${userId}::int = any(a.user_ids))
      order by a.created_at desc, a.id desc limit ${ALERT_LIST_SIZE}`,
  );
  return {
    total: Number(rows[0]?.total ?? 0),
    list: rows.map(({ total: _t, created_at, ...r }) => ({
      ...r,
      id: Number(r.id),
      create_time: formatTime(created_at),
    })),
  };
};

/** Every panel of the epidemic screen for the villages shown. */
export const epidemicScreen = async (db: Db, caller: Caller, s: EpidemicScope): Promise<EpidemicScreen> => {
  const [vs, devices, figures, alerts, contrast] = await Promise.all([
    villagesWithRisk(db, s),
    devicesOf(db, s),
    figuresOf(db, s),
    alertsOf(db, s, caller.actor.id),
    contrastOf(db, s, 'year'),
  ]);
  const villageList: EpidemicVillage[] = vs.map((v) => ({
    id: Number(v.id),
    name: v.name,
    lonlat: v.lonlat,
    geom: v.geom,
    risk: riskOf(Number(v.red), Number(v.yellow)),
  }));
  const riskVillages: EpidemicRiskVillage[] = vs
    .map((v) => ({ id: Number(v.id), name: v.name, red: Number(v.red), yellow: Number(v.yellow) }))
    .map((v) => ({ ...v, risk: riskOf(v.red, v.yellow) }))
    .filter((v): v is EpidemicRiskVillage => v.risk > 0)
    .sort((a, b) => b.risk - a.risk || b.red - a.red || b.yellow - a.yellow || a.id - b.id);
  return {
    villages: s.villages,
    vid: s.vid,
    villageList,
    deviceList: devices.map((d) => ({
      ...d,
      id: Number(d.id),
      village_id: Number(d.village_id),
      device_type: Number(d.device_type),
      direction: Number(d.direction),
      online: Number(d.online),
    })),
    ...figures,
    alerts,
    riskVillages,
    contrast,
  };
};
