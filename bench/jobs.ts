/**
 * What the job runner (ADR 0003) costs, on the embedded database (a fresh data folder) and on PostgreSQL
 * (BENCH_DATABASE_URL, else a throwaway one): the start that installs pg-boss's schema and the queues, a restart,
 * the memory it adds, one run queued on demand end to end (latency and statements), and an idle process: the
 * statements it sends in IDLE_SEC seconds with the four sweeps on their production schedule (every minute) and
 * the 30 s poll, and the CPU it spends. Prints a markdown table.
 *
 * Run: npm run bench:jobs   (IDLE_SEC=125 by default: one pg-boss maintenance round falls inside)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Db, DbHandle } from '../apps/server/src/core/db/client.ts';
import { openEmbedded } from '../apps/server/src/core/db/embedded.ts';
import { readConfig } from '../apps/server/src/core/config.ts';
import type { JobDefinition, JobRunner } from '../apps/server/src/core/jobs/types.ts';
import { startThrowawayPg } from './lib/throwaway-pg.ts';

const IDLE_SEC = Number(process.env.IDLE_SEC ?? 125);
const RUNS = 200;
const gc = () => (globalThis as { gc?: () => void }).gc?.();
const mb = (n: number) => (n / 1048576).toFixed(1);
const log = Fastify({ logger: false }).log;
const config = readConfig({});

/** the handle's pool with every statement counted: the runner reaches the database only through `$client` */
const counted = (handle: DbHandle) => {
  const pool = (handle.db as unknown as { $client: pg.Pool }).$client;
  const state = { n: 0 };
  const client = { query: (text: string, values?: unknown[]) => (state.n++, pool.query(text, values)) };
  const db = new Proxy(handle.db, {
    get: (t, k) => (k === '$client' ? client : Reflect.get(t, k)),
  }) as Db;
  return { db, state };
};

const sweeps = (): JobDefinition[] =>
  ['parking-space-status', 'operator-expiry-reminders', 'repair-sweep', 'patrol-sweep'].map((name) => ({
    name,
    schedule: { every: 60_000 },
    run: () => undefined,
  }));

const idleCpuMsPerMin = async () => {
  const cpu = process.cpuUsage();
  await new Promise((r) => setTimeout(r, IDLE_SEC * 1000));
  const used = process.cpuUsage(cpu);
  return ((used.user + used.system) / 1000 / IDLE_SEC) * 60;
};

const measure = async (label: string, handle: DbHandle) => {
  const { createJobRunner } = await import('../apps/server/src/core/jobs/runner.ts');
  const { db, state } = counted(handle);
  let started: () => void = () => undefined;
  const jobs: JobDefinition[] = [...sweeps(), { name: 'bench-noop', run: () => started() }];
  const make = () => createJobRunner({ db, config, log, jobs });
  let t = performance.now();
  let runner: JobRunner = make();
  await runner.start();
  const install = performance.now() - t;
  const installStmts = state.n;
  await runner.stop();
  t = performance.now();
  state.n = 0;
  runner = make();
  await runner.start();
  const restart = performance.now() - t;
  const restartStmts = state.n;

  // one run queued on demand: from enqueue to the handler, then to the recorded completion
  const pickup: number[] = [];
  state.n = 0;
  t = performance.now();
  for (let i = 0; i < RUNS; i++) {
    const begun = performance.now();
    const handled = new Promise<void>((r) => (started = r));
    const id = await runner.enqueue('bench-noop', { i });
    await handled;
    pickup.push(performance.now() - begun);
    while ((await runner.status(id))?.state !== 'completed') await new Promise((r) => setTimeout(r, 1));
  }
  const perRun = (performance.now() - t) / RUNS;
  const stmtsPerRun = state.n / RUNS - 1; // less the status read that saw it completed
  pickup.sort((a, b) => a - b);

  // idle: the production schedule, nothing to do
  state.n = 0;
  const cpuMsPerMin = await idleCpuMsPerMin();
  const stmtsPerMin = (state.n / IDLE_SEC) * 60;
  await runner.stop();
  // the same process and database once the runner has stopped, for comparison
  const idle = { stmtsPerMin, cpuMsPerMin, baselineCpu: await idleCpuMsPerMin() };
  return { label, install, installStmts, restart, restartStmts, perRun, stmtsPerRun, pickup, idle };
};

const memory = async () => {
  gc();
  const before = process.memoryUsage();
  const { createJobRunner } = await import('../apps/server/src/core/jobs/runner.ts');
  // an unstarted runner with the four sweeps: the modules loaded and the objects kept
  const runners = createJobRunner({ db: {} as Db, config, log, jobs: sweeps() });
  gc();
  const after = process.memoryUsage();
  return { heap: after.heapUsed - before.heapUsed, rss: after.rss - before.rss, keep: runners };
};

const mem = await memory();
const dir = mkdtempSync(join(tmpdir(), '5a-bench-jobs-'));
const results = [];
const embedded = await openEmbedded(dir);
try {
  results.push(await measure('embedded (PGlite, worker + socket)', embedded));
} finally {
  await embedded.close();
  rmSync(dir, { recursive: true, force: true });
}
const throwaway = process.env.BENCH_DATABASE_URL ? null : await startThrowawayPg();
const url = process.env.BENCH_DATABASE_URL ?? throwaway!.url;
const admin = new pg.Client({ connectionString: url });
await admin.connect();
await admin.query('drop database if exists bench_jobs');
await admin.query('create database bench_jobs');
const pool = new pg.Pool({ connectionString: url.replace(/\/[^/]*$/, '/bench_jobs'), max: 10 });
try {
  const handle: DbHandle = { db: drizzle(pool) as unknown as Db, kind: 'postgres', close: () => pool.end() };
  results.push(await measure('PostgreSQL', handle));
} finally {
  await pool.end();
  await admin.query('drop database if exists bench_jobs');
  await admin.end();
  throwaway?.stop();
}

const q = (a: number[], p: number) => a[Math.min(a.length - 1, Math.floor(a.length * p))]!.toFixed(1);
console.log(`\nmodules + an unstarted runner: heap +${mb(mem.heap)} MB, rss +${mb(mem.rss)} MB\n`);
console.log(
  '| database | first start ms (stmts) | restart ms (stmts) | run ms | stmts/run | pickup p50/p95 ms | idle stmts/min | idle CPU ms/min (without runner) |',
);
console.log('|---|--:|--:|--:|--:|--:|--:|--:|');
for (const r of results)
  console.log(
    `| ${r.label} | ${r.install.toFixed(0)} (${r.installStmts}) | ${r.restart.toFixed(0)} (${r.restartStmts}) | ${r.perRun.toFixed(1)} | ${r.stmtsPerRun.toFixed(1)} | ${q(r.pickup, 0.5)}/${q(r.pickup, 0.95)} | ${r.idle.stmtsPerMin.toFixed(1)} | ${r.idle.cpuMsPerMin.toFixed(0)} (${r.idle.baselineCpu.toFixed(0)}) |`,
  );
process.exit(0);
