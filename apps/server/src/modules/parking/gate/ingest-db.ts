import { sql } from 'drizzle-orm';
import type { Db } from '../../../core/db/client.ts';
import { coalesce } from '../../../core/db/coalesce.ts';
import { executePrepared } from '../../../core/db/prepared.ts';
import { formatDate } from '../../../core/time.ts';
import { ON_OWN_SPACE, type Decision } from './decide.ts';
import { gateEvents, monthlyCards } from '../schema-gate.ts';
import { parkingGates, parkingLots, parkingSpaces, vehicles } from '../schema.ts';
import { parkingAssociations } from '../schema-assoc.ts';
import { parkingTempOrders } from '../schema-temp.ts';
import { PICTURE_PREFIXES_KEY } from './picture.ts';
import { configs } from '../../system/index.ts';

/** what a lane asks about one event */
export type FactsQuery = {
  code: string;
  event_id: string;
  plate: string;
  direction: number;
  at: Date;
  /** its snapshot is an https address: the company's allowed prefixes are read along */
  https: boolean;
};

/** one lane with that device code, and what it knows about the event's plate */
export type Facts = {
  gate_id: number;
  tenant_id: number;
  village_id: number;
  lot_id: number;
  secret: string;
  usable: boolean;
  free_minutes: number;
  hour_price: string | number;
  day_cap: string | number;
  prev_id: number | null;
  prev_decision: Decision['decision'] | null;
  prev_reason: string | null;
  prev_fee: string | number | null;
  prev_type: number | null;
  prev_at: Date | string | null;
  has_card: boolean;
  spaces_held: number | null;
  spaces_taken: number;
  entry_id: number | null;
  entry_at: Date | string | null;
  entry_fixed: boolean | null;
  paid_at: Date | string | null;
  paid_amount: string | number | null;
  /** the company's setting of allowed snapshot hosts, read only for an https snapshot */
  picture_prefixes: string | null;
};

/** a decided event, as recorded */
export type EventRow = {
  tenant_id: number;
  village_id: number;
  lot_id: number;
  gate_id: number;
  event_id: string;
  plate: string;
  is_type: number;
  picimg: string;
  occurred_at: string;
  decision: Decision['decision'];
  reason: string;
  fee: number;
  entry_id: number | null;
};

/**
 * Everything the lanes need for a batch of events, in one statement (the events travel as one JSON parameter):
 * per event the lanes with its device code (a code is unique per company, so several companies may share it: the
 * signature tells whose device it is), the lane's lot tariff, an earlier event of the same id (a replay), a valid
 * monthly card of the plate for the lot on that day, the spaces its owner holds there and how many his other cars
 * take, the plate's latest entry into the lot that no opened exit has closed, and what the driver paid online for
 * that stay.
 */
const factsOf = async (db: Db, events: FactsQuery[]): Promise<Facts[][]> => {
  const json = JSON.stringify(events.map((e, i) => ({ ...e, i, at: e.at.toISOString(), day: formatDate(e.at) })));
  const rows = await executePrepared<Facts & { i: number }>(db, 'parking_gate_facts', factsQuery(json));
  const out: Facts[][] = events.map(() => []);
  for (const { i, ...f } of rows) out[i]!.push(f);
  return out;
};

