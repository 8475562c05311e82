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
 * `readUrl`: a streaming replica of the same database (DATABASE_READ_URL); the handle's pool then routes the reads of
 * routes declared `reads: 'replica'` there (core/db/read-router.ts, ADR 0006).
 */
export const openPostgres = (
  connectionString: string,
  max = 10,
  onError: (err: Error) => void = (err) => console.error('PostgreSQL 连接异常', err.message),
  readUrl?: string,
): DbHandle => {
  const primary = new pg.Pool({ connectionString, max });
  // an idle connection dropped by the server (restart, admin kill) must not crash the process
  primary.on('error', onError);
  if (!readUrl) return { db: drizzlePg(primary) as unknown as Db, kind: 'postgres', close: () => primary.end() };
  // a replica out of reach is noticed within seconds, not after the OS's connect timeout
  const replica = new pg.Pool({ connectionString: readUrl, max, connectionTimeoutMillis: 2_000 });
  replica.on('error', onError);
  const pool = new RoutingPool(primary, replica);
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
