import type { GateEventBody, GateEventReply } from '@5a/contracts/endpoints/parking';
import type { Db } from '../../../core/db/client.ts';
import { invalid } from '../../../core/errors.ts';
import { formatTime, shanghaiInstant } from '../../../core/time.ts';
import { decide, type Decision, type Direction } from './decide.ts';
import {
  capturedNearTimestamp,
  isStale,
  refusals,
  refuse,
  signedBy,
  isRefusal,
  TIME_OUT_OF_WINDOW,
  type DeviceHeaders,
  type Refusal,
} from '../../../core/auth/device-signature.ts';
import { yuan } from '../fee.ts';
import { firstRecorded, laneDb } from './ingest-db.ts';
import { allowedPicture, PICTURE_INVALID } from './picture.ts';

/** the event as parsed (plate normalized) */
export type GateEventInput = GateEventBody;
export type { GateEventReply };

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
 * the insert), each shared with the events arriving at the same time; a replay is answered from the facts without
 * writing.
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
  // before anything reads the database: a bad time is this request's error alone
  if (!capturedNearTimestamp(at.getTime(), h.timestamp)) {
    warn({ device: h.code, reason: 'time', time: e.time }, 'gate event refused');
    throw invalid(TIME_OUT_OF_WINDOW, 'time');
  }
  const lane = laneDb(db);
  const candidates = await lane.facts({
    code: h.code,
    event_id: e.event_id,
    plate: e.plate,
    direction: e.direction,
    at,
    https: e.picture?.startsWith('https://') === true,
  });
  const f = signedBy(candidates, (c) => c.secret, h, rawBody);
  if (isRefusal(f)) throw refused(f);
  if (!f.usable) throw refused(refusals.disabled);
  // whose device it is is known only now: the company's own uploads and hosts
  const picture = e.picture === undefined ? '' : allowedPicture(e.picture, f.tenant_id, f.picture_prefixes);
  if (picture === null) throw invalid(PICTURE_INVALID, 'picture');
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
    spaces: { held: Number(f.spaces_held ?? 0), taken: Number(f.spaces_taken ?? 0) },
    entry: f.entry_id === null ? null : { id: f.entry_id, at: new Date(f.entry_at!), fixed: f.entry_fixed === true },
    tariff: { freeMinutes: f.free_minutes, hourPrice: Number(f.hour_price), dayCap: Number(f.day_cap) },
    paid: f.paid_at === null ? null : { at: new Date(f.paid_at), amount: Number(f.paid_amount) },
  });
  const id = await lane.record({
    tenant_id: f.tenant_id,
    village_id: f.village_id,
    lot_id: f.lot_id,
    gate_id: f.gate_id,
    event_id: e.event_id,
    plate: e.plate,
    is_type: e.direction,
    picimg: picture,
    occurred_at: at.toISOString(),
    decision: d.decision,
    reason: d.reason,
    fee: d.fee,
    entry_id: d.entryId,
  });
  if (id !== null) return replyOf(id, e, d, at, false);
  // the same event arrived twice at once: the other request recorded it, answer with its decision
  const first = await firstRecorded(db, f.tenant_id, f.gate_id, e.event_id);
  return replyOf(
    first.id,
    { ...e, direction: first.is_type as Direction },
    { decision: first.decision, reason: first.reason, fee: Number(first.fee), entryId: null },
    new Date(first.occurred_at),
    true,
  );
};
