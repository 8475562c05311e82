/** npm run bench: every benchmark in turn; each rewrites its own section of docs/benchmarks.md. */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const benches = ['bench/embedded.ts', 'bench/export-import.ts', 'bench/fees.ts', 'bench/estate.ts'];
// bench/estate.ts reads BENCH_SCALE: medium here (~2.5 min), so the whole run stays well under 15 min; `npm run bench:estate` alone defaults to large
process.env.BENCH_SCALE ??= 'medium';
for (const b of benches) {
  if (!existsSync(b)) continue;
  console.log(`\n== ${b}`);
  execFileSync(process.execPath, ['--import', 'tsx', b], { stdio: 'inherit' });
}
