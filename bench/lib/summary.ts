/**
 * Every goal of docs/benchmarks.md in one table at its top, read back from the parts themselves
 * (their goal rows and "Goal: … → **met** (…)" lines), so the summary always agrees with them.
 * `npm run bench` rewrites it after its benchmarks; the parts keep the causes of what is missed.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

export type Goal = { part: string; scale: string; goal: string; measured: string; target: string; verdict: string };

const START = '<!-- summary:start -->';
const END = '<!-- summary:end -->';
const VERDICT = /^\*\*(met|missed|PASS|FAIL)\*\*$/;

const cellsOf = (line: string) =>
  line
    .split('|')
    .slice(1, -1)
    .map((c) => c.trim());

export const collectGoals = (doc: string): Goal[] => {
  const i = doc.indexOf(START);
  const j = doc.indexOf(END);
  const body = i >= 0 && j > i ? doc.slice(0, i) + doc.slice(j + END.length) : doc;
  const goals: Goal[] = [];
  let part = '';
  let scale = '—';
  let header: string[] = [];
  let inTable = false;
  for (const line of body.split('\n')) {
    if (line.startsWith('## ')) [part, scale] = [line.slice(3).trim(), '—'];
    const s = /^### Scale (\w+)/.exec(line);
    if (s) scale = s[1]!;
    if (!line.startsWith('|')) {
      inTable = false;
      const g = /^Goal: (.*?) → \*\*(\w+)\*\*(?: \((.*?)\))?\.?$/.exec(line);
      if (g) goals.push({ part, scale, goal: g[1]!, measured: g[3] ?? '', target: '', verdict: `**${g[2]}**` });
      continue;
    }
    const cells = cellsOf(line);
    if (!inTable) [header, inTable] = [cells, true];
    const v = cells.findIndex((c) => VERDICT.test(c));
    if (v < 0) continue;
    // a goal table (goal | measured | target | verdict), or a figures table whose row carries a target and verdict
    goals.push(
      cells.length === 4
        ? { part, scale, goal: cells[0]!, measured: cells[1]!, target: cells[2]!, verdict: cells[3]! }
        : {
            part,
            scale,
            goal: `${cells.slice(0, 2).join(' ')}: ${header[v - 2] ?? ''}`,
            measured: cells[v - 2] ?? '',
            target: cells[v - 1] ?? '',
            verdict: cells[v]!,
          },
    );
  }
  return goals;
};

export const summarySection = (goals: Goal[]) => {
  const missed = goals.filter((g) => /missed|FAIL/.test(g.verdict)).length;
  return [
    START,
    '## Summary: every goal',
    '',
    `Read back from the parts below after \`npm run bench\`: ${goals.length} goals, ${goals.length - missed} met, ${missed} missed. ` +
      'Where one is missed, its part says what the gap comes from (the list parts compare the app with a bare Fastify route running the same statement on the same machine).',
    '',
    '| part | scale | goal | measured | target | |',
    '|---|---|---|--:|--:|---|',
    ...goals.map((g) => `| ${g.part} | ${g.scale} | ${g.goal} | ${g.measured} | ${g.target} | ${g.verdict} |`),
    END,
  ].join('\n');
};

/** writes the summary right after the report's first lines (title, machine), or replaces it */
export const writeSummary = (file: string) => {
  if (!existsSync(file)) return;
  const doc = readFileSync(file, 'utf8');
  const section = summarySection(collectGoals(doc));
  const i = doc.indexOf(START);
  const j = doc.indexOf(END);
  if (i >= 0 && j > i) return writeFileSync(file, doc.slice(0, i) + section + doc.slice(j + END.length));
  const first = doc.indexOf('\n<!--');
  writeFileSync(
    file,
    first >= 0 ? `${doc.slice(0, first)}\n${section}\n${doc.slice(first)}` : `${doc.trimEnd()}\n\n${section}\n`,
  );
};
