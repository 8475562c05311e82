/**
 * npm run bench: every benchmark in turn, each in its own process, each rewriting its own section
 * of docs/benchmarks.md (machine, date, dataset, figures, ratio to its limit). A smoke run takes two at a time.
 *
 *   npm run bench [-- --scale small|medium|large] [-- --only lists,fees]
 *   BENCH_SCALE=small BENCH_SMOKE=1 npm run bench   (CI: short rounds, figures to a temp copy of the doc)
 *
 * The scale (default medium) reaches every benchmark as BENCH_SCALE. A benchmark that fails does
 * not stop the others; the run exits 1 at the end if any failed. Smoke mode proves the suite works:
 * it never writes docs/benchmarks.md and no benchmark fails on a missed goal there.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { docsFile } from './lib/report.ts';
import { writeSummary } from './lib/summary.ts';
import { SCALES, type ScaleName } from './data.ts';

/** cheapest first, so a broken environment shows early */
const BENCHES = [
  { name: 'web-size', file: 'bench/web-size.ts' },
  { name: 'fees', file: 'bench/fees.ts' },
  { name: 'patrol', file: 'bench/patrol.ts' },
  { name: 'access-faces', file: 'bench/access-faces.ts' },
  { name: 'parking', file: 'bench/parking.ts' },
  { name: 'access', file: 'bench/access.ts' },
  { name: 'alerts', file: 'bench/alerts.ts' },
  { name: 'community', file: 'bench/community-tally.ts' },
  { name: 'screens', file: 'bench/screens.ts' },
  { name: 'export', file: 'bench/export-import.ts' },
  { name: 'embedded', file: 'bench/embedded.ts' },
  { name: 'lists', file: 'bench/lists.ts' },
  { name: 'repair', file: 'bench/repair.ts' },
  { name: 'export-scale', file: 'bench/export-scale.ts' },
  { name: 'estate', file: 'bench/estate.ts' },
  { name: 'audit', file: 'bench/audit.ts' },
  { name: 'node-size', file: 'bench/node-size.ts' },
];
const PER_BENCH_LIMIT_MS = 30 * 60_000;

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const scale = (arg('--scale') ?? process.env.BENCH_SCALE ?? 'medium') as ScaleName;
if (!(scale in SCALES)) throw new Error(`--scale must be small, medium or large (got ${scale})`);
const only = arg('--only')?.split(',');
const smoke = process.env.BENCH_SMOKE === '1';

const env: NodeJS.ProcessEnv = { ...process.env, BENCH_SCALE: scale };
if (smoke && !env.BENCH_REPORT_FILE) {
  // the sections are rewritten in a copy, so a smoke run exercises the writers without touching the doc
  env.BENCH_REPORT_FILE = join(mkdtempSync(join(tmpdir(), '5a-bench-smoke-')), 'benchmarks.md');
  if (existsSync(docsFile)) copyFileSync(docsFile, env.BENCH_REPORT_FILE);
}

const t0 = performance.now();
const results: { name: string; ok: boolean; s: number }[] = [];
const chosen = BENCHES.filter((b) => (!only || only.includes(b.name)) && existsSync(b.file));

/** one benchmark in its own process; its output shown as it comes, or (side by side) whole when it ends */
const runOne = (b: (typeof BENCHES)[number], ownEnv: NodeJS.ProcessEnv, whole: boolean) =>
  new Promise<void>((resolve) => {
    const head = `\n== ${b.file} (scale ${scale}${smoke ? ', smoke' : ''})`;
    if (!whole) console.log(head);
    const t = performance.now();
    const child = spawn(process.execPath, ['--import', 'tsx', b.file, '--scale', scale], {
      stdio: whole ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: ownEnv,
    });
    let out = '';
    child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
    const limit = setTimeout(() => child.kill('SIGKILL'), PER_BENCH_LIMIT_MS);
    child.on('close', (code, signal) => {
      clearTimeout(limit);
      if (whole) console.log(`${head}\n${out}`);
      const ok = code === 0;
      results.push({ name: b.name, ok, s: (performance.now() - t) / 1000 });
      if (!ok) console.error(`== ${b.file} failed (${signal ? `signal ${signal}` : `exit ${code}`})`);
      resolve();
    });
  });

if (smoke) {
  // smoke: two at a time, one per core (BENCH_LANES=1 when it shares the machine with the tests), each rewriting a
  // copy of its own (timings are not the point here)
  const queue = [...chosen];
  const lanes = Math.max(1, Number(process.env.BENCH_LANES) || 2);
  const lane = async () => {
    for (let b = queue.shift(); b; b = queue.shift()) {
      const own = join(mkdtempSync(join(tmpdir(), '5a-bench-smoke-')), 'benchmarks.md');
      if (env.BENCH_REPORT_FILE && existsSync(env.BENCH_REPORT_FILE)) copyFileSync(env.BENCH_REPORT_FILE, own);
      await runOne(b, { ...env, BENCH_REPORT_FILE: own }, true);
    }
  };
  await Promise.all(Array.from({ length: lanes }, lane));
} else for (const b of chosen) await runOne(b, env, false);
console.log(`\n== bench, scale ${scale}${smoke ? ' (smoke)' : ''}: ${((performance.now() - t0) / 1000).toFixed(0)} s`);
for (const r of results)
  console.log(`  ${r.ok ? 'ok  ' : 'FAIL'} ${r.name.padEnd(13)} ${r.s.toFixed(0).padStart(5)} s`);
writeSummary(env.BENCH_REPORT_FILE ?? docsFile);
console.log(`figures written to ${env.BENCH_REPORT_FILE ?? docsFile}, every goal in its summary table`);
const failed = results.filter((r) => !r.ok).length;
// not the 'N passed, N failed' form: CI reads that line as the test count of the run
console.log(`bench: ${results.length - failed} benchmarks ok, ${failed} failed`);
process.exit(failed ? 1 : 0);
