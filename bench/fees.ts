/**
 * Bill generation at scale: one month of one area-priced fee item for 100,000 houses, through the
 * same generateBills the 生成账单 action runs (one INSERT … SELECT), then the same call again
 * (idempotent: adds 0). On PGlite in-process and, when BENCH_DATABASE_URL is set, on PostgreSQL
 * (a throwaway database). Houses are created set-based first (one insert … select generate_series).
 * Rewrites the section between `<!-- fees:start -->` and `<!-- fees:end -->` in docs/benchmarks.md.
 *
 * Run: npm run bench:fees   (bounded: hard stop at 90 s)
 */
import { eq, sql } from 'drizzle-orm';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { onPglite, onPostgres } from './lib/seeded-db.ts';
import { machine, replaceSection } from './lib/report.ts';
import type { Db } from '../apps/server/src/core/db/client.ts';
import { buildings, houses } from '../apps/server/src/modules/estate/schema.ts';
import { feeItems } from '../apps/server/src/modules/fees/schema.ts';
import { generateBills } from '../apps/server/src/modules/fees/generate.ts';
import { villages } from '../apps/server/src/modules/tenancy/schema.ts';

const HOUSES = 100_000;
const GOAL_PG_S = 5;
const watchdog = setTimeout(() => {
  console.error('bench:fees exceeded 90 s, stopping');
  process.exit(2);
}, 90_000);

type Result = { setup: string; prepareMs: number; housesMs: number; firstMs: number; inserted: number; againMs: number; againInserted: number };

const runOn = async (setup: string, db: Db, prepareMs: number): Promise<Result> => {
  const [v] = await db.select({ id: villages.id, tenantId: villages.tenantId }).from(villages).where(eq(villages.name, '阳光花园'));
  const [village] = await db.insert(villages).values({ tenantId: v!.tenantId, name: '基准小区', regionCode: '330106', address: '基准' }).returning({ id: villages.id });
  const [b] = await db.insert(buildings).values({ tenantId: v!.tenantId, villageId: village!.id, name: '基准楼', units: 1, unitNames: '1单元' }).returning({ id: buildings.id });
  let t0 = performance.now();
  await db.execute(sql`insert into ${houses} (tenant_id, village_id, building_id, unit_name, floor, name, area)
    select ${v!.tenantId}::int, ${village!.id}::int, ${b!.id}::int, '1单元', 1 + g / 100, 'R' || g, round((50 + (g * 37) % 90 + (g % 100) / 100.0)::numeric, 2)
    from generate_series(1, ${HOUSES}::int) g`);
  await db.execute(sql`analyze houses`);
  const housesMs = performance.now() - t0;
  const [item] = await db
    .insert(feeItems)
    .values({ tenantId: v!.tenantId, villageId: village!.id, name: '基准物业费', category: 1, calcMode: 1, unitPrice: 250, startDate: '2020-01-01' })
    .returning({ id: feeItems.id });
  const input = { fee_item_ids: [item!.id], period_start: '2030-01', months: 1 };
  const where = eq(houses.villageId, village!.id);
  t0 = performance.now();
  const inserted = await db.transaction((tx) => generateBills(tx, v!.tenantId, where, input));
  const firstMs = performance.now() - t0;
  t0 = performance.now();
  const againInserted = await db.transaction((tx) => generateBills(tx, v!.tenantId, where, input));
  const againMs = performance.now() - t0;
  if (inserted !== HOUSES || againInserted !== 0) throw new Error(`unexpected counts ${inserted} / ${againInserted}`);
  return { setup, prepareMs, housesMs, firstMs, inserted, againMs, againInserted };
};


const s = (ms: number) => (ms / 1000).toFixed(2);
const rate = (rows: number, ms: number) => Math.round(rows / (ms / 1000)).toLocaleString('en-US');
const writeReport = (results: Result[]) => {
  const start = '<!-- fees:start -->';
  const end = '<!-- fees:end -->';
  const pgRow = results.find((r) => r.setup.startsWith('PostgreSQL'));
  const section = [
    start,
    '## Bill generation (fees)',
    '',
    `\`npm run bench:fees\` — ${new Date().toISOString().slice(0, 10)}, ${machine()}; 1-min load average ${loadavg()[0]!.toFixed(2)} when written (other work shares these cores, so figures vary between runs).`,
    '',
    `One month of one 面积×单价 fee item for ${HOUSES.toLocaleString('en-US')} houses of one village: \`generateBills\` (the code behind ` +
      'POST /Web/Renewal/RenewalList/generate) runs one `INSERT … SELECT` joining houses × fee items, computing each amount and formula in SQL, ' +
      'with `ON CONFLICT (house_id, fee_item_id, period_start) DO NOTHING`. "Again" is the same call a second time (idempotent: adds 0). ' +
      'The houses are created first with one `insert … select generate_series` and analysed.',
    '',
    '| database | houses created (s) | generate (s) | bills | bills/s | again (s) | again adds |',
    '|---|--:|--:|--:|--:|--:|--:|',
    ...results.map((r) => `| ${r.setup} | ${s(r.housesMs)} | ${s(r.firstMs)} | ${r.inserted.toLocaleString('en-US')} | ${rate(r.inserted, r.firstMs)} | ${s(r.againMs)} | ${r.againInserted} |`),
    '',
    pgRow
      ? `Goal: ≤ ${GOAL_PG_S} s on PostgreSQL → **${pgRow.firstMs / 1000 <= GOAL_PG_S ? 'PASS' : 'FAIL'}** (${s(pgRow.firstMs)} s).`
      : `Goal: ≤ ${GOAL_PG_S} s on PostgreSQL — not measured in this run (set BENCH_DATABASE_URL).`,
    '',
    results.map((r) => `${r.setup}: migrate + seed ${s(r.prepareMs)} s.`).join(' '),
    end,
  ].join('\n');
  replaceSection(start, end, section);
};

try {
  const results = [await onPglite(runOn)];
  if (process.env.BENCH_DATABASE_URL) results.push(await onPostgres(process.env.BENCH_DATABASE_URL, runOn));
  for (const r of results) console.log(`${r.setup}: ${r.inserted} bills in ${s(r.firstMs)} s (${rate(r.inserted, r.firstMs)} rows/s), again ${s(r.againMs)} s`);
  writeReport(results);
  clearTimeout(watchdog);
} catch (e) {
  console.error(e);
  process.exit(1);
}
