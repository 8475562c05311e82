/**
 * List endpoints at scale: GatePerson (住户, owner tab), House (房屋) and Unpaid (欠费催缴)
 * through the real app — token, permissions, scope, envelope — at 50 connections (autocannon in a
 * child process, 127.0.0.1, bounded rounds), against a bare Fastify route on the same pool running
 * the same statements; page 1 and page 1,000 (or the last full page of a smaller list).
 * Goals: app ≥ 60 % of the bare route's req/s, p99 ≤ 50 ms at page 1, p99 ≤ 100 ms at the deep page.
 * Data: bench/data.ts at the scale on a throwaway PostgreSQL (or BENCH_DATABASE_URL's server).
 * Rewrites its scale's part of `<!-- lists:start/end -->` in docs/benchmarks.md.
 *
 * Run: npm run bench:lists [-- --scale small|medium|large]  (default BENCH_SCALE, else medium)
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { wrapPool } from '../apps/server/src/core/db/client.ts';
import { rowsPerSecondTable, type ScaleName } from './data.ts';
import { login, startApp } from './lib/app.ts';
import { benchData, scaleArg, watchdog } from './lib/bench-db.ts';
import { countedPool } from './lib/counted-pool.ts';
import { bareServer, errorsOf, listBench, type ListFigures, type ListSpec } from './lib/list-load.ts';
import { isSmoke, machine, ms, n, replaceScaledSection, today, verdict } from './lib/report.ts';

const GOAL = { ratio: 0.6, p99: 50, deepP99: 100 };
const CONNECTIONS = 50;
const DEEP_PAGE = 1000;
const POOL_MAX = 10; // openPostgres' default: what the server runs with
/** seconds per round: long enough for a stable p99 when measuring, short in a smoke run */
const SECONDS: Record<ScaleName, number> = { small: 5, medium: 10, large: 10 };

const LISTS: ListSpec[] = [
  { name: 'GatePerson', title: '住户 (owner tab)', path: '/Web/Basic/GatePerson/list?tab_type=owner' },
  { name: 'House', title: '房屋', path: '/Web/Basic/House/list' },
  { name: 'Unpaid', title: '欠费催缴', path: '/Web/Renewal/Unpaid/list' },
];

const scale = scaleArg('medium');
const smoke = isSmoke();
const seconds = smoke ? 1 : SECONDS[scale];
const warmSeconds = smoke ? 1 : 3;
const log = (m: string) => console.log(m);
watchdog('bench:lists', 15 * 60_000);

const pct = (x: number) => `${Math.round(x * 100)} %`;

