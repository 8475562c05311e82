import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, platform, release, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';

/** The machine a figure was measured on, as every benchmark section states it. */
export const machine = () =>
  `${cpus()[0]?.model.trim() ?? 'cpu'}, ${cpus().length} cores, ${(totalmem() / 1024 ** 3).toFixed(1)} GiB RAM, ${platform()} ${release()}, Node ${process.version}`;

export const benchmarksFile = fileURLToPath(new URL('../../docs/benchmarks.md', import.meta.url));

/**
 * Rewrites one benchmark's section of docs/benchmarks.md between its markers (the section
 * includes them), leaving the others alone; appends it when the markers are not there yet.
 */
export const replaceSection = (start: string, end: string, section: string, file = benchmarksFile) => {
  const current = existsSync(file) ? readFileSync(file, 'utf8') : `# Benchmarks\n\nMeasured on: ${machine()}.\n`;
  const i = current.indexOf(start);
  const j = current.indexOf(end);
  writeFileSync(file, i >= 0 && j > i ? current.slice(0, i) + section + current.slice(j + end.length) : `${current.trimEnd()}\n\n${section}\n`);
  console.log(`wrote ${file}`);
};
