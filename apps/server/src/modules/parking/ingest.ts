import { sql } from 'drizzle-orm';
import { Code } from '@5a/contracts';
import type { Db } from '../../core/db/client.ts';
import { executePrepared } from '../../core/db/prepared.ts';
import { fail } from '../../core/errors.ts';
import { formatDate, formatTime } from '../../core/time.ts';
import { decide, type Decision, type Direction } from './decide.ts';
import { isStale, signatureMatches, type DeviceHeaders } from './device-auth.ts';
import { yuan } from './fee.ts';
import { gateEvents, monthlyCards } from './schema-gate.ts';
import { parkingGates, parkingLots, vehicles } from './schema.ts';
import { parkingTempOrders } from './schema-temp.ts';

export type GateEventInput = { event_id: string; plate: string; direction: Direction; time?: string; picture?: string };
export type GateEventReply = {
  id: number;
  event_id: string;
  plate: string;
  direction: Direction;
  decision: Decision['decision'];
  reason: string;
  /** yuan */
  fee: string;
  time: string;
  /** the device sent this event before: the first decision, nothing recorded again */
  replay: boolean;
};

/** why a device was refused: the code it is answered with and the line the log keeps */
export type Refusal = { code: number; msg: string; why: 'headers' | 'stale' | 'unknown' | 'signature' | 'disabled' };
const refuse = (r: Refusal) => fail(r.msg, r.code, { reason: r.why });
export const refusals = {
  headers: { code: Code.forbidden, msg: '缺少设备认证信息', why: 'headers' },
  stale: { code: Code.staleTimestamp, msg: '请求时间戳已过期', why: 'stale' },
  unknown: { code: Code.forbidden, msg: '设备未登记', why: 'unknown' },
  signature: { code: Code.forbidden, msg: '设备签名错误', why: 'signature' },
  disabled: { code: Code.disabled, msg: '设备已停用', why: 'disabled' },
} as const satisfies Record<string, Refusal>;

type Facts = {
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
  entry_id: number | null;
  entry_at: Date | string | null;
  paid_at: Date | string | null;
  paid_amount: string | number | null;
};

const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;

/** 'YYYY-MM-DD HH:mm:ss' in Shanghai → an instant */
export const shanghaiInstant = (s: string): Date => new Date(`${s.replace(' ', 'T')}+08:00`);

/**
 * Everything a lane needs for one event, in one statement: the lanes with that device code (a code is unique
 * per company, so several companies may share it: the signature tells whose device it is), the lane's lot tariff,
 * an earlier event of the same id (a replay), a valid monthly card of the plate for the lot on that day, and the
 * plate's latest entry into the lot that no opened exit has closed, with what the driver paid online for that stay.
 */
const factsOf = async (db: Db, code: string, e: GateEventInput, at: Date): Promise<Facts[]> =>
  executePrepared<Facts>(
    db,
    'parking_gate_facts',
    sql`
      select g.id as gate_id, g.tenant_id, g.village_id, g.lot_id, g.secret,
        (g.status = 1 and l.status = 1) as usable, l.free_minutes, l.hour_price, l.day_cap,
        prev.id as prev_id, prev.decision as prev_decision, prev.reason as prev_reason, prev.fee as prev_fee,
        prev.is_type as prev_type, prev.occurred_at as prev_at,
        exists (
          select 1 from ${monthlyCards} c join ${vehicles} v on v.id = c.vehicle_id
          where v.tenant_id = g.tenant_id and v.plate = ${e.plate} and v.status = 1
            and c.lot_id = g.lot_id and c.status = 1 and ${formatDate(at)}::date between c.start_date and c.end_date
        ) as has_card,
        entry.id as entry_id, entry.occurred_at as entry_at, paid.at as paid_at, paid.amount as paid_amount
      from ${parkingGates} g
      join ${parkingLots} l on l.id = g.lot_id
      left join lateral (
        select p.id, p.decision, p.reason, p.fee, p.is_type, p.occurred_at from ${gateEvents} p
        where p.gate_id = g.id and p.event_id = ${e.event_id}
      ) prev on true
      left join lateral (
        select n.id, n.occurred_at from ${gateEvents} n
        where ${e.direction} = 2 and n.lot_id = g.lot_id and n.plate = ${e.plate} and n.is_type = 1
          and n.occurred_at <= ${at.toISOString()}::timestamptz
          and not exists (select 1 from ${gateEvents} x where x.entry_id = n.id and x.decision = 'open')
        order by n.occurred_at desc, n.id desc limit 1
      ) entry on true
      left join lateral (
        select max(o.paid_at) as at, sum(o.amount) as amount from ${parkingTempOrders} o
        where o.entry_id = entry.id and o.paid_at is not null
      ) paid on true
      where g.parkcode = ${code}`,
  );

