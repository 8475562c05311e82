/**
 * Bill generation at scale: one month of one area-priced fee item for 100,000 houses (10,000 at the
 * small scale), through the same generateBills the 生成账单 action runs (one INSERT … SELECT), then
 * the same call again (idempotent: adds 0); on PostgreSQL also `COPY bills FROM STDIN` of the very
 * rows it generated (read back with COPY TO, then, in a transaction rolled back, deleted and copied
 * in again): what the database takes for the same rows without computing them.
 * On PGlite in-process and on PostgreSQL: BENCH_DATABASE_URL's server, else a throwaway one.
 * Houses are created set-based first (one insert … select generate_series).
 * Rewrites its scale's part of `<!-- fees:start/end -->` in docs/benchmarks.md.
 *
 * Run: npm run bench:fees [-- --scale small|medium|large]  (default BENCH_SCALE, else medium; hard stop at 3 min)
 */
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { onBoth } from './lib/seeded-db.ts';
import { machine, replaceScaledSection, today, verdict } from './lib/report.ts';
import { scaleArg } from './lib/bench-db.ts';
import { copyInRolledBack, copyOut } from './lib/copy.ts';
import type { Db } from '../apps/server/src/core/db/client.ts';
import { buildings, houses } from '../apps/server/src/modules/estate/schema.ts';
import { feeItems } from '../apps/server/src/modules/fees/schema.ts';
import { generateBills } from '../apps/server/src/modules/fees/bills/generate.ts';
import { villages } from '../apps/server/src/modules/tenancy/schema.ts';

const scale = scaleArg('medium');
const HOUSES = scale === 'small' ? 10_000 : 100_000;
const GOAL_PG_S = 5;
/** the columns generateBills writes (the rest take their defaults) */
const BILL_COLS =
  'tenant_id, village_id, building_id, house_id, fee_item_id, category, name, period_start, period_end, months, quantity, unit_price, amount, formula, due_date, late_fee_rate';
const watchdog = setTimeout(() => {
  console.error('bench:fees exceeded 180 s, stopping');
  process.exit(2);
}, 180_000);

type Copy = { ms: number; rows: number; bytes: number };
type Result = {
  setup: string;
  prepareMs: number;
  housesMs: number;
  firstMs: number;
  inserted: number;
  againMs: number;
  againInserted: number;
  copy: Copy | null;
};

/** COPY TO of the generated rows, then COPY FROM of them in place of themselves (rolled back) */
const copyBack = async (url: string, feeItemId: number): Promise<Copy> => {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  // pool.end() resolves before its client's socket is closed: the database's drop (with force) may still reach it
  pool.on('error', () => undefined);
  try {
    const client = await pool.connect();
    const out = await copyOut(
      client,
      `select ${BILL_COLS} from bills where fee_item_id = ${feeItemId} order by id`,
      true,
    ).finally(() => client.release());
    const r = await copyInRolledBack(
      pool,
      'bills',
      BILL_COLS,
      out.data!,
      `delete from bills where fee_item_id = ${feeItemId}`,
    );
    if (r.rows !== out.rows) throw new Error(`COPY FROM took ${r.rows} rows of ${out.rows}`);
    return { ms: r.ms, rows: r.rows, bytes: out.bytes };
  } finally {
    await pool.end();
  }
};

const runOn = async (setup: string, db: Db, prepareMs: number, url?: string): Promise<Result> => {
  const [v] = await db
    .select({ id: villages.id, tenantId: villages.tenantId })
    .from(villages)
    .where(eq(villages.name, '阳光花园'));
  const [village] = await db
    .insert(villages)
    .values({ tenantId: v!.tenantId, name: '基准小区', regionCode: '330106', address: '基准' })
    .returning({ id: villages.id });
  const [b] = await db
    .insert(buildings)
    .values({ tenantId: v!.tenantId, villageId: village!.id, name: '基准楼', units: 1, unitNames: '1单元' })
    .returning({ id: buildings.id });
  let t0 = performance.now();
  await db.execute(sql`insert into ${houses} (tenant_id, village_id, building_id, unit_name, floor, name, area)
    select ${v!.tenantId}::int, ${village!.id}::int, ${b!.id}::int, '1单元', 1 + g / 100, 'R' || g, round((50 + (g * 37) % 90 + (g % 100) / 100.0)::numeric, 2)
    from generate_series(1, ${HOUSES}::int) g`);
  await db.execute(sql`analyze houses`);
  const housesMs = performance.now() - t0;
  const [item] = await db
    .insert(feeItems)
    .values({
      tenantId: v!.tenantId,
      villageId: village!.id,
      name: '基准物业费',
      category: 1,
      calcMode: 1,
      unitPrice: 250,
      startDate: '2020-01-01',
    })
    .returning({ id: feeItems.id });
  const input = { fee_item_ids: [item!.id], period_start: '2030-01', months: 1 };
  const where = eq(houses.villageId, village!.id);
  t0 = performance.now();
  const { inserted } = await db.transaction((tx) => generateBills(tx, v!.tenantId, where, input));
  const firstMs = performance.now() - t0;
  t0 = performance.now();
  const { inserted: againInserted } = await db.transaction((tx) => generateBills(tx, v!.tenantId, where, input));
  const againMs = performance.now() - t0;
  if (inserted !== HOUSES || againInserted !== 0) throw new Error(`unexpected counts ${inserted} / ${againInserted}`);
  const copy = url ? await copyBack(url, item!.id) : null;
  return { setup, prepareMs, housesMs, firstMs, inserted, againMs, againInserted, copy };
};

