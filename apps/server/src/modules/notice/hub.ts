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
 * The open event streams of this process. An alert raised here is written to every stream whose
 * user may see it, at once; a user opens one stream per browser tab.
 */
const subscribers = new Set<Subscriber>();

export const subscribe = (s: Subscriber) => {
  subscribers.add(s);
  return () => {
    subscribers.delete(s);
  };
};

export const openStreams = () => subscribers.size;

/** Writes the alert to every stream that may see it; a broken stream is dropped, the others still get it. */
export const fanOut = (target: AlertTarget, alert: AlertView) => {
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
