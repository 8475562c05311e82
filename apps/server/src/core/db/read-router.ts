import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import { lsnOf, needOf, writerKeys, type Reader } from './read-marks.ts';

/**
 * Read replica routing (ADR 0006). The app keeps one `db`; its pool is a `RoutingPool` that sends a statement to the
 * PostgreSQL streaming replica only inside a request whose route declared `reads: 'replica'`, only when the
 * replica is up, not lagging more than the limit, and has replayed the last write its reader must see (the LSN
 * marks); everything else, and every transaction, goes to the primary.
 */
export type ReplicaState = 'replica' | 'lagging' | 'down';
type Log = { info: (msg: string) => void; warn: (msg: string) => void };
/** what the app lends the router: the lag limit, its log, and how to tell the other processes of a write */
export type RouterSettings = {
  maxLagMs: number;
  log: Log;
  publish: (marks: { keys: string[]; lsn: string }) => Promise<void>;
};

/** one request: whether it may read from the replica, whom it reads for, and whether it wrote */
type RequestReads = {
  replica: boolean;
  reader: () => Reader;
  target?: Promise<'replica' | 'primary'>;
  wrote: boolean;
};
/** a statement that belongs to no one's staleness: the job queue's own polling */
type Unmarked = { unmarked: true };
const requests = new AsyncLocalStorage<RequestReads | Unmarked>();

/** runs a request's handler: its statements are routed by the route's declaration and its writes are marked */
export const withRequestReads = <T>(ctx: Omit<RequestReads, 'wrote'>, run: () => T) =>
  requests.run({ ...ctx, wrote: false }, run);
/** the request's writes, if any, once its handler is done */
export const requestWrote = () => {
  const c = requests.getStore();
  return !!c && !('unmarked' in c) && c.wrote;
};
/** statements no user waits to read back (the job queue's bookkeeping): never a mark */
export const unmarked = <T>(run: () => Promise<T>) => requests.run({ unmarked: true }, run);

/** a statement that only reads; anything else (and a data-modifying WITH) is a write */
const READ = /^\s*(select|with|show|values|table|explain)\b/i;
const MODIFIES = /\b(insert|update|delete|merge)\b|\bfor\s+(update|share|no\s+key\s+update|key\s+share)\b/i;
export const isRead = (text: string) => READ.test(text) && !MODIFIES.test(text);

/** errors after which the statement is run again on the primary: the replica is gone, busy, or cannot do it */
const RETRY_CODES = new Set(['25006', '40001', '53300', '3D000', '57P01', '57P02', '57P03', '57P04']);
const replicaFault = (err: unknown) => {
  const code = (err as { code?: unknown }).code;
  if (typeof code !== 'string') return true;
  return RETRY_CODES.has(code) || code.startsWith('08') || !/^[0-9A-Z]{5}$/.test(code);
};
/** a request's first replica-routed statement waits at most this long for the replica's health */
const PROBE_TIMEOUT_MS = 1_500;
/** the replica's health is asked at most this often, and only when a read wants it */
export const PROBE_EVERY_MS = 1_000;

type QueryArgs = [unknown, unknown?];
const textOf = (q: unknown) => (typeof q === 'string' ? q : ((q as { text?: string }).text ?? ''));

/**
 * The pool drizzle is given: `query` goes where the request's routing says, `connect` (a transaction) always to the
 * primary. A `pg.Pool` itself (drizzle and the import's overlap check look for one) whose own connections are
 * never opened.
 */
export class RoutingPool extends pg.Pool {
  readonly primary: pg.Pool;
  readonly replica: pg.Pool;
  private settings: RouterSettings = {
    maxLagMs: 10_000,
    log: { info: (m) => console.log(m), warn: (m) => console.warn(m) },
    publish: async () => undefined,
  };
  private state: ReplicaState | 'unknown' = 'unknown';
  private replayLsn = 0n;
  private checkedAt = 0;
  private probing: Promise<void> | null = null;
  /** the LSN each writer key must see (`*`: writes of no request; `any`: the highest of all) */
  private readonly marks = new Map<string, bigint>();
  /** a write of no request not yet marked: a read waits for its LSN first */
  private background: Promise<void> | null = null;
  /** what the replica answered, for tests and the log */
  readonly counts = { replica: 0, primary: 0, retried: 0 };

  constructor(primary: pg.Pool, replica: pg.Pool) {
    super({ max: primary.options.max });
    this.primary = primary;
    this.replica = replica;
  }

  configure(settings: Partial<RouterSettings>) {
    this.settings = { ...this.settings, ...settings };
  }

  /** the replica's state as last seen: `replica` (reads go there), `lagging`, `down` */
  status() {
    return { state: this.state, replayLsn: this.replayLsn, checkedAt: this.checkedAt };
  }

  /** a write another process made: its readers' marks here too */
  noteRemote(keys: string[], lsn: string) {
    this.mark(keys, lsnOf(lsn));
  }