const s = (ms: number) => (ms / 1000).toFixed(2);
const rate = (rows: number, ms: number) => Math.round(rows / (ms / 1000)).toLocaleString('en-US');
const writeReport = (results: Result[]) => {
  const pgRow = results.find((r) => r.setup.startsWith('PostgreSQL'));
  const intro =
    '`npm run bench:fees` (`-- --scale small` for 10,000 houses). One month of one 面积×单价 fee item for the houses of one village: `generateBills` (the code behind ' +
    'POST /Web/Renewal/RenewalList/generate) runs one `INSERT … SELECT` joining houses × fee items, computing each amount and formula in SQL, ' +
    'with `ON CONFLICT (house_id, fee_item_id, period_start) DO NOTHING`. "Again" is the same call a second time (idempotent: adds 0). ' +
    'The houses are created first with one `insert … select generate_series` and analysed. "COPY FROM" is `COPY bills (…) FROM STDIN (format csv)` of the very rows generated ' +
    '(read back with COPY TO; in a transaction, deleted and copied in again, then rolled back): the same table and indexes, nothing computed.';
  const part = [
    `### Scale ${scale}: ${HOUSES.toLocaleString('en-US')} houses`,
    '',
    `\`npm run bench:fees -- --scale ${scale}\` — ${today()}, ${machine()}; 1-min load average ${loadavg()[0]!.toFixed(2)} when written (other work shares these cores, so figures vary between runs).`,
    '',
    '| database | houses created (s) | generate (s) | bills | bills/s | again (s) | again adds | COPY FROM of the same rows (s) | generate ÷ COPY |',
    '|---|--:|--:|--:|--:|--:|--:|--:|--:|',
    ...results.map(
      (r) =>
        `| ${r.setup} | ${s(r.housesMs)} | ${s(r.firstMs)} | ${r.inserted.toLocaleString('en-US')} | ${rate(r.inserted, r.firstMs)} | ${s(r.againMs)} | ${r.againInserted} | ${r.copy ? `${s(r.copy.ms)} (${(r.copy.bytes / 1024 / 1024).toFixed(1)} MB)` : '—'} | ${r.copy ? `${(r.firstMs / r.copy.ms).toFixed(1)}×` : '—'} |`,
    ),
    '',
    pgRow
      ? `Goal: ≤ ${GOAL_PG_S} s on PostgreSQL for 100,000 houses → ${HOUSES === 100_000 ? `${verdict(pgRow.firstMs / 1000 <= GOAL_PG_S)} (${s(pgRow.firstMs)} s)` : 'not measured at this scale'}.`
      : '',
    '',
    results.map((r) => `${r.setup}: migrate + seed ${s(r.prepareMs)} s.`).join(' '),
  ].join('\n');
  replaceScaledSection('fees', 'Bill generation (fees)', intro, scale, part);
};

try {
  const results = await onBoth(runOn);
  for (const r of results)
    console.log(
      `${r.setup}: ${r.inserted} bills in ${s(r.firstMs)} s (${rate(r.inserted, r.firstMs)} rows/s), again ${s(r.againMs)} s${r.copy ? `, COPY FROM ${s(r.copy.ms)} s` : ''}`,
    );
  writeReport(results);
  clearTimeout(watchdog);
} catch (e) {
  console.error(e);
  process.exit(1);
}
