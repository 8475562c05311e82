/**
 * What one PostgreSQL node holds: the benchmark dataset of a scale (bench/data.ts: companies, villages, houses,
 * residents, bills, payments) generated on a throwaway PostgreSQL, then each big table's rows and size on disk
 * (heap + indexes + TOAST) and the bytes a house costs with its residents and bills. docs/scaling.md sizes the
 * distribution steps from these figures. Rewrites `<!-- node-size:start/end -->` in docs/benchmarks.md.
 *
 * Run: npm run bench:node-size -- --scale large   (about 2 minutes at large)
 */
import { sql } from 'drizzle-orm';
import { prepare } from './data.ts';
import { scaleArg, watchdog } from './lib/bench-db.ts';
import { isSmoke, machine, n, replaceSection, today } from './lib/report.ts';

const scale = scaleArg(isSmoke() ? 'small' : 'large');
watchdog('bench:node-size', 10 * 60_000);

const p = await prepare({ scale });
type Size = { name: string; rows: number; bytes: number };
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
try {
  await p.db.execute(sql`vacuum analyze`);
  const sizes = rowsOf<Size>(
    await p.db.execute(sql`select c.relname as name, c.reltuples::bigint as rows,
        pg_total_relation_size(c.oid) as bytes
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
      order by pg_total_relation_size(c.oid) desc`),
  );
  const [db] = rowsOf<{ bytes: number }>(await p.db.execute(sql`select pg_database_size(current_database()) as bytes`));
  const houses = sizes.find((s) => s.name === 'houses')?.rows ?? 0;
  const tenants = sizes.find((s) => s.name === 'tenants')?.rows ?? 0;
  const mb = (b: number) => (b / 1048576).toFixed(1);
  const perHouse = db!.bytes / Math.max(1, houses);
  const section = [
    '<!-- node-size:start -->',
    `## What one node holds — ${today()}`,
    '',
    `Machine: ${machine()}. ${p.version}; the ${scale} benchmark dataset (bench/data.ts) generated, then ` +
      'VACUUM ANALYZE; sizes are heap + indexes + TOAST (`pg_total_relation_size`).',
    '',
    `Database: **${mb(db!.bytes)} MB** for ${n(tenants)} companies and ${n(houses)} houses — about ` +
      `**${(perHouse / 1024).toFixed(1)} kB a house** with its residents, bills and payments.`,
    '',
    '| table | rows | MB |',
    '|---|---:|---:|',
    ...sizes.slice(0, 12).map((s) => `| ${s.name} | ${n(Number(s.rows))} | ${mb(Number(s.bytes))} |`),
    '',
    '<!-- node-size:end -->',
  ].join('\n');
  console.log(section);
  replaceSection('<!-- node-size:start -->', '<!-- node-size:end -->', section);
} finally {
  await p.close();
}
