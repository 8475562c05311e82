import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, platform, release, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The machine a figure was measured on, as every benchmark section states it. */
export const machine = () =>
  `${cpus()[0]?.model.trim() ?? 'cpu'}, ${cpus().length} cores, ${(totalmem() / 1024 ** 3).toFixed(1)} GiB RAM, ${platform()} ${release()}, Node ${process.version}`;

export const docsFile = fileURLToPath(new URL('../../docs/benchmarks.md', import.meta.url));

/** BENCH_SMOKE=1: the suite runs to prove it works (CI), with short rounds and no figures kept */
export const isSmoke = () => process.env.BENCH_SMOKE === '1';

/**
 * Where sections are written: BENCH_REPORT_FILE when set (npm run bench in smoke mode points it at a
 * temp copy), a temp file in smoke mode, else docs/benchmarks.md. Smoke figures never reach the doc.
 */
export const reportFile = () =>
  process.env.BENCH_REPORT_FILE || (isSmoke() ? join(tmpdir(), '5a-bench-smoke.md') : docsFile);
/** the date a section states (UTC) */
export const today = () => new Date().toISOString().slice(0, 10);

/**
 * Rewrites one benchmark's section of the report between its markers (the section includes them),
 * leaving the others alone; appends it when the markers are not there yet.
 */
export const replaceSection = (start: string, end: string, section: string, file = reportFile()) => {
  const current = existsSync(file) ? readFileSync(file, 'utf8') : `# Benchmarks\n\nMeasured on: ${machine()}.\n`;
  const i = current.indexOf(start);
  const j = current.indexOf(end);
  writeFileSync(
    file,
    i >= 0 && j > i
      ? current.slice(0, i) + section + current.slice(j + end.length)
      : `${current.trimEnd()}\n\n${section}\n`,
  );
  console.log(`wrote ${file}`);
};

export type ScaleKey = 'small' | 'medium' | 'large';

/**
 * A section with one part per dataset scale (`<!-- id-<scale>:start/end -->` inside
 * `<!-- id:start/end -->`): a run rewrites the heading, the intro and its own scale's part, and
 * keeps the other scales' last parts, so a small run does not erase the medium figures.
 */
export const replaceScaledSection = (
  id: string,
  heading: string,
  intro: string,
  scale: ScaleKey,
  part: string,
  file = reportFile(),
) => {
  const start = `<!-- ${id}:start -->`;
  const end = `<!-- ${id}:end -->`;
  const current = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const i = current.indexOf(start);
  const j = current.indexOf(end);
  const old = i >= 0 && j > i ? current.slice(i, j) : '';
  const parts = (['large', 'medium', 'small'] as const).map((s) => {
    const a = `<!-- ${id}-${s}:start -->`;
    const b = `<!-- ${id}-${s}:end -->`;
    if (s === scale) return `${a}\n${part.trimEnd()}\n${b}`;
    const x = old.indexOf(a);
    const y = old.indexOf(b);
    return x >= 0 && y > x ? old.slice(x, y + b.length) : '';
  });
  replaceSection(
    start,
    end,
    [start, `## ${heading}`, '', intro.trimEnd(), '', ...parts.filter(Boolean).flatMap((p) => [p, '']), end].join('\n'),
    file,
  );
};

/** the verdict of a goal: met / missed, in bold */
export const verdict = (ok: boolean) => (ok ? '**met**' : '**missed**');
/** 12,345 */
export const n = (x: number) => Math.round(x).toLocaleString('en-US');
/** ms with one decimal below 100 */
export const ms = (x: number) => (Number.isFinite(x) ? (x >= 100 ? x.toFixed(0) : x.toFixed(1)) : '—');
/** a sorted list's p-th percentile (nearest rank) */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
