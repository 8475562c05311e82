import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../core/db/client.ts';
import { coalesce } from '../../../core/db/coalesce.ts';
import { executePrepared } from '../../../core/db/prepared.ts';
import { accessRecords, gatePersons, workers } from '../../estate/index.ts';
import { roles } from '../../rbac/index.ts';
import { KIND_RESIDENT, KIND_WORKER } from '../rights/expected.ts';
import type { PassageHold, PassageIdentity } from './identities.ts';
import { configs } from '../../system/index.ts';
import { accessDeviceFaces, accessDevices } from '../schema.ts';
import { accessVillageSettings, DEFAULT_FACE_THRESHOLD } from '../schema-settings.ts';
import { accessFaceConsents, accessPersonPasses } from '../schema-faces.ts';

/** The company setting (参数配置) naming the https addresses its face terminals' pictures may come from. */
export const PICTURE_PREFIXES_KEY = 'access_picture_prefixes';

/** a device with that code, as its calls need it */
export type DeviceRow = {
  id: number;
  tenant_id: number;
  village_id: number;
  direction: number;
  status: number;
  secret: string;
};

/** the devices with a code (a code is unique per company, so several companies may share it) */
export const devicesByCode = (db: Db, code: string) =>
  executePrepared<DeviceRow>(
    db,
    'access_devices_by_code',
    sql`select id, tenant_id, village_id, direction, status, secret from ${accessDevices} where gateno = ${code}`,
  );

/** what an event asks: the person it names (a resident, a worker or another module's person by face id prefix) */
export type EventQuery = {
  code: string;
  event_id: string;
  person_id: number | null;
  worker_id: number | null;
  other_prefix: string;
  other_id: number | null;
  card_no: string;
  https: boolean;
  /** when the person passed: a visitor's pass window is judged at that time */
  at: string;
};

/** a staff member or another module's person at a door: whether his right holds (an active worker with an active role; a visitor in his window) */
export type DoorPerson = {
  id: number;
  name: string;
  pic: string;
  valid: boolean;
  barred: boolean;
  qr_version: number;
};

/** per device with the code: the event's earlier record (a replay), the resident it names and the picture hosts */
export type EventFacts = DeviceRow & {
  name: string;
  /** the village's face threshold (percent) */
  face_threshold: number;
  prev_id: number | null;
  prev_jctype: number | null;
  prev_name: string | null;
  prev_at: Date | string | null;
  by_id: number | null;
  by_id_name: string | null;
  by_id_sex: number | null;
  by_id_status: number | null;
  by_id_pic: string | null;
  /** the resident's current issue of QR codes (1 before any) and whether he is barred */
  by_id_qr_version: number | null;
  by_id_barred: boolean | null;
  /** why a registered hold stops him (a home isolation), or null */
  by_id_hold: string | null;
  by_card: number | null;
  by_card_name: string | null;
  by_card_sex: number | null;
  by_card_status: number | null;
  by_card_pic: string | null;
  by_card_barred: boolean | null;
  by_card_hold: string | null;
  worker: DoorPerson | null;
  worker_card: DoorPerson | null;
  other: DoorPerson | null;
  picture_prefixes: string | null;
};

/**
 * One statement for the events of a batch (they travel as one JSON parameter): per event every device with its code,
 * and within each device's own company and village the event's earlier record, the resident of the id it sent and
 * the resident holding the card it read. A resident of another company or village is simply not found, so a device
 * never names someone it does not serve.
 */
const factsOf = async (
  db: Db,
  qs: EventQuery[],
  others: readonly PassageIdentity[],
  holds: readonly PassageHold[],
): Promise<EventFacts[][]> => {
  const json = JSON.stringify(qs.map((q, i) => ({ ...q, i })));
  // the statement's text depends on the identities and holds the app registered: its name says which
  const name = `access_event_facts_${others.map((o) => o.prefix).join('')}_h${holds.length}`;
  const rows = await executePrepared<EventFacts & { i: number }>(db, name, factsQuery(json, others, holds));
  const out: EventFacts[][] = qs.map(() => []);
  for (const { i, ...f } of rows) out[i]!.push(f);
  return out;
};

/** a worker of the device's village as the doors judge him (one row or none; `w` is the worker) */
const workerPerson = (where: SQL) => sql`(select to_jsonb(x) from (
    select w.id, w.name, coalesce((select c.face_img from ${accessFaceConsents} c where c.person_id = w.id
          and c.person_kind = ${KIND_WORKER} and c.tenant_id = w.tenant_id and c.withdrawn_at is null limit 1), '') as pic, (w.status = 1 and coalesce(r.status, 0) = 1) as valid,
      coalesce(b.barred_at is not null, false) as barred, coalesce(b.qr_version, 1) as qr_version
    from ${workers} w
    left join ${roles} r on r.id = w.tenant_role_id
    left join ${accessPersonPasses} b on b.tenant_id = w.tenant_id and b.person_kind = ${KIND_WORKER} and b.person_id = w.id
    where w.tenant_id = d.tenant_id and w.village_id = d.village_id and ${where}
    order by w.id limit 1) x)`;

