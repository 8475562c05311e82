import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import { drizzle } from 'drizzle-orm/pglite';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import * as schema from '../schema.ts';
import type { Db } from '../core/db/client.ts';
import { openPostgres } from '../core/db/client.ts';
import { migrate } from '../core/db/migrate.ts';
import { seedDemo } from '../seed/demo.ts';
import { readConfig } from '../core/config.ts';
import { createJobRunner } from '../core/jobs/runner.ts';
import { modules } from '../modules/index.ts';
import { pgliteParsers } from './pglite.ts';

declare module 'vitest' {
  // module augmentation needs an interface
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    dbSnapshot: string;
    pgTemplate: string;
  }
}

export const PG_TEMPLATE = 'fivea_test_template';

/** the job queue's tables and the modules' queues, made once: each file's app then starts as a restart does */
const installJobs = async (db: Db) => {
  const runner = createJobRunner({
    db,
    config: readConfig({}),
    log: Fastify({ logger: false }).log,
    jobs: modules.flatMap((m) => m.jobs ?? []),
  });
  await runner.start();
  await runner.stop();
};

/**
 * Migrate and seed once: a PGlite data-dir snapshot each test file restores (~0.5 s instead of
 * an initdb), or on PostgreSQL a template database each file copies.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const stale = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like 'fivea_test_%'`,
    );
    for (const r of stale.rows) await admin.query(`drop database if exists "${r.datname}" with (force)`);
    await admin.query(`create database ${PG_TEMPLATE}`);
    const u = new URL(url);
    u.pathname = `/${PG_TEMPLATE}`;
    const h = openPostgres(u.toString(), 2);
    await migrate(h.db);
    await seedDemo(h.db);
    await installJobs(h.db);
    await h.close();
    await admin.end();
    project.provide('pgTemplate', PG_TEMPLATE);
    project.provide('dbSnapshot', '');
    return;
  }
  const lite = await PGlite.create({ parsers: pgliteParsers });
  const db = drizzle(lite, { schema }) as unknown as Db;
  await migrate(db);
  await seedDemo(db);
  await installJobs(db);
  const blob = await lite.dumpDataDir('none');
  const file = join(mkdtempSync(join(tmpdir(), '5a-test-')), 'snapshot.tar');
  writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
  await lite.close();
  project.provide('dbSnapshot', file);
  project.provide('pgTemplate', '');
  return () => rmSync(dirname(file), { recursive: true, force: true });
}
