import type { AccessEventBody, AccessEventReply, DeviceFacesReply } from '@5a/contracts/endpoints/access';
import {
  capturedNearTimestamp,
  isRefusal,
  isStale,
  refusals,
  refuse,
  signedBy,
  TIME_OUT_OF_WINDOW,
  type DeviceHeaders,
  type Refusal,
} from '../../../core/auth/device-signature.ts';
import type { Db } from '../../../core/db/client.ts';
import type { AppRegistry } from '../../../core/engine/registry.ts';
import { invalid } from '../../../core/errors.ts';
import { formatTime, shanghaiInstant } from '../../../core/time.ts';
import { allowedPicture, pictureInvalid } from '../../document/index.ts';
import { deviceSecret } from '../devices/secret.ts';
import {
  beat,
  devicesByCode,
  doorDb,
  firstRecord,
  PICTURE_PREFIXES_KEY,
  storeFaces,
  type DeviceRow,
  type DoorPerson,
  type EventFacts,
} from './facts.ts';
import { passageConcern, raisePassageAlert, type PassageFacts } from './passage-alert.ts';
import { passageHolds, passageIdentities } from './identities.ts';
import { readQr, type QrClaim } from '../rights/credential.ts';
import { KIND_RESIDENT, KIND_WORKER } from '../rights/expected.ts';

export const PICTURE_INVALID = pictureInvalid(PICTURE_PREFIXES_KEY);
export const PERSON_UNKNOWN = 'person_id不是该设备所在小区的住户';

const QR_PREFIX = '5A.';

/** a code of ours read: its claim, or null when forged or expired; undefined when the code is not one of ours */
const qrClaim = (registry: AppRegistry, code: string): QrClaim | null | undefined => {
  if (!code.startsWith(QR_PREFIX)) return undefined;
  try {
    return readQr(registry, code);
  } catch {
    // no key to check it with (CONFIG_SECRET_KEY unset): it proves nothing
    return null;
  }
};

/** the claim names a resident or worker of the device's company and village, of his current issue of codes */
const qrHolds = (c: QrClaim | null, f: EventFacts) => {
  if (c === null || c.tenantId !== f.tenant_id) return false;
  if (c.kind === KIND_RESIDENT) return f.by_id !== null && c.version === Number(f.by_id_qr_version);
  if (c.kind === KIND_WORKER) return f.worker !== null && c.version === Number(f.worker.qr_version);
  return false;
};

/** a face id as the doors' lists give them: F<resident>, W<worker>, or another module's letter (V<visitor>) */
const faceIdOf = (faceId: string | undefined) => {
  const m = /^([A-Z])(\d{1,9})$/.exec(faceId ?? '');
  return m ? { prefix: m[1]!, id: Number(m[2]) } : null;
};

/** whom the event names, before the database says whether he exists: by person id, QR code or face id */
const namedBy = (e: AccessEventInput, claim: QrClaim | null | undefined) => {
  if (e.person_id != null) return { person_id: e.person_id, worker_id: null, other_prefix: '', other_id: null };
  if (claim) {
    if (claim.kind === KIND_RESIDENT)
      return { person_id: claim.personId, worker_id: null, other_prefix: '', other_id: null };
    if (claim.kind === KIND_WORKER)
      return { person_id: null, worker_id: claim.personId, other_prefix: '', other_id: null };
  }
  const face = e.open_type === 1 ? faceIdOf(e.face_id) : null;
  if (face?.prefix === 'F') return { person_id: face.id, worker_id: null, other_prefix: '', other_id: null };
  if (face?.prefix === 'W') return { person_id: null, worker_id: face.id, other_prefix: '', other_id: null };
  return { person_id: null, worker_id: null, other_prefix: face?.prefix ?? '', other_id: face?.id ?? null };
};

/** a worker's or another module's person as the passage names him */
const doorPerson = (kind: 'worker' | 'visitor', p: DoorPerson): Person => ({
  kind,
  id: null,
  name: p.name,
  sex: 1,
  status: p.valid ? 1 : 0,
  pic: p.pic ?? '',
  barred: p.barred === true,
});

