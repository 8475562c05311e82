import type { Db } from '../../core/db/client.ts';
import { alertTypesFor, type AlertView, type Viewer } from './service.ts';

/** Who an alert is for: the company, its village, the rights its type needs and, when narrowed, the users it names. */
export type AlertTarget = { tenantId: number; villageId: number; type: number; userIds: readonly number[] | null };

export type Subscriber = {
  caller: Viewer;
  send: (event: string, data: unknown) => void;
};

/** Whether a signed-in user may see an alert: the same rule the alert list reads with. */
export const mayReceive = (viewer: Subscriber['caller'], t: AlertTarget) => {
  const { actor, villageIds } = viewer;
  const types = alertTypesFor(viewer);
  return (
    actor.kind === 'web' &&
    actor.tenantId === t.tenantId &&
    (villageIds === null || villageIds.includes(t.villageId)) &&
    (types === null || types.includes(t.type)) &&
    (t.userIds === null || t.userIds.includes(actor.id))
  );
};

/**
 * The open event streams of this process, by the database their app serves: an alert written to a database is
 * written at once to every stream on it whose user may see it (an app on another database never sees it); a user
 * opens one stream per browser tab.
 */
const byDb = new WeakMap<Db, Set<Subscriber>>();
const subscribersOf = (db: Db) => {
  const set = byDb.get(db) ?? new Set<Subscriber>();
  byDb.set(db, set);
  return set;
};

export const subscribe = (db: Db, s: Subscriber) => {
  const subscribers = subscribersOf(db);
  subscribers.add(s);
  return () => {
    subscribers.delete(s);
  };
};

export const openStreams = (db: Db) => subscribersOf(db).size;

/** Writes the alert to every stream that may see it; a broken stream is dropped, the others still get it. */
export const fanOut = (db: Db, target: AlertTarget, alert: AlertView) => {
  const subscribers = subscribersOf(db);
  let sent = 0;
  for (const s of subscribers) {
    if (!mayReceive(s.caller, target)) continue;
    try {
      s.send('abnormal', alert);
      sent++;
    } catch {
      subscribers.delete(s);
    }
  }
  return sent;
};
