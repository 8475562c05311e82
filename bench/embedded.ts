/**
 * GET /health latency while a ~3 s query runs on the embedded database (ADR 0001):
 *   (a) the real setup: PGlite in a worker thread behind a unix socket (openEmbedded);
 *   (b) the naive baseline: PGlite on the server's own thread (drizzle-orm/pglite).
 * The load comes from a child process (bench/lib/health-probe.ts: sequential keep-alive GETs over
 * loopback), so the client is not stalled by the same event loop it measures. Rewrites the section between
 * `<!-- embedded:start -->` and `<!-- embedded:end -->` in docs/benchmarks.md.
 *
 * Run: npm run bench:embedded   (bounded: ~20 s, hard stop at 55 s)
 */
import { healthProbe, type HealthProbe, type ProbeStats } from './lib/health-probe.ts';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, platform, release, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

const TARGET_QUERY_MS = 3000;
const GOAL_P99_MS = 50;
const LOAD_HARD_STOP_MS = 10_000; // the load generator never runs longer than this per round
const QUERY_TIMEOUT_MS = 20_000;
const WATCHDOG_MS = 55_000;
const IDLE_MS = 1000;

// ---------------------------------------------------------------- parent: servers + report

type Round = {
  label: string;
  queryMs: number | null;
  size: number | null;
  stats: ProbeStats;
  errors: number;
  loopMaxMs: number;
};