/** whom a passage names: a resident (his id is kept on the record), a worker or a visitor */
type Person = NonNullable<PassageFacts['person']> & { id: number | null; sex: number };

/** the event as parsed */
export type AccessEventInput = Omit<AccessEventBody, 'person_id'> & { person_id?: number | null };

export type DeviceLog = (fields: Record<string, unknown>, msg: string) => void;

export type DeviceCall = {
  h: DeviceHeaders | null;
  rawBody: string;
  warn: DeviceLog;
  now?: number;
};
/** a call whose headers are there and fresh */
type Signed = { h: DeviceHeaders; rawBody: string; warn: DeviceLog; now: number };

/** a refusal, logged: a forged or stale device leaves a trace */
const refused = (c: { h: DeviceHeaders | null; warn: DeviceLog }, r: Refusal) => {
  c.warn({ device: c.h?.code, reason: r.why }, 'device call refused');
  return refuse(r);
};

export const signedCall = (c: DeviceCall): Signed => {
  const now = c.now ?? Date.now();
  if (!c.h) throw refused(c, refusals.headers);
  if (isStale(c.h.timestamp, now)) throw refused(c, refusals.stale);
  return { h: c.h, rawBody: c.rawBody, warn: c.warn, now };
};

/** the one enabled device of these candidates that signed the body */
export const signer = <D extends DeviceRow>(registry: AppRegistry, s: Signed, candidates: D[]): D => {
  const d = signedBy(candidates, (c) => deviceSecret(registry, c.secret), s.h, s.rawBody);
  if (isRefusal(d)) throw refused(s, d);
  if (d.status !== 1) throw refused(s, refusals.disabled);
  return d;
};

/** 心跳: the device lives (online until it misses the window) */
export const heartbeat = async (registry: AppRegistry, db: Db, c: DeviceCall, info: Record<string, string>) => {
  const s = signedCall(c);
  const d = signer(registry, s, await devicesByCode(db, s.h.code));
  await beat(db, d.tenant_id, d.id, info);
  return { online: true as const, time: formatTime(new Date(s.now)) };
};

/** 人脸名单: the face ids the device holds now, kept per device with the report's time */
export const reportFaces = async (
  registry: AppRegistry,
  db: Db,
  c: DeviceCall,
  faces: readonly string[],
): Promise<DeviceFacesReply> => {
  const s = signedCall(c);
  const d = signer(registry, s, await devicesByCode(db, s.h.code));
  const at = new Date(s.now);
  await storeFaces(db, d.tenant_id, d.id, faces, at);
  return { count: new Set(faces).size, time: formatTime(at) };
};

/** what the reply says of a record */
const replyOf = (
  id: number,
  eventId: string,
  r: { jctype: number; person_name: string; at: Date | string },
  replay: boolean,
): AccessEventReply => ({
  id,
  event_id: eventId,
  jctype: Number(r.jctype),
  person_name: r.person_name,
  time: formatTime(r.at),
  replay,
});

/** the credential the device read, by how the door was opened */
const credentialOf = (e: AccessEventInput) =>
  (e.open_type === 2 ? e.card_no : e.open_type === 3 ? e.qr_code : e.open_type === 1 ? e.face_id : undefined) ??
  e.card_no ??
  e.face_id ??
  e.qr_code ??
  '';

/**
 * 通行事件: authenticate the device, then record the passage in its company and village — one read (the devices
 * with the code and, within each one's own village, the event's earlier record and the resident it names) and one
 * write. A replay is answered from the first record without writing.
 */
