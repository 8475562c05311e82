/**
 * 报修管理 at scale: 1,000,000 work orders of the `property` company (on top of bench/data.ts's
 * dataset), listed through the real app — token, permissions, village scope, the SLA column — at 50
 * connections, against a bare Fastify route on the same pool sending the statements the app sent;
 * page 1 and page 1,000 of the whole list and of the 处理中 tab (status 1–3, a third of the rows).
 * Goals as the estate lists: app ≥ 60 % of the bare route's req/s, p99 ≤ 50 ms at page 1, ≤ 100 ms deep.
 * Rewrites its scale's part of `<!-- repair-list:start/end -->` in docs/benchmarks.md.
 *
 * Run: node --import tsx bench/repair.ts [--scale small|medium|large]  (small: 20,000 orders)
 */
import pg from 'pg';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { wrapPool } from '../apps/server/src/core/db/client.ts';
import type { ScaleName } from './data.ts';
import { login, startApp } from './lib/app.ts';
import { benchData, scaleArg, watchdog } from './lib/bench-db.ts';
import { countedPool } from './lib/counted-pool.ts';
import { bareServer, errorsOf, listBench, type ListFigures, type ListSpec } from './lib/list-load.ts';
import { isSmoke, machine, n, replaceScaledSection, today, verdict } from './lib/report.ts';

const GOAL = { ratio: 0.6, p99: 50, deepP99: 100 };
const CONNECTIONS = 50;
const POOL_MAX = 10;
const ORDERS: Record<ScaleName, number> = { small: 20_000, medium: 1_000_000, large: 1_000_000 };
const SECONDS: Record<ScaleName, number> = { small: 5, medium: 10, large: 10 };
const LISTS: ListSpec[] = [
  { name: 'RepairAll', title: '报修管理 (全部)', path: '/Web/Repair/RepairManagement/list?tab_type=all' },
  { name: 'RepairWorking', title: '报修管理 (处理中)', path: '/Web/Repair/RepairManagement/list?tab_type=working' },
];

const scale = scaleArg('medium');
const smoke = isSmoke();
const seconds = smoke ? 1 : SECONDS[scale];
const warmSeconds = smoke ? 1 : 3;
const log = (m: string) => console.log(m);
watchdog('bench:repair', 20 * 60_000);
const pct = (x: number) => `${Math.round(x * 100)} %`;
/** the select list is long: its head and the where / order / limit tail say what the statement does */
const clip = (t: string) => (t.length > 900 ? `${t.slice(0, 300)} … ${t.slice(-600)}` : t);

/** the work orders, set-based: villages of the tenant in turn, every state, three categories with SLA, a worker each */
const seedOrders = async (url: string, tenant: number, count: number) => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const t = performance.now();
    await c.query(
      `insert into repair_categories (tenant_id, name, response_minutes, complete_minutes) values ($1, '水电维修', 30, 240), ($1, '门窗维修', 60, 1440), ($1, '公共设施', 120, 2880) on conflict do nothing`,
      [tenant],
    );
    await c.query(
      `
      insert into repair_orders (tenant_id, village_id, person_name, tel, address, problem, category_id, urgency, source, status, content, created_at, updated_at)
      select $1, v.id, '住户' || g, '1370' || lpad((g % 10000000)::text, 7, '0'), '', '报修问题 ' || g, cat.ids[1 + g % 3], 1 + g % 3, 1 + g % 5, g % 9, '',
             now() - make_interval(mins => g % 43200), now()
      from generate_series(1, $2::int) g
      join (select id, row_number() over (order by id) - 1 as rn, count(*) over () as k from villages where tenant_id = $1) v on v.rn = g % v.k
      cross join (select array_agg(id order by id) as ids from repair_categories where tenant_id = $1) cat`,
      [tenant, count],
    );
    await c.query('analyze repair_orders');
    return { ms: performance.now() - t };
  } finally {
    await c.end();
  }
};

