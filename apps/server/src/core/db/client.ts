import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { RoutingPool } from './read-router.ts';
/** One type for every driver (node-postgres on PostgreSQL or the embedded socket, PGlite in tests). */
export type Db = PgDatabase<PgQueryResultHKT>;
export type DbKind = 'postgres' | 'embedded' | 'memory';
export type DbHandle = { db: Db; kind: DbKind; close: () => Promise<void>; backup?: () => Promise<string> };

// pg gives int8 as string and dates as Date; PGlite gives numbers. Normalise once, here, so both drivers give the same rows.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));
pg.types.setTypeParser(1082, (v) => v);

/**
 * How long a connection or a statement may wait before the call fails (and answers 503). The connect limit also bounds
 * the wait for a free pooled connection; the statement limit is measured at the client, so a socket to a server that
 * vanished (a host gone, no reset ever sent) cannot hold a request forever. Generous: a long export must still finish.
 */
export type PoolTimeouts = { connectMs: number; queryMs: number };
export const defaultTimeouts: PoolTimeouts = { connectMs: 10_000, queryMs: 120_000 };

/** pg's error for a statement past `query_timeout` */
export const QUERY_TIMEOUT_MESSAGE = 'Query read timeout';

/**
 * A pooled client that cannot stay stuck on a lost server:
 * - a statement past `query_timeout` closes the socket: pg leaves the timed-out statement in flight, so the connection
 *   would otherwise go back to the pool and every later statement on it would wait behind the dead one;
 * - a connection that ends while checked out goes back to the pool at once (which drops it) and the holder's own
 *   release later does nothing. drizzle's `transaction` never releases its client when `begin` itself fails, so each
 *   `begin` caught by a failover would keep one pooled connection forever; ten of them and every call waits for a
 *   connection that never comes.
 */
type Release = (err?: Error | boolean) => void;
class TimedClient extends pg.Client {
  constructor(config?: pg.ClientConfig) {
    super(config);
    // a connection lost while checked out between two statements (a failover mid-transaction) is reported to the
    // statement that next uses it; without a listener the client's 'error' event would end the process
    this.on('error', () => undefined);
    // the pool sets `release` on every checkout: kept idempotent here, and called when the connection ends meanwhile
    let release: Release = () => undefined;
    let out = false;
    Object.defineProperty(this, 'release', {
      configurable: true,
      get: () => release,
      set: (poolRelease: Release) => {
        out = true;
        let done = false;
        release = (err) => {
          if (done) return;
          done = true;
          out = false;
          poolRelease(err);
        };
      },
    });
    this.on('end', () => {
      if (out) release(new Error('Connection terminated'));
    });
    const query = this.query.bind(this) as (...args: unknown[]) => unknown;
    // an own property over pg's overloaded method: the overloads stay as pg types them
    Object.assign(this, {
      query: (...args: unknown[]) => {
        const result = query(...args);
        if (result instanceof Promise)
          result.catch((err: unknown) => {
            if (err instanceof Error && err.message === QUERY_TIMEOUT_MESSAGE) this.dropSocket();
          });
        return result;
      },
    });
  }
  private dropSocket() {
    (this as unknown as { connection: { stream: { destroy: () => void } } }).connection.stream.destroy();
  }
}

/**
 * `readUrl`: a streaming replica of the same database (DATABASE_READ_URL); the handle's pool then routes the reads of
 * routes declared `reads: 'replica'` there (core/db/read-router.ts, ADR 0006).
 */
export const openPostgres = (
  connectionString: string,
  max = 10,
  onError: (err: Error) => void = (err) => console.error('PostgreSQL 连接异常', err.message),
  { timeouts = defaultTimeouts, readUrl }: { timeouts?: PoolTimeouts; readUrl?: string } = {},
): DbHandle => {
  const poolOf = (url: string, connectMs: number) => {
    const pool = new pg.Pool({
      connectionString: url,
      max,
      Client: TimedClient,
      connectionTimeoutMillis: connectMs,
      query_timeout: timeouts.queryMs,
      // a dead peer is noticed by TCP too, for connections that sit idle in the pool
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    // an idle connection dropped by the server (restart, failover, admin kill) must not crash the process; the pool
    // replaces it on the next checkout
    pool.on('error', onError);
    return pool;
  };
  const primary = poolOf(connectionString, timeouts.connectMs);
  if (!readUrl) return { db: drizzlePg(primary) as unknown as Db, kind: 'postgres', close: () => primary.end() };
  // a replica out of reach is noticed within seconds, not after the connect limit
  const pool = new RoutingPool(primary, poolOf(readUrl, Math.min(2_000, timeouts.connectMs)));
  return { db: drizzlePg(pool) as unknown as Db, kind: 'postgres', close: () => pool.end() };
};

/**
 * node-postgres over the unix socket served by the PGlite worker; one connection (pglite#1046).
 * Every connection to the socket talks to the same single PGlite session, which outlives the connection: a named
 * statement an earlier connection parsed is still there, while the new pg client believes none is, so its Parse of
 * the same name would fail ("already exists") on every call until a restart. The pool replaces its connection
 * after any failed query and after an idle spell, so each new connection first drops what earlier ones prepared
 * (the pool awaits `onConnect` before handing the client out). Not idling out keeps those re-parses rare.
 */
export const openSocketPool = (socketDir: string): pg.Pool =>
  new pg.Pool({
    host: socketDir,
    port: 5432,
    user: 'postgres',
    database: 'postgres',
    max: 1,
    idleTimeoutMillis: 0,
    onConnect: async (client) => {
      await client.query('deallocate all');
    },
  });

export const wrapPool = (pool: pg.Pool, kind: DbKind, extra: Partial<DbHandle> = {}): DbHandle => ({
  db: drizzlePg(pool) as unknown as Db,
  kind,
  close: () => pool.end(),
  ...extra,
});
