/**
 * Patrol task generation at scale: 10,000 patrol points on 1,000 routes of 10 points (1,000 points on 100 routes at
 * the small scale), each walked in two windows a day and dispatched to two guards — half the routes walked by each
 * guard (a task per guard and window), half shared (one task per window) — for 30 days: generatePatrolTasks (the
 * sweep's and 巡更派发's one INSERT … SELECT over routes × days × the patrol_time JSON's windows × guards), then
 * the same call again (idempotent: adds 0). On PostgreSQL also the statement the generator sent, captured and run
 * directly on a pg client (no app), and a bare `INSERT … SELECT` of the very rows it wrote from a plain copy of them
 * (same table, indexes and ON CONFLICT, nothing computed): what the database takes for the same rows.
 * On PGlite in-process and on PostgreSQL: BENCH_DATABASE_URL's server, else a throwaway one.
 * Rewrites its scale's part of `<!-- patrol:start/end -->` in docs/benchmarks.md.
 *
 * Run: node --import tsx bench/patrol.ts [--scale small|medium|large]  (hard stop at 5 min)
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { onBoth } from './lib/seeded-db.ts';
import { isSmoke, machine, n, replaceScaledSection, today, verdict } from './lib/report.ts';
import { scaleArg, watchdog } from './lib/bench-db.ts';
import type { Db } from '../apps/server/src/core/db/client.ts';
import { generatePatrolTasks } from '../apps/server/src/modules/patrol/index.ts';
import { villages } from '../apps/server/src/modules/tenancy/schema.ts';

const scale = scaleArg('medium');
const ROUTES = scale === 'small' ? 100 : 1_000;
const POINTS_PER_ROUTE = 10;
const GUARDS = ROUTES / 2;
const DAYS = 30;
const FROM = '2030-01-01';
const WINDOWS = [
  ['08:00:00', '09:00:00'],
  ['20:00:00', '21:00:00'],
];
/** routes with an odd number: a task per guard (2); even: one shared task */
const EXPECTED = (ROUTES / 2) * (2 + 1) * DAYS * WINDOWS.length;
const GOAL_PG_S = 5;
const TASK_COLS =
  'tenant_id, village_id, route_id, worker_id, staff_ids, task_date, window_start, window_end, points_total';
watchdog('bench:patrol', 5 * 60_000);

type Direct = { capturedMs: number; bareMs: number; rows: number };
type Result = {
  setup: string;
  prepareMs: number;
  seedMs: number;
  firstMs: number;
  inserted: number;
  againMs: number;
  againInserted: number;
  direct: Direct | null;
};

const rowCount = (r: unknown) => Number((r as { rows: { n: number }[] }).rows[0]?.n ?? 0);