const withTimeout = <T>(p: Promise<T>, ms: number, what: string) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what}: exceeded ${ms} ms`)), ms);
    p.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e: unknown) => (clearTimeout(timer), reject(e)),
    );
  });

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Longest gap between 5 ms ticks on this thread, minus the tick. (monitorEventLoopDelay missed a
 * stall that ends right before it is disabled: the query's promise settles before its timer runs.)
 */
const trackStalls = () => {
  const tick = 5;
  let last = performance.now();
  let max = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    max = Math.max(max, now - last - tick);
    last = now;
  }, tick);
  return () => {
    clearInterval(timer);
    return Math.max(0, max, performance.now() - last - tick);
  };
};

/** Probes url from the child while work() runs in this process; also tracks this event loop's worst stall. */
const measure = async (
  probe: HealthProbe,
  label: string,
  url: string,
  work: () => Promise<unknown>,
  isQuery: boolean,
): Promise<Round> => {
  let queryMs = 0;
  let loopMaxMs = 0;
  const { stats } = await probe.during(
    url,
    async () => {
      const stall = trackStalls();
      const t = performance.now();
      await withTimeout(work(), QUERY_TIMEOUT_MS, label);
      queryMs = performance.now() - t;
      loopMaxMs = stall();
    },
    LOAD_HARD_STOP_MS,
  );
  return { label, queryMs: isQuery ? queryMs : null, size: null, stats, errors: stats.errors, loopMaxMs };
};

const heavySql = (n: number, m: number) =>
  `select count(*) as c from generate_series(1, ${n}) a, generate_series(1, ${m}) b where (a*b) % 7 = 3`;

const PROBE_N = 2500;

/**
 * Runs the heavy query through exec while the child hammers url. The size comes from a probe under
 * the same load (the client competes for CPU on a small machine); cost is linear in n², and one
 * resized retry absorbs a probe skewed by other work on the machine.
 */
const heavyRound = async (
  child: HealthProbe,
  label: string,
  url: string,
  exec: (q: string) => Promise<unknown>,
): Promise<Round> => {
  const resize = (size: number, ms: number) => Math.max(PROBE_N, Math.round(size * Math.sqrt(TARGET_QUERY_MS / ms)));
  await exec(heavySql(1000, 1000)); // warm-up
  const probe = await measure(child, 'probe', url, () => exec(heavySql(PROBE_N, PROBE_N)), true);
  let n = resize(PROBE_N, probe.queryMs ?? TARGET_QUERY_MS);
  console.log(`${label}: probe ${PROBE_N}×${PROBE_N} = ${fmt(probe.queryMs)} ms → ${n}×${n}`);
  let round = await measure(child, label, url, () => exec(heavySql(n, n)), true);
  const off = (round.queryMs ?? TARGET_QUERY_MS) / TARGET_QUERY_MS;
  if (off < 0.75 || off > 1.35) {
    n = resize(n, round.queryMs ?? TARGET_QUERY_MS);
    console.log(`${label}: query took ${fmt(round.queryMs)} ms, retrying at ${n}×${n}`);
    round = await measure(child, label, url, () => exec(heavySql(n, n)), true);
  }
  console.log(`${label}: query ${fmt(round.queryMs)} ms`);
  return { ...round, size: n };
};

const fmt = (v: number | null) => (v === null || Number.isNaN(v) ? '—' : v >= 100 ? v.toFixed(0) : v.toFixed(1));

const runBench = async () => {
  const { sql } = await import('drizzle-orm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { PGlite } = await import('@electric-sql/pglite');
  const { buildApp } = await import('../apps/server/src/app.ts');
  const { readConfig } = await import('../apps/server/src/core/config.ts');
  const { openEmbedded } = await import('../apps/server/src/core/db/embedded.ts');
  const { migrate } = await import('../apps/server/src/core/db/migrate.ts');
  const schema = await import('../apps/server/src/schema.ts');
  type Db = import('../apps/server/src/core/db/client.ts').Db;

  const config = { ...readConfig({}), webDist: '/nonexistent' };
  const dataDir = mkdtempSync(join(tmpdir(), '5a-bench-'));
  const cleanups: Array<() => Promise<void>> = [];
  const cleanup = async () => {
    for (const c of cleanups.splice(0).reverse()) await c().catch((e: unknown) => console.error('cleanup:', e));
    rmSync(dataDir, { recursive: true, force: true });
  };
  const watchdog = setTimeout(() => {
    console.error(`bench: still running after ${WATCHDOG_MS} ms, giving up`);
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(2);
  }, WATCHDOG_MS);
  watchdog.unref();

  const child = healthProbe();
  cleanups.push(async () => {
    child.close();
  });

  const listen = async (db: Db) => {
    const app = await buildApp({ db, config });
    await app.listen({ host: '127.0.0.1', port: 0 });
    cleanups.push(() => app.close());
    const { port } = app.server.address() as AddressInfo;
    return { app, url: `http://127.0.0.1:${port}/health` };
  };

  // other work on the machine shows up as CPU contention, so the report states it
  const loadBefore = loadavg()[0];
  try {
    // (a) the real setup
    const t = performance.now();
    const handle = await openEmbedded(dataDir);
    cleanups.push(() => handle.close());
    await migrate(handle.db);
    const setupMs = performance.now() - t;
    console.log(`(a) openEmbedded + migrate of a new data dir: ${setupMs.toFixed(0)} ms`);
    const a = await listen(handle.db);

    const rounds: Round[] = [];
    rounds.push(await measure(child, '(a) worker + socket, idle', a.url, () => sleep(IDLE_MS), false));
    const during = await heavyRound(child, '(a) worker + socket, during query', a.url, (q) =>
      handle.db.execute(sql.raw(q)),
    );
    rounds.push(during);
    await a.app.close();

    // (b) naive baseline: the same query on PGlite owned by the HTTP thread
    const lite = await PGlite.create();
    cleanups.push(() => lite.close());
    const liteDb = drizzle(lite, { schema }) as unknown as Db;
    await migrate(liteDb);
    const b = await listen(liteDb);
    rounds.push(await measure(child, '(b) PGlite in-process, idle', b.url, () => sleep(IDLE_MS), false));
    rounds.push(
      await heavyRound(child, '(b) PGlite in-process, during query', b.url, (q) => liteDb.execute(sql.raw(q))),
    );

    const pass = during.stats.count > 0 && during.stats.p99 < GOAL_P99_MS && during.errors === 0;
    const table = [
      '| setup | n | query ms | /health requests | p50 ms | p95 ms | p99 ms | max ms | errors | server event-loop max stall ms |',
      '|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
      ...rounds.map(
        (r) =>
          `| ${r.label} | ${r.size ?? '—'} | ${fmt(r.queryMs)} | ${r.stats.count} | ${fmt(r.stats.p50)} | ${fmt(r.stats.p95)} | ${fmt(r.stats.p99)} | ${fmt(r.stats.max)} | ${r.errors} | ${fmt(r.loopMaxMs)} |`,
      ),
    ].join('\n');
    const goal = `Goal: (a) /health p99 < ${GOAL_P99_MS} ms during a ~${TARGET_QUERY_MS / 1000} s query → **${pass ? 'PASS' : 'FAIL'}** (p99 ${fmt(during.stats.p99)} ms).`;
    console.log(`\n${table}\n\n${goal}\n`);
    const load = `1-min load average ${loadBefore.toFixed(2)} before, ${loadavg()[0].toFixed(2)} after (${cpus().length} cores)`;
    console.log(load);
    await writeSection({ table, goal, setupMs, load });
    // a missed goal fails a measuring run; a smoke run (CI) only proves the benchmark works
    if (!pass && process.env.BENCH_SMOKE !== '1') process.exitCode = 1;
  } finally {
    await cleanup();
    clearTimeout(watchdog);
  }
};

