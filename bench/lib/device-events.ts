/**
 * What the benchmarks' devices send, as the real ones send it: the signed headers of a call (docs/conventions.md,
 * devices), a door terminal's passages and a barrier camera's car in and out. Plain functions of their inputs, so a
 * load generator child makes each request's body and signature itself.
 */
import { signEvent } from '../../apps/server/src/core/auth/device-signature.ts';
import { formatTime } from '../../apps/server/src/core/time.ts';

/** a device as the server knows it: its code and the secret it signs with */
export type Device = { code: string; secret: string };
/** a car park's lane pair: the entry camera and the exit camera */
export type Lane = { entry: Device; exit: Device };
/** a resident the doors let through, by his id (a face match) or his card */
export type Person = { id: number; card: string };

/** the headers of a signed device call: its code, the time (ms) and the HMAC-SHA256 of `${time}.${raw}` */
export const signedHeaders = (d: Device, raw: string, ts = String(Date.now())): Record<string, string> => ({
  'content-type': 'application/json',
  'x-device-code': d.code,
  'x-timestamp': ts,
  'x-signature': signEvent(d.secret, ts, raw),
});

/**
 * The `k`th passage at a door: residents by face (a match above the village's threshold) or by card in turn, and
 * every `strangerEvery`th a face that matches nobody (which raises a face-comparison alert).
 */
export const doorPassage = (eventId: string, k: number, person: Person, strangerEvery: number) =>
  k % strangerEvery === strangerEvery - 1
    ? { event_id: eventId, open_type: 1, similarity: 41.5 }
    : k % 2
      ? { event_id: eventId, open_type: 2, card_no: person.card }
      : { event_id: eventId, open_type: 1, person_id: person.id, similarity: 93.2 };

/** a car entering on a lane's entry camera `stayedMinutes` ago (a plate the lanes take: `京` and six more) */
export const carIn = (id: string, plate: string, stayedMinutes: number) => ({
  event_id: `in-${id}`,
  plate,
  direction: 1,
  time: formatTime(new Date(Date.now() - stayedMinutes * 60_000)),
});

/** the same car leaving now on the exit camera */
export const carOut = (id: string, plate: string) => ({ event_id: `out-${id}`, plate, direction: 2 });