/** the first registered hold's reason for the resident `p`, or null */
const holdOf = (holds: readonly PassageHold[]) =>
  holds.length ? sql`coalesce(${sql.join([...holds], sql`, `)})::text` : sql`null::text`;

const factsQuery = (json: string, others: readonly PassageIdentity[], holds: readonly PassageHold[]) =>
  sql`select e.i, d.id, d.tenant_id, d.village_id, d.direction, d.status, d.secret, d.name,
        coalesce((select s.face_threshold from ${accessVillageSettings} s
          where s.village_id = d.village_id and s.tenant_id = d.tenant_id), ${DEFAULT_FACE_THRESHOLD})::int as face_threshold,
        prev.id as prev_id, prev.jctype as prev_jctype, prev.person_name as prev_name, prev.created_at as prev_at,
        pid.id as by_id, pid.name as by_id_name, pid.sex as by_id_sex, pid.status as by_id_status, pid.pic as by_id_pic,
        pid.qr_version as by_id_qr_version, pid.barred as by_id_barred, pid.hold as by_id_hold,
        card.id as by_card, card.name as by_card_name, card.sex as by_card_sex, card.status as by_card_status,
        card.pic as by_card_pic, card.barred as by_card_barred, card.hold as by_card_hold,
        case when e.worker_id is not null then ${workerPerson(sql`w.id = e.worker_id`)} end as worker,
        case when e.card_no <> '' and card.id is null then ${workerPerson(sql`exists (select 1 from ${accessPersonPasses} c
          where c.tenant_id = w.tenant_id and c.person_kind = ${KIND_WORKER} and c.person_id = w.id
            and c.card_no = e.card_no)`)} end as worker_card,
        ${
          others.length
            ? sql`case e.other_prefix ${sql.join(
                others.map((o) => sql`when ${o.prefix} then (select to_jsonb(x) from (${o.lookup}) x)`),
                sql` `,
              )} end`
            : sql`null::jsonb`
        } as other,
        case when e.https then (
          select c.config_value from ${configs} c
          where c.config_key = ${PICTURE_PREFIXES_KEY} and c.tenant_id = d.tenant_id order by c.id limit 1
        ) end as picture_prefixes
      from jsonb_to_recordset(${json}::jsonb)
        as e(i int, code text, event_id text, person_id int, worker_id int, other_prefix text, other_id int,
          card_no text, https boolean, at timestamptz)
      join ${accessDevices} d on d.gateno = e.code
      -- each lateral finds at most one row and ends in limit 1, so it stays a per-event index lookup
      left join lateral (
        select r.id, r.jctype, r.person_name, r.created_at from ${accessRecords} r
        where r.tenant_id = d.tenant_id and r.device_id = d.id and r.event_id = e.event_id limit 1
      ) prev on true
      left join lateral (
        select p.id, p.name, p.sex, p.status, coalesce((select c.face_img from ${accessFaceConsents} c where c.person_id = p.id
          and c.person_kind = ${KIND_RESIDENT} and c.tenant_id = p.tenant_id and c.withdrawn_at is null limit 1), '') as pic,
          coalesce(b.qr_version, 1) as qr_version, b.barred_at is not null as barred, ${holdOf(holds)} as hold
        from ${gatePersons} p
        left join ${accessPersonPasses} b on b.tenant_id = p.tenant_id and b.person_kind = 1 and b.person_id = p.id
        where p.id = e.person_id and p.tenant_id = d.tenant_id and p.village_id = d.village_id limit 1
      ) pid on true
      left join lateral (
        select p.id, p.name, p.sex, p.status, coalesce((select c.face_img from ${accessFaceConsents} c where c.person_id = p.id
          and c.person_kind = ${KIND_RESIDENT} and c.tenant_id = p.tenant_id and c.withdrawn_at is null limit 1), '') as pic, b.barred_at is not null as barred,
          ${holdOf(holds)} as hold
        from ${gatePersons} p
        left join ${accessPersonPasses} b on b.tenant_id = p.tenant_id and b.person_kind = 1 and b.person_id = p.id
        where e.card_no <> '' and p.tenant_id = d.tenant_id and p.village_id = d.village_id
          and p.gate_card_id = e.card_no
        order by p.id limit 1
      ) card on true`;