/** points, guards, routes with their points, times and guards of one new village, each one insert … select */
const seed = async (db: Db) => {
  const [v] = await db
    .select({ id: villages.id, tenantId: villages.tenantId })
    .from(villages)
    .where(eq(villages.name, '阳光花园'));
  const tenant = v!.tenantId;
  const [village] = await db
    .insert(villages)
    .values({ tenantId: tenant, name: '巡更基准小区', regionCode: '330106', address: '基准' })
    .returning({ id: villages.id });
  const vid = village!.id;
  const t0 = performance.now();
  await db.execute(sql`insert into patrol_points (tenant_id, village_id, name, point_no)
    select ${tenant}::int, ${vid}::int, '基准点' || g, 'BP' || lpad(g::text, 6, '0')
    from generate_series(1, ${ROUTES * POINTS_PER_ROUTE}::int) g`);
  await db.execute(sql`insert into workers (tenant_id, village_id, name)
    select ${tenant}::int, ${vid}::int, '基准巡更员' || g from generate_series(1, ${GUARDS}::int) g`);
  const time = JSON.stringify({ type: 1, week: [], month: [], times: WINDOWS.map(([start, end]) => ({ start, end })) });
  // route g: guards g and g+1 (mod GUARDS) of this village, dispatch type 1 for odd g, 2 for even
  await db.execute(sql`
    with w as (select id, row_number() over (order by id) - 1 as k from workers where village_id = ${vid})
    insert into patrol_routes (tenant_id, village_id, name, patrol_time, staff_ids, dispatch_type, state)
    select ${tenant}::int, ${vid}::int, '基准路线' || g, ${time},
      (select string_agg(id::text, ',' order by k) from w where k in ((g - 1) % ${GUARDS}, g % ${GUARDS})),
      case when g % 2 = 1 then 1 else 2 end, 1
    from generate_series(1, ${ROUTES}::int) g`);
  // route i of the village (in id order) walks points 10(i-1)+1 … 10i in order
  await db.execute(sql`
    with r as (select id, tenant_id, row_number() over (order by id) as i from patrol_routes where village_id = ${vid}),
      p as (select id, row_number() over (order by id) as j from patrol_points where village_id = ${vid})
    insert into patrol_route_points (tenant_id, route_id, seq, point_id)
    select r.tenant_id, r.id, (p.j - 1) % ${POINTS_PER_ROUTE} + 1, p.id
    from r join p on (p.j - 1) / ${POINTS_PER_ROUTE} + 1 = r.i`);
  for (const table of ['patrol_points', 'workers', 'patrol_routes', 'patrol_route_points'])
    await db.execute(sql.raw(`analyze ${table}`));
  const routeIds = (
    (await db.execute(sql`select id from patrol_routes where village_id = ${vid} order by id`)) as unknown as {
      rows: { id: number }[];
    }
  ).rows.map((r) => r.id);
  return { routeIds, seedMs: performance.now() - t0 };
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
/** rounds of each measure, alternated so a burst of load on the shared cores does not land on one of them only */
const ROUNDS = isSmoke() ? 1 : 3;

/**
 * On PostgreSQL, in rounds into an emptied table each time: the generator through the app's pool, the statement
 * it sent run on a bare pg client, and the rows it wrote, from a plain copy, in one INSERT … SELECT with the same
 * ON CONFLICT. Medians of the rounds.
 */
const direct = async (
  url: string,
  generate: () => Promise<number>,
  captured: { sql: string; params: unknown[] },
  routeIds: readonly number[],
): Promise<Direct & { appMs: number }> => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    // the bench's routes only: the seeded installation may hold tasks of its own (the demo's)
    await c.query(
      `create table bench_patrol_tasks as select ${TASK_COLS} from patrol_tasks where route_id = any($1::int[])`,
      [routeIds],
    );
    const rows = Number((await c.query<{ n: number }>('select count(*)::int as n from bench_patrol_tasks')).rows[0]!.n);
    const times = { app: [] as number[], captured: [] as number[], bare: [] as number[] };
    const timed = async (into: number[], work: () => Promise<number>) => {
      await c.query('truncate patrol_tasks cascade');
      const t = performance.now();
      const wrote = await work();
      into.push(performance.now() - t);
      if (wrote !== rows) throw new Error(`a round wrote ${wrote} of ${rows}`);
    };
    for (let r = 0; r < ROUNDS; r++) {
      await timed(times.app, generate);
      await timed(times.captured, async () =>
        Number((await c.query<{ n: number }>(captured.sql, captured.params)).rows[0]?.n),
      );
      await timed(
        times.bare,
        async () =>
          (
            await c.query(
              `insert into patrol_tasks (${TASK_COLS}) select ${TASK_COLS} from bench_patrol_tasks on conflict (route_id, worker_id, window_start, tenant_id) do nothing`,
            )
          ).rowCount ?? 0,
      );
    }
    return { appMs: median(times.app), capturedMs: median(times.captured), bareMs: median(times.bare), rows };
  } finally {
    await c.end();
  }
};

const runOn = async (setup: string, db: Db, prepareMs: number, url?: string): Promise<Result> => {
  const { routeIds, seedMs } = await seed(db);
  const opts = { from: FROM, days: DAYS, routeIds };
  let captured: { sql: string; params: unknown[] } | null = null;
  const dialect = new PgDialect();
  // the generator takes anything with execute(): this one notes the statement on its way to the database
  const recording = {
    execute: (q: SQL) => {
      captured = dialect.sqlToQuery(q);
      return db.execute(q);
    },
  } as Pick<Db, 'execute'>;
  let t0 = performance.now();
  const inserted = await generatePatrolTasks(recording, opts);
  let firstMs = performance.now() - t0;
  t0 = performance.now();
  const againInserted = await generatePatrolTasks(db, opts);
  const againMs = performance.now() - t0;
  const stored = rowCount(
    await db.execute(
      sql`select count(*)::int as n from patrol_tasks where route_id = any(${`{${routeIds.join(',')}}`}::int[])`,
    ),
  );
  if (inserted !== EXPECTED || stored !== EXPECTED || againInserted !== 0)
    throw new Error(`expected ${EXPECTED} tasks, generated ${inserted} (stored ${stored}), again ${againInserted}`);
  let d: Direct | null = null;
  if (url && captured) {
    const r = await direct(url, () => generatePatrolTasks(db, opts), captured, routeIds);
    firstMs = r.appMs;
    d = r;
  } else {
    // PGlite: more rounds of the generator alone, the median kept
    const rounds = [firstMs];
    for (let r = 1; r < ROUNDS; r++) {
      await db.execute(sql`truncate patrol_tasks cascade`);
      t0 = performance.now();
      await generatePatrolTasks(db, opts);
      rounds.push(performance.now() - t0);
    }
    firstMs = median(rounds);
  }
  return { setup, prepareMs, seedMs, firstMs, inserted, againMs, againInserted, direct: d };
};

