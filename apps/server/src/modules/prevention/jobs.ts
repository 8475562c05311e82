import { sql } from 'drizzle-orm';
import type { Db } from '../../core/db/client.ts';
import { touchTable } from '../../core/engine/list-totals.ts';
import { everySweep } from '../../core/jobs/schedule.ts';
import type { JobDefinition } from '../../core/jobs/types.ts';
import { formatTime } from '../../core/time.ts';
import { accessRecords, buildings, gatePersons, houses } from '../estate/index.ts';
import { AlertType, raiseAlert, type RaiseAlertInput } from '../notice/index.ts';
import { dictData } from '../system/index.ts';
import { careRules, preventionControlHistory, preventionControls, preventionSettings } from './schema.ts';
import { TAG_DICT } from './control.ts';

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
/** the day in Shanghai of an instant, as the isolation dates are kept */
const shanghaiDay = (at: Date) => sql`(${at.toISOString()}::timestamptz at time zone 'Asia/Shanghai')::date`;

/** days an ended isolation keeps its health details when the company has not said */
export const DEFAULT_RETENTION_DAYS = 30;

/**
 * Ends every isolation (or ban) whose end date lies before `at`'s day, in every company, in one statement: the pass
 * status goes back to normal, released_at is stamped and each change is a history row of the job. The health code
 * stays what staff set. Safe to run again: an ended one is no longer above normal.
 */
export const endIsolations = async (db: Db, at = new Date()): Promise<number[]> => {
  const res = await db.execute(sql`
    with ended as (
      update ${preventionControls} set pass_status = 1, released_at = ${at.toISOString()}::timestamptz, updated_at = now()
      where pass_status > 1 and end_time < ${shanghaiDay(at)}
      returning person_id, tenant_id, village_id, health_code, start_time, end_time
    ), kept as (
      insert into ${preventionControlHistory} (tenant_id, village_id, person_id, health_code, pass_status, start_time,
        end_time, source)
      select tenant_id, village_id, person_id, health_code, 1, start_time, end_time, 'job' from ended
    )
    select person_id from ended order by person_id`);
  const ids = rowsOf<{ person_id: number }>(res).map((r) => Number(r.person_id));
  if (ids.length) touchTable(gatePersons);
  return ids;
};

/**
 * The retention period: an isolation ended longer ago than its company's retention days (30 unless set) loses its
 * health details — the control goes back to green without dates, health_cleared_at is stamped, the earlier history
 * rows of that resident lose their code and dates too, and the wipe itself is a history row of 'retention'.
 * One statement for every company; a wiped control is not wiped again.
 */
export const wipeExpiredHealth = async (db: Db, at = new Date()): Promise<number[]> => {
  const res = await db.execute(sql`
    with wiped as (
      update ${preventionControls} c set health_code = 1, start_time = null, end_time = null,
        health_cleared_at = ${at.toISOString()}::timestamptz, updated_at = now()
      where c.pass_status = 1 and c.released_at is not null and c.health_cleared_at is null
        and c.released_at < ${at.toISOString()}::timestamptz - make_interval(days => coalesce(
          (select s.retention_days from ${preventionSettings} s where s.tenant_id = c.tenant_id), ${DEFAULT_RETENTION_DAYS}))
      returning c.person_id, c.tenant_id, c.village_id
    ), scrubbed as (
      update ${preventionControlHistory} h set health_code = 1, start_time = null, end_time = null
      from wiped w where h.tenant_id = w.tenant_id and h.person_id = w.person_id
    ), kept as (
      insert into ${preventionControlHistory} (tenant_id, village_id, person_id, health_code, pass_status, source)
      select tenant_id, village_id, person_id, 1, 1, 'retention' from wiped
    )
    select person_id from wiped order by person_id`);
  const ids = rowsOf<{ person_id: number }>(res).map((r) => Number(r.person_id));
  if (ids.length) touchTable(gatePersons);
  return ids;
};

type UnseenRow = {
  id: number;
  tenant_id: number;
  village_id: number;
  name: string;
  house: string | null;
  tag: string;
  hours: number;
  last_seen: Date | string | null;
  since: Date | string;
};

export type RaiseCareAlert = (db: Db, input: RaiseAlertInput) => Promise<unknown>;

/**
 * Care: a resident (approved, living in) carrying a tag whose care rule is on, not seen at any door of his village for
 * the rule's hours (the shortest when several tags hold), raises a care alert to the village's staff. One query for
 * every company; the alert's source id is the resident and the start of his absence, so one absence raises one alert
 * however often the job runs, and the next absence another. The clock is a parameter so a test can move time.
 */
export const raiseCareAlerts = async (db: Db, at: Date, raise: RaiseCareAlert): Promise<number[]> => {
  const now = sql`${at.toISOString()}::timestamptz`;
  const res = await db.execute(sql`
    with cared as (
      select p.id, p.tenant_id, p.village_id, p.name, p.house_id, p.created_at, min(r.hours) as hours,
        (array_agg(r.tag_value order by r.hours, r.tag_value))[1] as tag_value
      from ${careRules} r
      join ${gatePersons} p on p.tenant_id = r.tenant_id and r.tag_value = any(string_to_array(p.tags, ','))
      where r.enabled and p.status = 1 and p.is_livein = 1
      group by p.id, p.tenant_id
    )
    select c.id, c.tenant_id, c.village_id, c.name, c.hours, seen.at as last_seen,
      coalesce(seen.at, c.created_at) as since,
      (select b.name || h.unit_name || h.name from ${houses} h join ${buildings} b on b.id = h.building_id
        where h.id = c.house_id) as house,
      coalesce((select d.dict_label from ${dictData} d where d.dict_type = ${TAG_DICT} and d.dict_value = c.tag_value
        and (d.tenant_id = c.tenant_id or d.tenant_id is null) order by d.tenant_id nulls last limit 1), c.tag_value) as tag
    from cared c
    left join lateral (
      select max(a.created_at) as at from ${accessRecords} a
      where a.village_id = c.village_id and a.tenant_id = c.tenant_id and a.person_id = c.id
    ) seen on true
    where coalesce(seen.at, c.created_at) < ${now} - make_interval(hours => c.hours)
    order by c.id limit 1000`);
  const rows = rowsOf<UnseenRow>(res);
  for (const r of rows) {
    const last = r.last_seen ? formatTime(r.last_seen) : '';
    await raise(db, {
      tenantId: r.tenant_id,
      villageId: r.village_id,
      type: AlertType.care,
      title: `关爱提醒：${r.tag}${r.name}超过${r.hours}小时未通行`,
      content:
        `${r.tag}${r.name}${r.house ? `（${r.house}）` : ''}已超过${r.hours}小时未在小区门禁出现，` +
        (last ? `最近一次通行 ${last}，` : '暂无通行记录，') +
        '请尽快上门或电话确认其安全',
      source: 'care',
      sourceId: `${r.id}:${new Date(r.since).getTime()}`,
    });
  }
  return rows.map((r) => Number(r.id));
};

/** The prevention sweep: isolations that ended, care alerts, then the retention wipe (each safe to run again). */
export const preventionSweep: JobDefinition = {
  name: 'prevention-sweep',
  schedule: everySweep,
  run: async ({ db }) => {
    const now = new Date();
    await endIsolations(db, now);
    await raiseCareAlerts(db, now, raiseAlert);
    await wipeExpiredHealth(db, now);
  },
};