const report = (
  figs: ListFigures[],
  meta: { load: [number, number]; totalMs: number; data: Awaited<ReturnType<typeof benchData>>['data'] },
) => {
  const row = (f: ListFigures, page: number) => {
    const app = f.rounds.find((r) => r.route === 'app' && r.page === page)!.r;
    const bare = f.rounds.find((r) => r.route === 'bare' && r.page === page)!.r;
    const c = f.captured.find((x) => x.page === page)!;
    return { app, bare, ratio: app.rps / Math.max(1, bare.rps), c };
  };
  const lines: string[] = [];
  const goals: string[] = [];
  for (const f of figs) {
    for (const page of [1, f.deepPage]) {
      const { app, bare, ratio, c } = row(f, page);
      lines.push(
        `| ${f.spec.name} ${f.spec.title} | ${n(f.total)} | ${page} | ${n(app.rps)} | ${app.p50} | ${app.p99} | ${n(bare.rps)} | ${bare.p99} | ${pct(ratio)} | ${errorsOf(app) + errorsOf(bare)} | ${c.statements.length} (${c.groups.join(' → ')}) |`,
      );
    }
    const p1 = row(f, 1);
    const deep = row(f, f.deepPage);
    goals.push(
      `| ${f.spec.name}: app / bare req/s, page 1 | ${pct(p1.ratio)} | ≥ ${pct(GOAL.ratio)} | ${verdict(p1.ratio >= GOAL.ratio)} |`,
    );
    goals.push(
      `| ${f.spec.name}: p99, page 1 | ${p1.app.p99} ms | ≤ ${GOAL.p99} ms | ${verdict(p1.app.p99 <= GOAL.p99)} |`,
    );
    goals.push(
      `| ${f.spec.name}: p99, page ${f.deepPage} of ${n(f.total)} | ${deep.app.p99} ms | ≤ ${GOAL.deepP99} ms | ${verdict(deep.app.p99 <= GOAL.deepP99)} |`,
    );
  }
  // what each gap comes from, read off the two routes: the bare route is the database's share
  const causes = figs.map((f) => {
    const p1 = row(f, 1);
    const deep = row(f, f.deepPage);
    // machine time per request, all processes together: at saturation each request costs 1 / (req/s)
    const extra = (r: ReturnType<typeof row>) => `${((1000 / r.app.rps - 1000 / r.bare.rps) * 1000).toFixed(0)} µs`;
    const where = (r: ReturnType<typeof row>, goal: number) =>
      r.app.p99 <= goal
        ? 'met'
        : r.bare.p99 > goal
          ? `the bare route, same SQL without the app, is over it too (p99 ${r.bare.p99} ms): the database and this machine's cores set that limit before the app adds its share (${extra(r)} more machine time per request)`
          : `the bare route meets it (p99 ${r.bare.p99} ms): the gap is the app's own work, ${extra(r)} more machine time per request than the bare route (auth, permissions, scope, envelope, headers)`;
    return `- **${f.spec.name}**: page 1 p99 — ${where(p1, GOAL.p99)}; page ${f.deepPage} p99 — ${where(deep, GOAL.deepP99)}.`;
  });
  const { data } = meta;
  // plans of the small dataset say nothing about scale: only medium and large show them
  const withPlans = scale !== 'small';
  const statements = figs.flatMap((f) =>
    f.captured.map((c) =>
      [
        `${f.spec.name}, page ${c.page} (ms each, as the app sent them, one request alone${withPlans ? '; then EXPLAIN (ANALYZE, BUFFERS) on this data' : ''}):`,
        '',
        ...c.statements.flatMap((s) => [
          `- ${ms(s.ms)} ms — \`${s.text.replace(/\s+/g, ' ').slice(0, 400)}${s.text.length > 400 ? '…' : ''}\``,
          ...(withPlans ? ['', '```', s.plan, '```', ''] : []),
        ]),
        ...(withPlans ? [] : ['']),
      ].join('\n'),
    ),
  );
  const part = [
    `### Scale ${scale}`,
    '',
    `\`npm run bench:lists -- --scale ${scale}\` — ${today()}, ${machine()}; 1-min load average ${meta.load[0].toFixed(2)} before, ${meta.load[1].toFixed(2)} after. Whole run ${(meta.totalMs / 1000).toFixed(0)} s.`,
    '',
    `Database: ${data.version}, throwaway (${data.settings}); the app's pg pool ${POOL_MAX}. Rows: ${Object.entries(
      data.report.counts,
    )
      .map(([t, x]) => `${t} ${n(x)}`)
      .join(', ')}; ` +
      `tenant ${data.report.tenant1} (login \`property\`): ${n(data.report.t1Residents)} residents, ${n(data.report.t1Bills)} bills. ${CONNECTIONS} connections × ${seconds} s per round after a ${warmSeconds} s warm-up of the app route.`,
    '',
    '| goal | measured | target | |',
    '|---|--:|--:|---|',
    ...goals,
    '',
    ...causes,
    '',
    '| list | rows | page | app req/s | app p50 ms | app p99 ms | bare req/s | bare p99 ms | app / bare | errors | statements per request (groups) |',
    '|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|',
    ...lines,
    '',
    ...(scale === 'small'
      ? []
      : ['<details><summary>Dataset generation</summary>', '', rowsPerSecondTable(data.report), '', '</details>', '']),
    `<details><summary>The statements of one request of each list and page${withPlans ? ', with their plans' : ''}</summary>`,
    '',
    ...statements,
    '</details>',
  ].join('\n');
  const intro =
    '`npm run bench:lists` (`-- --scale small|medium|large`, default `BENCH_SCALE` else medium). POST `…/list {current, size: 10}` as the web client sends it, ' +
    'logged in as `property` (tenant 1, which holds the big share of the dataset): GatePerson `?tab_type=owner` (/Web/Basic/GatePerson/list), House (/Web/Basic/House/list, ' +
    'ordered by building, unit, floor, room) and Unpaid (/Web/Renewal/Unpaid/list: unpaid bills past due, by due date). autocannon in a child process over 127.0.0.1, ' +
    `${CONNECTIONS} connections, fixed-length rounds. The bare route is Fastify alone (no auth, no plugins) sending the statements the app sent for one steady-state request of the same page ` +
    '(captured from the pool after the warm-up: the fewest of three requests in a row), in the same order and grouping, on the same pool, and answering the raw rows. ' +
    '"app / bare" is the app\'s req/s as a share of the bare route\'s: what auth, permissions, scope building, drizzle and the envelope leave of what the database allows. ' +
    'The deep page is page 1,000 (offset 9,990) when the list has 10,000 rows, else its last full page.';
  replaceScaledSection('lists', 'List endpoints: app vs bare route, deep pages', intro, scale, part);
};

const run = async () => {
  const t0 = performance.now();
  const load0 = loadavg()[0]!;
  log(`bench:lists, scale ${scale}${smoke ? ' (smoke)' : ''}: generating data…`);
  const bd = await benchData(scale, log);
  const cp = countedPool(bd.url, POOL_MAX);
  const db = wrapPool(cp.pool, 'postgres').db;
  const { app, base } = await startApp(db);
  const bare = await bareServer(cp);
  try {
    const auth = await login(base);
    const figs: ListFigures[] = [];
    for (const spec of LISTS)
      figs.push(
        await listBench({ base, auth, cp, bare, log }, spec, {
          connections: CONNECTIONS,
          seconds,
          warmSeconds,
          deepPage: DEEP_PAGE,
        }),
      );
    report(figs, { load: [load0, loadavg()[0]!], totalMs: performance.now() - t0, data: bd.data });
  } finally {
    await bare.close();
    await app.close();
    await cp.pool.end();
    await bd.close();
  }
};

run().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