const s = (ms: number) => (ms / 1000).toFixed(2);
const rate = (rows: number, ms: number) => n(rows / (ms / 1000));
const writeReport = (results: Result[]) => {
  const pgRow = results.find((r) => r.setup.startsWith('PostgreSQL'));
  const intro =
    '`node --import tsx bench/patrol.ts` (`--scale small`: 100 routes, 1,000 points). 1,000 routes of 10 patrol points (10,000 points) in one village, each with a daily ' +
    'patrol time of two windows (08:00–09:00, 20:00–21:00) and two guards: odd routes walked by each guard (a task per guard and window), even ones shared ' +
    '(one task, worker 0). Each figure but "again" is the median of 3 rounds into an emptied table (alternated: the cores are shared). `generatePatrolTasks({from, days: 30, routeIds})` — the code behind the sweep and 巡更派发 — writes 30 days of tasks in one ' +
    "`INSERT … SELECT` (routes × `generate_series` days × the patrol_time JSON's windows × the guards split from staff_ids, points_total counted per route, " +
    '`ON CONFLICT (route_id, worker_id, window_start) DO NOTHING`). "Again" is the same call a second time (idempotent: adds 0). On PostgreSQL, "captured" is the ' +
    'statement the generator sent, run again on a bare pg client into an emptied table, and "bare" is `INSERT … SELECT` of the very rows it wrote from a plain ' +
    'copy of them (same table, indexes and ON CONFLICT, nothing computed).';
  const part = [
    `### Scale ${scale}: ${n(ROUTES * POINTS_PER_ROUTE)} points, ${n(ROUTES)} routes, ${DAYS} days`,
    '',
    `\`node --import tsx bench/patrol.ts --scale ${scale}\` — ${today()}, ${machine()}; 1-min load average ${loadavg()[0]!.toFixed(2)} when written (other work shares these cores, so figures vary between runs).`,
    '',
    '| database | points, guards, routes seeded (s) | generate (s) | tasks | tasks/s | again (s) | again adds | captured statement, direct (s) | bare INSERT … SELECT (s) | generate ÷ bare |',
    '|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
    ...results.map(
      (r) =>
        `| ${r.setup} | ${s(r.seedMs)} | ${s(r.firstMs)} | ${n(r.inserted)} | ${rate(r.inserted, r.firstMs)} | ${s(r.againMs)} | ${r.againInserted} | ${r.direct ? s(r.direct.capturedMs) : '—'} | ${r.direct ? s(r.direct.bareMs) : '—'} | ${r.direct ? `${(r.firstMs / r.direct.bareMs).toFixed(1)}×` : '—'} |`,
    ),
    '',
    pgRow
      ? `Goal: ≤ ${GOAL_PG_S} s on PostgreSQL for 10,000 points × 30 days → ${ROUTES === 1_000 ? `${verdict(pgRow.firstMs / 1000 <= GOAL_PG_S)} (${s(pgRow.firstMs)} s)` : 'not measured at this scale'}.`
      : '',
    '',
    results.map((r) => `${r.setup}: migrate + seed ${s(r.prepareMs)} s.`).join(' '),
  ].join('\n');
  replaceScaledSection('patrol', 'Patrol task generation', intro, scale, part);
};

try {
  const results = await onBoth(runOn);
  for (const r of results)
    console.log(
      `${r.setup}: ${n(r.inserted)} tasks in ${s(r.firstMs)} s (${rate(r.inserted, r.firstMs)} rows/s), again ${s(r.againMs)} s adds ${r.againInserted}` +
        (r.direct ? `, captured direct ${s(r.direct.capturedMs)} s, bare ${s(r.direct.bareMs)} s` : ''),
    );
  writeReport(results);
  const pgRow = results.find((r) => r.direct);
  if (!isSmoke() && ROUTES === 1_000 && pgRow && pgRow.firstMs / 1000 > GOAL_PG_S) process.exit(1);
  process.exit(0);
} catch (e) {
  console.error(e);
  process.exit(1);
}