/** the facts statement for a batch (the events as one JSON array) */
export const factsQuery = (json: string) => sql`
      select e.i, g.id as gate_id, g.tenant_id, g.village_id, g.lot_id, g.secret,
        (g.status = 1 and l.status = 1) as usable, l.free_minutes, l.hour_price, l.day_cap,
        prev.id as prev_id, prev.decision as prev_decision, prev.reason as prev_reason, prev.fee as prev_fee,
        prev.is_type as prev_type, prev.occurred_at as prev_at,
        v.id is not null and exists (
          select 1 from ${monthlyCards} c
          where c.vehicle_id = v.id and c.lot_id = g.lot_id and c.status = 1 and e.day between c.start_date and c.end_date
        ) as has_card,
        held.n as spaces_held,
        -- his other cars inside on those spaces: each one's latest entry here, in as 固定车位 and not out since;
        -- only asked for a car coming in whose owner holds one
        case when e.direction = 1 and held.n > 0 then (
          select count(*)::int from ${vehicles} o
          cross join lateral (
            select n.id, n.reason from ${gateEvents} n
            where n.lot_id = g.lot_id and n.plate = o.plate and n.is_type = 1 and n.decision = 'open'
            order by n.occurred_at desc, n.id desc limit 1
          ) last_in
          where o.tenant_id = g.tenant_id and o.person_id = v.person_id and o.status = 1 and o.id <> v.id
            and last_in.reason = ${ON_OWN_SPACE}
            and not exists (select 1 from ${gateEvents} x where x.entry_id = last_in.id and x.decision = 'open')
        ) else 0 end as spaces_taken,
        entry.id as entry_id, entry.occurred_at as entry_at, entry.reason = ${ON_OWN_SPACE} as entry_fixed,
        paid.at as paid_at, paid.amount as paid_amount,
        case when e.https then (
          select c.config_value from ${configs} c
          where c.config_key = ${PICTURE_PREFIXES_KEY} and c.tenant_id = g.tenant_id
          order by c.id limit 1
        ) end as picture_prefixes
      from jsonb_to_recordset(${json}::jsonb)
        as e(i int, code text, event_id text, plate text, direction int, at timestamptz, day date, https boolean)
      join ${parkingGates} g on g.parkcode = e.code
      join ${parkingLots} l on l.id = g.lot_id
      -- each lateral ends in limit 1 (each finds at most one row anyway) so the planner keeps it a per-event index
      -- lookup even without statistics (PGlite never analyses), instead of hashing whole tables once per batch.
      -- The registered car with that plate (one active per company) and the spaces its owner holds in the lot
      left join lateral (
        select c.id, c.person_id from ${vehicles} c where c.tenant_id = g.tenant_id and c.plate = e.plate and c.status = 1
        limit 1
      ) v on true
      left join lateral (
        select count(*)::int as n from ${parkingAssociations} a join ${parkingSpaces} s on s.id = a.space_id
        where a.person_id = v.person_id and s.lot_id = g.lot_id and a.status = 1 and a.start_date <= e.day
          and coalesce(a.end_date, 'infinity'::date) >= e.day
      ) held on v.person_id is not null
      left join lateral (
        select p.id, p.decision, p.reason, p.fee, p.is_type, p.occurred_at from ${gateEvents} p
        where p.gate_id = g.id and p.event_id = e.event_id
        limit 1
      ) prev on true
      left join lateral (
        select n.id, n.occurred_at, n.reason from ${gateEvents} n
        where e.direction = 2 and n.lot_id = g.lot_id and n.plate = e.plate and n.is_type = 1
          and n.occurred_at <= e.at
          and not exists (select 1 from ${gateEvents} x where x.entry_id = n.id and x.decision = 'open')
        order by n.occurred_at desc, n.id desc limit 1
      ) entry on true
      left join lateral (
        select max(o.paid_at) as at, sum(o.amount) as amount from ${parkingTempOrders} o
        where o.entry_id = entry.id and o.paid_at is not null
      ) paid on true`;

/**
 * Records a batch of decided events in one statement. An event already recorded (the same lane and event id,
 * sent again meanwhile or twice in the batch) gets null: the caller answers with the first decision.
 */
const record = async (db: Db, rows: EventRow[]): Promise<(number | null)[]> => {
  const inserted = await executePrepared<{ id: number; gate_id: number; event_id: string }>(
    db,
    'parking_gate_record',
    sql`
      insert into ${gateEvents} (tenant_id, village_id, lot_id, gate_id, event_id, plate, is_type, picimg, occurred_at,
        decision, reason, fee, entry_id)
      select r.tenant_id, r.village_id, r.lot_id, r.gate_id, r.event_id, r.plate, r.is_type, r.picimg, r.occurred_at,
        r.decision, r.reason, r.fee, r.entry_id
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(tenant_id int, village_id int, lot_id int,
        gate_id int, event_id text, plate text, is_type smallint, picimg text, occurred_at timestamptz, decision text,
        reason text, fee bigint, entry_id int)
      on conflict (gate_id, event_id, tenant_id) do nothing
      returning id, gate_id, event_id`,
  );
  const ids = new Map(inserted.map((r) => [`${r.gate_id} ${r.event_id}`, r.id]));
  return rows.map((r) => {
    const key = `${r.gate_id} ${r.event_id}`;
    const id = ids.get(key) ?? null;
    ids.delete(key); // a second copy in the same batch was not the one inserted
    return id;
  });
};

/** the first recorded decision of an event (a replay that raced its original) */
export const firstRecorded = async (db: Db, tenantId: number, gateId: number, eventId: string) => {
  const [first] = (
    (await db.execute(sql`select id, decision, reason, fee, is_type, occurred_at from ${gateEvents}
      where gate_id = ${gateId} and tenant_id = ${tenantId} and event_id = ${eventId}`)) as unknown as {
      rows: {
        id: number;
        decision: Decision['decision'];
        reason: string;
        fee: string;
        is_type: number;
        occurred_at: string;
      }[];
    }
  ).rows;
  return first!;
};

type Lane = { facts: (q: FactsQuery) => Promise<Facts[]>; record: (r: EventRow) => Promise<number | null> };
const lanes = new WeakMap<Db, Lane>();

/**
 * The lanes' reads and writes for one database, coalesced: the events that arrive together share a statement, so
 * fifty cameras cost a few round trips a turn instead of a hundred.
 */
export const laneDb = (db: Db): Lane => {
  let lane = lanes.get(db);
  if (!lane) {
    lane = {
      facts: coalesce((qs: FactsQuery[]) => factsOf(db, qs)),
      record: coalesce((rs: EventRow[]) => record(db, rs)),
    };
    lanes.set(db, lane);
  }
  return lane;
};