/** a passage as recorded */
export type RecordRow = {
  tenant_id: number;
  village_id: number;
  device_id: number;
  event_id: string;
  person_id: number | null;
  person_name: string;
  sex: number;
  img: string;
  jctype: number;
  open_type: number;
  credential: string;
  door: number;
  similarity: number | null;
  at: string;
};

/**
 * Records a batch of passages and counts them as their devices' sign of life, in one statement. An event recorded
 * meanwhile (the same device and event id, sent again or twice in the batch) gets null: the caller answers with the
 * first record.
 */
const record = async (db: Db, rows: RecordRow[]): Promise<(number | null)[]> => {
  const inserted = await executePrepared<{ id: number; device_id: number; event_id: string }>(
    db,
    'access_record_passages',
    sql`with r as (
        select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(tenant_id int, village_id int,
          device_id int, event_id text, person_id int, person_name text, sex int, img text, jctype int, open_type int,
          credential text, door int, similarity numeric, at timestamptz)
      ), ins as (
        insert into ${accessRecords} (tenant_id, village_id, device_id, event_id, person_id, person_name, sex, img,
          jctype, open_type, credential, door, similarity, created_at)
        select tenant_id, village_id, device_id, event_id, person_id, person_name, sex, img, jctype, open_type,
          credential, door, similarity, at from r
        on conflict (tenant_id, device_id, event_id) do nothing
        returning id, device_id, event_id
      ), beat as (
        update ${accessDevices} set last_heartbeat = now() where id in (select device_id from r)
      )
      select id, device_id, event_id from ins`,
  );
  const ids = new Map(inserted.map((r) => [`${r.device_id} ${r.event_id}`, r.id]));
  return rows.map((r) => {
    const key = `${r.device_id} ${r.event_id}`;
    const id = ids.get(key) ?? null;
    ids.delete(key); // a second copy in the same batch was not the one inserted
    return id;
  });
};

type Doors = {
  facts: (q: EventQuery) => Promise<EventFacts[]>;
  record: (r: RecordRow) => Promise<number | null>;
};
const doorsByDb = new WeakMap<Db, Doors>();

/**
 * The doors' reads and writes for one database, coalesced: the passages that arrive in one turn of the event loop
 * share a statement, so fifty terminals cost a few round trips a turn instead of a hundred.
 */
export const doorDb = (db: Db, others: readonly PassageIdentity[], holds: readonly PassageHold[] = []): Doors => {
  let doors = doorsByDb.get(db);
  if (!doors) {
    doors = {
      facts: coalesce((qs: EventQuery[]) => factsOf(db, qs, others, holds)),
      record: coalesce((rs: RecordRow[]) => record(db, rs)),
    };
    doorsByDb.set(db, doors);
  }
  return doors;
};

/** the first record of an event (a replay that raced its original) */
export const firstRecord = async (db: Db, tenantId: number, deviceId: number, eventId: string) => {
  const rows = await executePrepared<{ id: number; jctype: number; person_name: string; created_at: string }>(
    db,
    'access_first_record',
    sql`select id, jctype, person_name, created_at from ${accessRecords}
      where tenant_id = ${tenantId} and device_id = ${deviceId} and event_id = ${eventId}`,
  );
  return rows[0]!;
};

/** a heartbeat: the device lives, and what it said about itself */
export const beat = (db: Db, tenantId: number, deviceId: number, info: Record<string, string>) =>
  db.execute(
    sql`update ${accessDevices} set last_heartbeat = now(), heartbeat_info = ${JSON.stringify(info)}::jsonb
      where id = ${deviceId} and tenant_id = ${tenantId}`,
  );

/**
 * The face ids a device holds replace what it reported before, stamped with the report's time; the device lives.
 * One statement: the report as one JSON parameter, the ids it no longer holds deleted, the rest upserted.
 */
export const storeFaces = async (db: Db, tenantId: number, deviceId: number, faces: readonly string[], at: Date) => {
  const json = JSON.stringify(faces);
  const iso = at.toISOString();
  await db.execute(sql`
    with f as (select distinct jsonb_array_elements_text(${json}::jsonb) as face_id),
    gone as (
      delete from ${accessDeviceFaces} x where x.tenant_id = ${tenantId} and x.device_id = ${deviceId}
        and not exists (select 1 from f where f.face_id = x.face_id)
    ),
    kept as (
      insert into ${accessDeviceFaces} (tenant_id, device_id, face_id, reported_at)
      select ${tenantId}, ${deviceId}, f.face_id, ${iso}::timestamptz from f
      on conflict (tenant_id, device_id, face_id) do update set reported_at = excluded.reported_at
    )
    update ${accessDevices} set faces_reported_at = ${iso}::timestamptz, last_heartbeat = now()
    where id = ${deviceId} and tenant_id = ${tenantId}`);
};