const run = async () => {
  const t0 = performance.now();
  const load0 = loadavg()[0]!;
  log(`bench:repair, scale ${scale}${smoke ? ' (smoke)' : ''}: generating data…`);
  const bd = await benchData(scale, log);
  const tenant = bd.data.report.tenant1;
  const seeded = await seedOrders(bd.url, tenant, ORDERS[scale]);
  log(`  ${n(ORDERS[scale])} work orders in ${(seeded.ms / 1000).toFixed(1)} s`);
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
          deepPage: 1000,
        }),
      );
    const lines: string[] = [];
    const goals: string[] = [];
    for (const f of figs) {
      for (const page of [1, f.deepPage]) {
        const app = f.rounds.find((r) => r.route === 'app' && r.page === page)!.r;
        const bareR = f.rounds.find((r) => r.route === 'bare' && r.page === page)!.r;
        const ratio = app.rps / Math.max(1, bareR.rps);
        const c = f.captured.find((x) => x.page === page)!;
        lines.push(
          `| ${f.spec.title} | ${n(f.total)} | ${page} | ${n(app.rps)} | ${app.p50} | ${app.p99} | ${n(bareR.rps)} | ${bareR.p99} | ${pct(ratio)} | ${errorsOf(app) + errorsOf(bareR)} | ${c.statements.length} |`,
        );
        const goal = page === 1 ? GOAL.p99 : GOAL.deepP99;
        if (page === 1)
          goals.push(
            `| ${f.spec.title}: app / bare req/s, page 1 | ${pct(ratio)} | ≥ ${pct(GOAL.ratio)} | ${verdict(ratio >= GOAL.ratio)} |`,
          );
        goals.push(
          `| ${f.spec.title}: p99, page ${page} of ${n(f.total)} | ${app.p99} ms | ≤ ${goal} ms | ${verdict(app.p99 <= goal)} |`,
        );
      }
    }
    const part = [
      `### Scale ${scale}`,
      '',
      `\`node --import tsx bench/repair.ts --scale ${scale}\` — ${today()}, ${machine()}; 1-min load average ${load0.toFixed(2)} before, ${loadavg()[0]!.toFixed(2)} after. Whole run ${((performance.now() - t0) / 1000).toFixed(0)} s. ` +
        `${n(ORDERS[scale])} work orders of tenant ${tenant} (login \`property\`) written in ${(seeded.ms / 1000).toFixed(1)} s; ${CONNECTIONS} connections × ${seconds} s per round.`,
      '',
      '| goal | measured | target | |',
      '|---|--:|--:|---|',
      ...goals,
      '',
      '| list | rows | page | app req/s | app p50 ms | app p99 ms | bare req/s | bare p99 ms | app / bare | errors | statements |',
      '|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
      ...lines,
      '',
      `<details><summary>The statements of one request of each list and page${scale === 'small' ? '' : ', with their plans'}</summary>`,
      '',
      ...figs.flatMap((f) =>
        f.captured.flatMap((c) => [
          `${f.spec.title}, page ${c.page}:`,
          '',
          ...c.statements.flatMap((s) => [
            `- ${s.ms.toFixed(1)} ms — \`${clip(s.text.replace(/\s+/g, ' '))}\``,
            ...(scale === 'small' ? [] : ['', '```', s.plan, '```', '']),
          ]),
          '',
        ]),
      ),
      '</details>',
    ].join('\n');
    const intro =
      'POST `/Web/Repair/RepairManagement/list {current, size: 10}` as the web client sends it, logged in as `property`: the whole list (`tab_type=all`, newest first) and the 处理中 tab ' +
      "(status 1–3). Every row carries the SLA column (seconds left, from the category or the dispatch's required time) and the category and worker names. The bare route sends the same " +
      'statements on the same pool without the app. Index: (tenant_id, status, id).';
    replaceScaledSection('repair-list', 'Work order list: 1,000,000 orders, app vs bare route', intro, scale, part);
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
