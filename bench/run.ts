/** npm run bench: every benchmark in turn; each rewrites its own section of docs/benchmarks.md. */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const benches = ['bench/embedded.ts', 'bench/export-import.ts', 'bench/fees.ts'];
for (const b of benches) {
  if (!existsSync(b)) continue;
  console.log(`\n== ${b}`);
  execFileSync(process.execPath, ['--import', 'tsx', b], { stdio: 'inherit' });
}