const replyOf = (id: number, e: GateEventInput, d: Decision, at: Date, replay: boolean): GateEventReply => ({
  id,
  event_id: e.event_id,
  plate: e.plate,
  direction: e.direction,
  decision: d.decision,
  reason: d.reason,
  fee: yuan(d.fee),
  time: formatTime(at),
  replay,
});

export type IngestLog = (fields: Record<string, unknown>, msg: string) => void;

/**
 * One signed camera event: authenticate the device, decide, record. Two statements on the normal path (the facts,
 * the insert); a replay is answered from the facts without writing.
 */
export const ingestGateEvent = async (
  db: Db,
  h: DeviceHeaders | null,
  rawBody: string,
  e: GateEventInput,
  warn: IngestLog,
  now = Date.now(),
): Promise<GateEventReply> => {
  const refused = (r: Refusal) => {
    warn({ device: h?.code, reason: r.why }, 'gate event refused');
    return refuse(r);
  };
  if (!h) throw refused(refusals.headers);
  if (isStale(h.timestamp, now)) throw refused(refusals.stale);
  const at = e.time ? shanghaiInstant(e.time) : new Date(now);
  const candidates = await factsOf(db, h.code, e, at);
  if (candidates.length === 0) throw refused(refusals.unknown);
  const f = candidates.find((c) => signatureMatches(c.secret, h, rawBody));
  if (!f) throw refused(refusals.signature);
  if (!f.usable) throw refused(refusals.disabled);
  if (f.prev_id !== null) {
    const first = {
      decision: f.prev_decision!,
      reason: f.prev_reason ?? '',
      fee: Number(f.prev_fee ?? 0),
      entryId: null,
    };
    return replyOf(f.prev_id, { ...e, direction: f.prev_type as Direction }, first, new Date(f.prev_at!), true);
  }
  const d = decide({
    direction: e.direction,
    at,
    hasCard: f.has_card,
    entry: f.entry_id === null ? null : { id: f.entry_id, at: new Date(f.entry_at!) },
    tariff: { freeMinutes: f.free_minutes, hourPrice: Number(f.hour_price), dayCap: Number(f.day_cap) },
    paid: f.paid_at === null ? null : { at: new Date(f.paid_at), amount: Number(f.paid_amount) },
  });
  const [row] = await executePrepared<{ id: number }>(
    db,
    'parking_gate_record',
    sql`
      insert into ${gateEvents} (tenant_id, village_id, lot_id, gate_id, event_id, plate, is_type, picimg, occurred_at,
        decision, reason, fee, entry_id)
      values (${f.tenant_id}, ${f.village_id}, ${f.lot_id}, ${f.gate_id}, ${e.event_id}, ${e.plate}, ${e.direction},
        ${e.picture ?? ''}, ${at.toISOString()}::timestamptz, ${d.decision}, ${d.reason}, ${d.fee}, ${d.entryId})
      on conflict (gate_id, event_id) do nothing
      returning id`,
  );
  if (row) return replyOf(row.id, e, d, at, false);
  // the same event arrived twice at once: the other request recorded it, answer with its decision
  const [first] = rowsOf<{
    id: number;
    decision: Decision['decision'];
    reason: string;
    fee: string;
    is_type: number;
    occurred_at: string;
  }>(
    await db.execute(sql`select id, decision, reason, fee, is_type, occurred_at from ${gateEvents}
      where gate_id = ${f.gate_id} and event_id = ${e.event_id}`),
  );
  return replyOf(
    first!.id,
    { ...e, direction: first!.is_type as Direction },
    { decision: first!.decision, reason: first!.reason, fee: Number(first!.fee), entryId: null },
    new Date(first!.occurred_at),
    true,
  );
};