const machine = () => {
  const c = cpus();
  return `${c[0]?.model ?? 'unknown CPU'}, ${c.length} cores, ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, ${platform()} ${release()}, Node ${process.version}`;
};

type Section = { table: string; goal: string; setupMs: number; load: string };

const writeSection = async ({ table, goal, setupMs, load }: Section) => {
  const { reportFile } = await import('./lib/report.ts');
  const file = reportFile();
  const date = new Date().toISOString().slice(0, 10);
  const start = '<!-- embedded:start -->';
  const end = '<!-- embedded:end -->';
  const section = [
    start,
    '## Embedded database: /health while a heavy query runs',
    '',
    `\`npm run bench:embedded\` — ${date}, ${machine()}; ${load}.`,
    '',
    `Heavy query: \`select count(*) from generate_series(1, n) a, generate_series(1, n) b where (a*b) % 7 = 3\`, ` +
      `with n sized per setup on this machine (probe under load, one resized retry) to take ≈${TARGET_QUERY_MS / 1000} s. A child process sends sequential keep-alive ` +
      'GET /health requests over loopback (one in flight) for as long as the query runs; "idle" is 1 s without a query. ' +
      `(a) is the real setup (openEmbedded: PGlite in a worker thread, pglite-socket, pg Pool max 1; open + migrate of a new data dir took ${setupMs.toFixed(0)} ms); ` +
      '(b) is PGlite created on the HTTP thread (drizzle-orm/pglite, in memory).',
    '',
    table,
    '',
    goal,
    '',
    '"server event-loop max stall" is the longest gap between 5 ms timer ticks on the HTTP thread. In (a) the ' +
      'occasional max of tens to ~150 ms is not the query: it comes with GC pauses (`--trace-gc`) and CPU contention ' +
      'on a 2-core machine where the worker, the HTTP thread and the load client all run; in (b) the stall is the query itself.',
    end,
  ].join('\n');
  const header = `# Benchmarks\n\nMeasured on: ${machine()} (${date}).\n`;
  const current = existsSync(file) ? readFileSync(file, 'utf8') : header;
  const i = current.indexOf(start);
  const j = current.indexOf(end);
  const next =
    i >= 0 && j > i
      ? current.slice(0, i) + section + current.slice(j + end.length)
      : `${current.trimEnd()}\n\n${section}\n`;
  writeFileSync(file, next);
  console.log(`wrote ${file}`);
};

await runBench().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
