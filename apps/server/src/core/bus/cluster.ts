import { randomUUID } from 'node:crypto';
import createSubscriber from 'pg-listen';
import { applyRemote, forwardChanges, type Change } from './changes.ts';

/** the one channel the processes of a database talk on */
export const BUS_CHANNEL = 'fivea_bus';
/** the listening connection's application_name */
export const BUS_APPLICATION = 'fivea-bus';
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more */
const MAX_PAYLOAD = 7900;
/**
 * A change may be announced before its transaction commits (a hook inside the write); another process that
 * re-read the rows in between would cache the old ones, so a remote change is applied again this much later.
 */
export const REAPPLY_MS = 1_000;

type Envelope = { from: string; topic: string; data: unknown };
type Handler = (data: unknown) => void;
type Log = { warn: (msg: string) => void; info: (msg: string) => void };

/**
 * What the server processes of one database tell each other: the changes of cached rows, and topics a module adds
 * (a raised alert for the other processes' event streams). Without PostgreSQL there is one process, and the bus
 * carries nothing.
 */
export type ClusterBus = {
  /** processes on the same database hear it within a moment; this process does not hear itself */
  publish: (topic: string, data: unknown) => void;
  /** as publish, resolved once PostgreSQL has taken the message (a reply that must not outrun it waits for this) */
  publishNow: (topic: string, data: unknown) => Promise<void>;
  on: (topic: string, handler: Handler) => () => void;
  close: () => Promise<void>;
  /** whether messages reach other processes now (false: alone, or PostgreSQL is unreachable) */
  connected: () => boolean;
};

export const localBus = (): ClusterBus => ({
  publish: () => undefined,
  publishNow: async () => undefined,
  on: () => () => undefined,
  close: async () => undefined,
  connected: () => false,
});

/** merges the changes of one turn of the event loop into one message per kind: a bulk write touches tables often */
const merge = (changes: Change[]): Change[] => {
  const tables = new Set<string>();
  const tokens = new Set<number>();
  const users = new Set<number>();
  let access = false;
  for (const c of changes) {
    if (c.kind === 'tables') c.names.forEach((n) => tables.add(n));
    else if (c.kind === 'tokens') c.ids.forEach((n) => tokens.add(n));
    else if (c.kind === 'users') c.ids.forEach((n) => users.add(n));
    else access = true;
  }
  return [
    ...(tables.size ? [{ kind: 'tables' as const, names: [...tables] }] : []),
    ...(tokens.size ? [{ kind: 'tokens' as const, ids: [...tokens] }] : []),
    ...(users.size ? [{ kind: 'users' as const, ids: [...users] }] : []),
    ...(access ? [{ kind: 'access' as const }] : []),
  ];
};

/** LISTEN/NOTIFY on a connection of its own (pg-listen reconnects it after a restart or failover) */
export const postgresBus = async (connectionString: string, log: Log): Promise<ClusterBus> => {
  const self = randomUUID();
  const handlers = new Map<string, Set<Handler>>();
  const subscriber = createSubscriber(
    // named, so an administrator (or the failover test) sees each process's listening connection in pg_stat_activity
    { connectionString, application_name: BUS_APPLICATION },
    {
      retryLimit: Number.POSITIVE_INFINITY,
      retryTimeout: Number.POSITIVE_INFINITY,
      retryInterval: (attempt) => Math.min(500 * 2 ** attempt, 10_000),
      paranoidChecking: 10_000,
    },
  );
  let up = false;
  let closing = false;
  subscriber.events.on('connected', () => {
    up = true;
  });
  subscriber.events.on('reconnect', () => {
    up = false;
  });
  subscriber.events.on('error', (e) => {
    up = false;
    if (!closing) log.warn(`集群消息通道异常: ${e.message}`);
  });
  const timers = new Set<NodeJS.Timeout>();
  const dispatch = (topic: string, data: unknown) => {
    for (const h of handlers.get(topic) ?? []) h(data);
  };
  subscriber.notifications.on(BUS_CHANNEL, (msg: Envelope) => {
    if (!msg || msg.from === self) return;
    dispatch(msg.topic, msg.data);
  });
  const send = async (topic: string, data: unknown) => {
    const envelope: Envelope = { from: self, topic, data };
    if (Buffer.byteLength(JSON.stringify(envelope)) > MAX_PAYLOAD) {
      log.warn(`集群消息过大，未发送: ${topic}`);
      return;
    }
    // a lost message only leaves the caches to their short lifetimes: say so, never fail the request
    await subscriber.notify(BUS_CHANNEL, envelope).catch((e: unknown) => {
      if (!closing) log.warn(`集群消息发送失败: ${e instanceof Error ? e.message : String(e)}`);
    });
  };
  const on = (topic: string, handler: Handler) => {
    const set = handlers.get(topic) ?? new Set<Handler>();
    handlers.set(topic, set);
    set.add(handler);
    return () => void set.delete(handler);
  };

  let pending: Change[] = [];
  const flush = () => {
    const changes = merge(pending);
    pending = [];
    for (const c of changes) void send('change', c);
  };
  const stopForwarding = forwardChanges((c) => {
    if (pending.length === 0) setImmediate(flush);
    pending.push(c);
  });
  on('change', (data) => {
    const change = data as Change;
    applyRemote(change);
    const t = setTimeout(() => {
      timers.delete(t);
      applyRemote(change);
    }, REAPPLY_MS);
    t.unref();
    timers.add(t);
  });

  await subscriber.connect();
  await subscriber.listenTo(BUS_CHANNEL);
  up = true;
  return {
    publish: (topic, data) => void send(topic, data),
    publishNow: send,
    on,
    connected: () => up,
    close: async () => {
      closing = true;
      stopForwarding();
      if (pending.length) flush();
      for (const t of timers) clearTimeout(t);
      await subscriber.close();
    },
  };
};

/** the bus of the app serving a database handle: what raises an alert has the database, not the app */
const byDb = new WeakMap<object, ClusterBus>();
export const attachBus = (db: object, bus: ClusterBus) => byDb.set(db, bus);
export const busOf = (db: object): ClusterBus => byDb.get(db) ?? localBus();
