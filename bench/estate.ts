/**
 * Estate at scale (the goals in docs/benchmarks.md), with the real app in-process on PostgreSQL over loopback HTTP and a
 * real encrypted login as `property` (tenant 1, which holds the dataset's big share of residents):
 *   - GatePerson list, owner tab, page 1 and a deep page: 50 connections × 10 s (autocannon, in a
 *     child process), against a bare Fastify route sending the same statements;
 *   - resident import from xlsx (the app's template, houses that exist), fully validated;
 *   - building view of a 33-floor × 4-unit × 8-room building: time and SQL statements per call.
 * Data: bench/data.ts at the chosen scale on a throwaway PostgreSQL (stopped and removed at the
 * end), or in a throwaway database on BENCH_DATABASE_URL's server (dropped at the end).
 * Rewrites its scale's part of the section between `<!-- estate:start -->` and `<!-- estate:end -->`.
 *
 * Run: npm run bench:estate [-- --scale small|medium|large]  (default: BENCH_SCALE, else large; hard stop at 9.5 min)
 */
import { ownDatabase } from './lib/bench-db.ts';
import { benchConfig, login } from './lib/app.ts';
import { loadavg } from 'node:os';
import type { AddressInfo } from 'node:net';
import { wrapPool } from '../apps/server/src/core/db/client.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { prepare, SCALES, type ScaleName } from './data.ts';
import { countedPool } from './lib/counted-pool.ts';
import { listBench } from './lib/estate-list.ts';
import { importBench } from './lib/estate-import.ts';
import { viewBench } from './lib/estate-view.ts';
import { whatIfIndex } from './lib/estate-whatif.ts';
import { writeEstateReport } from './lib/estate-report.ts';
import { copyResidents } from './lib/copy-residents.ts';
import { isSmoke } from './lib/report.ts';

const HARD_STOP_MS = 570_000;
const POOL_MAX = 10; // openPostgres' default: what the server runs with
const CONNECTIONS = 50;
/** seconds per load round; a smoke run (CI) only proves the benchmark works */
const SECONDS = isSmoke() ? 1 : 10;
const DEEP_PAGE = 1000;
/** residents in the import file: 100,000, or 3 per house of the small dataset */
const IMPORT_ROWS: Record<ScaleName, number> = { small: 3_000, medium: 100_000, large: 100_000 };
const VIEW_CALLS = isSmoke() ? 10 : 50;

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const scale = (arg('--scale') ?? process.env.BENCH_SCALE ?? 'large') as ScaleName;
if (!(scale in SCALES)) throw new Error(`--scale must be small, medium or large (got ${scale})`);

const cleanups: (() => void)[] = [];
// whatever happens (error, watchdog), the throwaway server is stopped and its directory removed
process.on('exit', () => {
  for (const c of cleanups.splice(0).reverse()) c();
});
const watchdog = setTimeout(() => {
  console.error(`bench:estate: hard stop after ${HARD_STOP_MS / 1000} s`);
  process.exit(1);
}, HARD_STOP_MS);

const log = (m: string) => console.log(m);

const run = async () => {
  const load0 = loadavg()[0]!;
  const t0 = performance.now();
  // on a given server: a database of our own, dropped at the end
  const { url, drop: dropDb } = await ownDatabase();
  log(`bench:estate, scale ${scale}: generating data…`);
  const data = await prepare({ scale, url, log });
  if (data.server) cleanups.push(data.server.stop);
  const cp = countedPool(data.url!, POOL_MAX);
  const db = wrapPool(cp.pool, 'postgres').db;
  const serverTimes: number[] = [];
  const app = await buildApp({ db, config: benchConfig() });
  // server-side time of the building view: from the request's arrival to the response's end
  app.addHook('onResponse', async (req, reply) => {
    if (req.url.endsWith('/Building/cView')) serverTimes.push(reply.elapsedTime);
  });
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/xapi`;
    const auth = await login(base);
    const token = auth.authorization.slice('Bearer '.length);
    const ctx = { base, auth, cp, log };

    log(`GatePerson list (${CONNECTIONS} connections × ${SECONDS} s):`);
    const list = await listBench(ctx, { connections: CONNECTIONS, seconds: SECONDS, deepPage: DEEP_PAGE });
    log('What-if: the proposed index, on the same data (dropped again afterwards):');
    const whatIf = await whatIfIndex(ctx, {
      connections: CONNECTIONS,
      seconds: SECONDS,
      deepPage: list.rounds.find((r) => r.page !== 1)!.page,
      statements: list.captured,
    });
    log('Building view:');
    const view = await viewBench(ctx, { tenantId: data.report.tenant1, calls: VIEW_CALLS, serverTimes });
    log(
      `COPY gate_persons FROM STDIN of the import's ${IMPORT_ROWS[scale].toLocaleString('en-US')} residents (rolled back):`,
    );
    const copy = await copyResidents(cp.pool, { tenantId: data.report.tenant1, rows: IMPORT_ROWS[scale] });
    log(`  ${copy.rows} rows, ${(copy.bytes / 1024 / 1024).toFixed(1)} MB in ${(copy.ms / 1000).toFixed(2)} s`);
    log(`Import of ${IMPORT_ROWS[scale].toLocaleString('en-US')} residents:`);
    const imp = await importBench(ctx, db, { tenantId: data.report.tenant1, rows: IMPORT_ROWS[scale], token });
    const load1 = loadavg()[0]!;
    writeEstateReport({
      scale,
      data,
      list,
      view,
      imp,
      copy,
      whatIf,
      load: [load0, load1],
      totalMs: performance.now() - t0,
      poolMax: POOL_MAX,
    });
  } finally {
    await app.close();
    await cp.pool.end();
    await data.close();
    await dropDb?.();
  }
};

run().then(
  () => {
    clearTimeout(watchdog);
    process.exit(0);
  },
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