export const ingestEvent = async (
  registry: AppRegistry,
  db: Db,
  c: DeviceCall,
  e: AccessEventInput,
): Promise<AccessEventReply> => {
  const s = signedCall(c);
  const at = e.time ? shanghaiInstant(e.time) : new Date(s.now);
  // before anything reads the database: a bad time is this request's error alone
  if (!capturedNearTimestamp(at.getTime(), s.h.timestamp)) throw invalid(TIME_OUT_OF_WINDOW, 'time');
  const card = e.open_type === 2 ? (e.card_no ?? '') : '';
  // a resident's dynamic QR code names him (checked against his current issue below); null: ours, but forged or expired
  const claim = e.open_type === 3 && e.person_id == null ? qrClaim(registry, e.qr_code ?? '') : undefined;
  const named = namedBy(e, claim);
  const doors = doorDb(db, passageIdentities(registry), passageHolds(registry));
  const f = signer(
    registry,
    s,
    await doors.facts({
      code: s.h.code,
      event_id: e.event_id,
      ...named,
      card_no: card,
      https: e.picture?.startsWith('https://') === true,
      at: at.toISOString(),
    }),
  );
  if (f.prev_id !== null)
    return replyOf(
      f.prev_id,
      e.event_id,
      { jctype: f.prev_jctype!, person_name: f.prev_name ?? '', at: f.prev_at! },
      true,
    );
  // a resident named by id must be one the device serves: another village's or company's is refused, not recorded
  if (e.person_id != null && f.by_id === null) throw invalid(PERSON_UNKNOWN, 'person_id');
  const img = e.picture === undefined ? '' : allowedPicture(e.picture, f.tenant_id, f.picture_prefixes);
  if (img === null) throw invalid(PICTURE_INVALID, 'picture');
  const qr: PassageFacts['qr'] = claim === undefined ? 'none' : qrHolds(claim, f) ? 'valid' : 'invalid';
  const person: Person | null =
    f.by_id !== null && (claim === undefined || qr === 'valid')
      ? {
          kind: 'resident',
          id: f.by_id,
          name: f.by_id_name!,
          sex: f.by_id_sex!,
          status: f.by_id_status!,
          pic: f.by_id_pic ?? '',
          barred: f.by_id_barred === true,
          hold: f.by_id_hold,
        }
      : f.worker !== null && (claim === undefined || qr === 'valid')
        ? doorPerson('worker', f.worker)
        : f.other !== null
          ? doorPerson('visitor', f.other)
          : f.by_card !== null
            ? {
                kind: 'resident',
                id: f.by_card,
                name: f.by_card_name!,
                sex: f.by_card_sex!,
                status: f.by_card_status!,
                pic: f.by_card_pic ?? '',
                barred: f.by_card_barred === true,
                hold: f.by_card_hold,
              }
            : f.worker_card !== null
              ? doorPerson('worker', f.worker_card)
              : null;
  // the spec's rule for a passage's way: 1 进, anything else 出
  const jctype = (e.jctype ?? f.direction) === 1 ? 1 : 2;
  const row = {
    tenant_id: f.tenant_id,
    village_id: f.village_id,
    device_id: f.id,
    event_id: e.event_id,
    person_id: person?.id ?? null,
    person_name: person?.name ?? '',
    sex: person?.sex ?? 1,
    img,
    jctype,
    open_type: e.open_type,
    credential: credentialOf(e),
    door: e.door ?? 1,
    similarity: e.similarity ?? null,
    at: at.toISOString(),
  };
  const id = await doors.record(row);
  if (id !== null) {
    const facts: PassageFacts = {
      open_type: e.open_type,
      similarity: row.similarity,
      threshold: f.face_threshold,
      person,
      qr,
    };
    const concern = passageConcern(facts);
    if (concern)
      await raisePassageAlert(
        db,
        { ...facts, tenantId: f.tenant_id, villageId: f.village_id, deviceName: f.name, recordId: id, img, at },
        concern,
      ).catch((err: unknown) => s.warn({ device: s.h.code, err: String(err) }, 'passage alert not raised'));
    return replyOf(id, e.event_id, { ...row, at }, false);
  }
  // the same event arrived twice at once: the other request recorded it, answer with its record
  const first = await firstRecord(db, f.tenant_id, f.id, e.event_id);
  return replyOf(first.id, e.event_id, { ...first, at: first.created_at }, true);
};
