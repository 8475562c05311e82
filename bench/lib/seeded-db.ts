import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import pg from 'pg';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import * as schema from '../../apps/server/src/schema.ts';
import { openPostgres, type Db } from '../../apps/server/src/core/db/client.ts';
import { migrate } from '../../apps/server/src/core/db/migrate.ts';
import { openEmbedded } from '../../apps/server/src/core/db/embedded.ts';
import { seedDemo } from '../../apps/server/src/seed/demo.ts';
import { pgliteParsers } from '../../apps/server/src/test/pglite.ts';
import { startThrowawayPg } from './throwaway-pg.ts';

/** A benchmark body: runs on a migrated, demo-seeded database; setupMs is migrate + seed; url is the PostgreSQL database's (none for PGlite). */
export type OnDb<T> = (label: string, db: Db, setupMs: number, url?: string) => Promise<T>;

/** In-memory PGlite in this process, migrated and seeded, closed afterwards. */
export const onPglite = async <T>(run: OnDb<T>) => {
  const t0 = performance.now();
  const lite = await PGlite.create({ parsers: pgliteParsers });
  const db = drizzle(lite, { schema }) as unknown as Db;
  await migrate(db);
  await seedDemo(db);
  try {
    return await run('PGlite 0.5 in-process (in memory)', db, performance.now() - t0);
  } finally {
    await lite.close();
  }
};

/**
 * The embedded database as `npm start` runs it (PGlite in a worker thread behind a unix socket, node-postgres with
 * one connection) on a throwaway data folder, migrated and seeded, closed and removed afterwards.
 */
export const onEmbedded = async <T>(run: OnDb<T>) => {
  const t0 = performance.now();
  const dir = mkdtempSync(join(tmpdir(), '5a-bench-embedded-'));
  const handle = await openEmbedded(dir);
  try {
    await migrate(handle.db);
    await seedDemo(handle.db);
    return await run('PGlite 0.5 embedded (worker thread, unix socket)', handle.db, performance.now() - t0);
  } finally {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  }
};

/** A fresh database on the PostgreSQL server at `url`, migrated and seeded, dropped afterwards. */
export const onPostgres = async <T>(url: string, run: OnDb<T>) => {
  const t0 = performance.now();
  const name = `fivea_bench_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
    const u = new URL(url);
    u.pathname = `/${name}`;
    const h = openPostgres(u.toString(), 4);
    try {
      await migrate(h.db);
      await seedDemo(h.db);
      const version =
        (await admin.query<{ v: string }>(`select current_setting('server_version') as v`)).rows[0]?.v ?? '';
      return await run(`PostgreSQL ${version.split(' ')[0]} (pg pool 4)`, h.db, performance.now() - t0, u.toString());
    } finally {
      await h.close();
    }
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
};

/**
 * The body on PGlite (in-process unless `first` says otherwise), then on PostgreSQL: BENCH_DATABASE_URL's server, else a throwaway one started for the run
 * (stopped afterwards, and on exit). Results in that order.
 */
export const onBoth = async <T>(run: OnDb<T>, first: (run: OnDb<T>) => Promise<T> = onPglite): Promise<T[]> => {
  const results = [await first(run)];
  const server = process.env.BENCH_DATABASE_URL ? null : await startThrowawayPg();
  process.once('exit', () => server?.stop());
  try {
    results.push(await onPostgres(process.env.BENCH_DATABASE_URL ?? server!.url, run));
  } finally {
    server?.stop();
  }
  return results;
};