  /** after a request that wrote: the primary's LSN now covers it; marked here, then told to the other processes */
  async noteWrite(keys: string[]) {
    const lsn = await this.primaryLsn();
    this.mark(keys, lsnOf(lsn));
    await this.settings.publish({ keys, lsn });
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(cb: (err: Error | undefined, client: pg.PoolClient | undefined, done: () => void) => void): void;
  override connect(cb?: (err: Error | undefined, client: pg.PoolClient | undefined, done: () => void) => void) {
    const ctx = requests.getStore();
    if (ctx && !('unmarked' in ctx)) ctx.wrote = true;
    if (cb) return this.primary.connect(cb);
    const client = this.primary.connect();
    // a transaction of no request (a job, a test's own statements): marked once it is released
    if (!ctx)
      return client.then((c) => {
        const release = c.release.bind(c);
        c.release = (err?: Error | boolean) => {
          this.noteBackground();
          return release(err);
        };
        return c;
      });
    return client;
  }

  // pg's overloads (callbacks, configs) are all reached through the promise form drizzle and the raw SQL use
  override query(...args: never[]): never {
    return this.route(args as unknown as QueryArgs) as never;
  }

  override async end() {
    await Promise.all([this.primary.end(), this.replica.end()]);
  }

  private async route([q, values]: QueryArgs) {
    const ctx = requests.getStore();
    const text = textOf(q);
    const read = isRead(text);
    if (ctx && !('unmarked' in ctx) && ctx.replica && read) {
      ctx.target ??= this.choose(ctx.reader());
      if ((await ctx.target) === 'replica') {
        try {
          const res = await this.replica.query(q as string, values as unknown[]);
          this.counts.replica++;
          return res;
        } catch (err) {
          if (!replicaFault(err)) throw err;
          // the rest of the request reads from the primary too: one view of the data per request
          ctx.target = Promise.resolve('primary');
          this.counts.retried++;
          if ((err as { code?: string }).code !== '25006') this.fail(err);
        }
      }
    }
    const res = await this.primary.query(q as string, values as unknown[]);
    this.counts.primary++;
    if (!read) {
      if (!ctx) this.noteBackground();
      else if (!('unmarked' in ctx)) ctx.wrote = true;
    }
    return res;
  }

  /** the replica, when it is healthy and has replayed what this reader must see; else the primary */
  private async choose(reader: Reader): Promise<'replica' | 'primary'> {
    if (this.background) await this.background;
    if (this.state === 'unknown' || Date.now() - this.checkedAt >= PROBE_EVERY_MS) await this.probe();
    if (this.state !== 'replica') return 'primary';
    const need = needOf(this.marks, reader);
    return this.replayLsn >= need ? 'replica' : 'primary';
  }

  private mark(keys: string[], lsn: bigint) {
    for (const k of [...keys, 'any']) if ((this.marks.get(k) ?? 0n) < lsn) this.marks.set(k, lsn);
  }

  private noteBackground() {
    const before = this.background;
    const noted = (async () => {
      await before;
      try {
        const lsn = await this.primaryLsn();
        this.mark(writerKeys(null), lsnOf(lsn));
        await this.settings.publish({ keys: writerKeys(null), lsn });
      } catch {
        // the primary is out of reach: nothing was written either
      }
    })();
    this.background = noted;
    void noted.finally(() => {
      if (this.background === noted) this.background = null;
    });
  }

  private async primaryLsn(): Promise<string> {
    const r = await this.primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
    return r.rows[0]!.lsn;
  }

  /** one health check at a time, at most once a second, and only when a read asks */
  private probe() {
    this.probing ??= this.check().finally(() => {
      this.probing = null;
    });
    return this.probing;
  }

  private async check() {
    const started = Date.now();
    try {
      const timeout = new Promise<never>((_, reject) => {
        const t = setTimeout(() => reject(new Error(`备库 ${PROBE_TIMEOUT_MS} ms 未响应`)), PROBE_TIMEOUT_MS);
        t.unref();
      });
      const [standby, primaryLsn] = await Promise.race([
        Promise.all([
          this.replica.query<{ standby: boolean; replay: string | null; since_ms: number | null }>(
            `select pg_is_in_recovery() as standby, pg_last_wal_replay_lsn()::text as replay,
                    (extract(epoch from now() - pg_last_xact_replay_timestamp()) * 1000)::float8 as since_ms`,
          ),
          this.primaryLsn(),
        ]),
        timeout,
      ]);
      const s = standby.rows[0]!;
      if (!s.standby || !s.replay) return this.become('down', started, '不是备库（未处于恢复状态）');
      const replay = lsnOf(s.replay);
      this.replayLsn = replay;
      this.prune(replay);
      // caught up with the primary: no lag, however long ago the last transaction was (an idle primary)
      const lagMs = replay >= lsnOf(primaryLsn) ? 0 : (s.since_ms ?? Number.POSITIVE_INFINITY);
      if (lagMs > this.settings.maxLagMs)
        return this.become('lagging', started, `延迟 ${Math.round(lagMs)} ms，超过 ${this.settings.maxLagMs} ms`);
      return this.become('replica', started);
    } catch (err) {
      return this.become('down', started, err instanceof Error ? err.message : String(err));
    }
  }

  /** a replica statement failed: primary until the next health check */
  private fail(err: unknown) {
    this.become('down', Date.now(), err instanceof Error ? err.message : String(err));
  }

  private become(state: ReplicaState, at: number, why = '') {
    this.checkedAt = at;
    if (state === this.state) return;
    const was = this.state;
    this.state = state;
    // once per change of state, never per request
    if (state === 'replica')
      this.settings.log.info(was === 'unknown' ? '只读查询走备库' : '备库恢复，只读查询回到备库');
    else this.settings.log.warn(`备库${state === 'down' ? '不可用' : '延迟过大'}（${why}），只读查询改走主库`);
  }

  /** marks the replica has replayed are kept by nobody */
  private prune(replay: bigint) {
    for (const [k, v] of this.marks) if (v <= replay) this.marks.delete(k);
  }
}

/** the router under an app's database handle, when it has a replica */
export const routerOf = (db: object): RoutingPool | null => {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof RoutingPool ? client : null;
};
