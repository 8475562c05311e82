/**
 * Writes bench:estate's figures into docs/benchmarks.md between `<!-- estate:start -->` and
 * `<!-- estate:end -->`; each scale has its own part (`<!-- estate-<scale>:start/end -->`), so a
 * medium run does not erase the last large one.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { machine, reportFile } from './report.ts';
import { rowsPerSecondTable, type Prepared, type ScaleName } from '../data.ts';
import type { ImportFigures } from './estate-import.ts';
import type { CopyFigures } from './copy-residents.ts';
import type { ListFigures, Plan } from './estate-list.ts';
import type { ViewFigures } from './estate-view.ts';
import { PROPOSED_INDEX, type WhatIf } from './estate-whatif.ts';
import { SHAPE } from './estate-view.ts';
import { FINDINGS } from './estate-findings.ts';

export type EstateRun = {
  scale: ScaleName;
  data: Prepared;
  list: ListFigures;
  view: ViewFigures;
  imp: ImportFigures;
  copy: CopyFigures;
  whatIf: WhatIf | null;
  load: [number, number];
  totalMs: number;
  poolMax: number;
};

const GOAL = { listP99: 50, importS: 5, viewMs: 100 };
const n = (x: number) => x.toLocaleString('en-US');
const ms = (x: number) => (x >= 100 ? x.toFixed(0) : x.toFixed(1));
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { p50: pct(s, 50), p99: pct(s, 99), max: s.at(-1) ?? NaN };
};
const verdict = (ok: boolean) => (ok ? '**met**' : '**missed**');
export { machine };

const planBlock = (plans: Plan[]) =>
  plans
    .map((p) =>
      [`${p.label}:`, '', '```sql', p.sql.trim().replace(/\s+/g, ' '), '```', '', '```', p.plan, '```', ''].join('\n'),
    )
    .join('\n');
/** plans of the small dataset say nothing about scale: only medium and large show them */
const details = (scale: ScaleName, summary: string, plans: Plan[]) =>
  scale === 'small' ? [] : [`<details><summary>${summary}</summary>`, '', planBlock(plans), '</details>', ''];

const whatIfPart = (scale: ScaleName, whatIf: WhatIf) => [
  `What-if, on the same data right after (the index is dropped again before the building view and the import): \`${PROPOSED_INDEX}\` (built in ${(whatIf.indexMs / 1000).toFixed(1)} s; then \`vacuum analyze gate_persons\`, ${(whatIf.vacuumMs / 1000).toFixed(1)} s, as autovacuum would), the same app route again:`,
  '',
  '| route, with the proposed index | page | req/s | p50 ms | p90 ms | p99 ms | max ms | errors |',
  '|---|--:|--:|--:|--:|--:|--:|--:|',
  ...whatIf.rounds.map(
    (x) =>
      `| app route | ${x.page} | ${n(Math.round(x.r.rps))} | ${x.r.p50} | ${x.r.p90} | ${x.r.p99} | ${x.r.max} | ${x.r.errors + x.r.timeouts + x.r.non2xx + x.r.mismatches} |`,
  ),
  '',
  ...details(
    scale,
    'With the proposed index: the list statements, the deferred-join deep page and a capped count, EXPLAIN (ANALYZE, BUFFERS)',
    whatIf.plans,
  ),
];

const scalePart = (r: EstateRun) => {
  const { list, view, imp, data, whatIf, copy } = r;
  const app1 = list.rounds.find((x) => x.page === 1 && x.label === 'app route')!.r;
  const bare1 = list.rounds.find((x) => x.page === 1 && x.label !== 'app route')!.r;
  const appDeep = list.rounds.find((x) => x.page !== 1 && x.label === 'app route')!.r;
  const server = stats(view.serverMs);
  const client = stats(view.clientMs);
  const one = imp.runs[0]!;
  const halves = imp.runs.slice(1, 3);
  const direct = imp.runs[3];
  const halvesS = halves.reduce((a, x) => a + x.ms, 0) / 1000;
  const bestImport = direct?.ok ? direct.ms / 1000 : one.ok ? one.ms / 1000 : NaN;
  const spc = [...new Set(view.statementsPerCall)].sort((a, b) => a - b);
  const c = data.report.counts;
  return [
    `### Scale ${r.scale}`,
    '',
    `\`npm run bench:estate -- --scale ${r.scale}\` — ${new Date().toISOString().slice(0, 10)}, ${machine()}; 1-min load average ${r.load[0].toFixed(2)} before, ${r.load[1].toFixed(2)} after (2 cores; other test runs shared the machine). Whole run ${(r.totalMs / 1000).toFixed(0)} s.`,
    '',
    `Database: ${data.version}, throwaway (${data.settings}); the app's pg pool ${r.poolMax} connections. ` +
      `Rows: ${Object.entries(c)
        .map(([t, x]) => `${t} ${n(x)}`)
        .join(
          ', ',
        )}; tenant ${data.report.tenant1} (login \`property\`) has **${n(data.report.t1Residents)} residents**. ` +
      `Generated in ${(data.report.totalMs / 1000).toFixed(1)} s after migrate + demo seed:`,
    '',
    rowsPerSecondTable(data.report),
    '',
    '| goal | measured | target | |',
    '|---|--:|--:|---|',
    `| GatePerson list p99, page 1, ${list.connections} connections | ${app1.p99} ms | ≤ ${GOAL.listP99} ms | ${verdict(app1.p99 <= GOAL.listP99)} |`,
    `| import of ${n(imp.rows)} residents from one xlsx, validated | ${one.ok ? `${(one.ms / 1000).toFixed(2)} s` : `refused (cap ${n(imp.cap)} rows); ${direct ? `${(direct.ms / 1000).toFixed(2)} s with the cap lifted in-process` : ''}`} | ≤ ${GOAL.importS} s | ${verdict(one.ok && one.ms / 1000 <= GOAL.importS)} |`,
    `| building view p99 (${view.houses} houses, ${n(view.persons)} residents), server time | ${ms(server.p99)} ms | ≤ ${GOAL.viewMs} ms | ${verdict(server.p99 <= GOAL.viewMs)} |`,
    '',
    `**GatePerson list** — \`POST /xapi/Web/Basic/GatePerson/list?tab_type=owner {current, size: 10}\`, ${n(list.total)} owners on the tab; ` +
      `autocannon, ${list.connections} connections × ${list.seconds} s, after a 3 s warm-up. The bare route is Fastify alone (no auth, no plugins) sending the same ${list.statements.length} statements ` +
      `the app sent for one request, in the same order and grouping (${list.groups.join(' → ')}), on the same pool.`,
    '',
    '| route | page | req/s | p50 ms | p90 ms | p99 ms | max ms | errors |',
    '|---|--:|--:|--:|--:|--:|--:|--:|',
    ...list.rounds.map(
      (x) =>
        `| ${x.label} | ${x.page} | ${n(Math.round(x.r.rps))} | ${x.r.p50} | ${x.r.p90} | ${x.r.p99} | ${x.r.max} | ${x.r.errors + x.r.timeouts + x.r.non2xx + x.r.mismatches} |`,
    ),
    '',
    `App / bare at page 1: ${(bare1.rps / Math.max(1, app1.rps)).toFixed(2)}× the throughput on the bare route, p99 ${app1.p99} vs ${bare1.p99} ms. Deep page ${list.rounds.find((x) => x.page !== 1)!.page}: p99 ${appDeep.p99} ms.`,
    '',
    ...details(r.scale, 'The statements of one list request, with EXPLAIN (ANALYZE, BUFFERS) on this data', list.plans),
    ...(whatIf
      ? whatIfPart(r.scale, whatIf)
      : [
          `The index proposed in finding 1 (\`${PROPOSED_INDEX}\`) is in the app's schema now: the figures above are with it, and there is no what-if to run.`,
          '',
        ]),
    `**Import** — the app's template (\`POST …/GatePerson/importTemplate\`), ${n(imp.rows)} residents of existing houses (3 a house; village, building, unit, room by name; valid ID cards and mobiles), multipart upload to \`POST …/GatePerson/import\`. Every row is validated first; all-or-nothing. (Files built in ${(imp.buildMs / 1000).toFixed(1)} s, not counted.)`,
    '',
    '| how | rows | file | seconds | rows/s | SQL statements | result |',
    '|---|--:|--:|--:|--:|--:|---|',
    ...imp.runs.map(
      (x) =>
        `| ${x.label} | ${n(x.rows)} | ${(x.bytes / 1024 / 1024).toFixed(1)} MB | ${(x.ms / 1000).toFixed(2)} | ${x.ok ? n(Math.round(x.rows / (x.ms / 1000))) : '—'} | ${x.statements ?? '—'}${x.dbMs !== undefined ? ` (${(x.dbMs / 1000).toFixed(2)} s in the database)` : ''} | ${x.ok ? 'inserted' : `refused: ${x.msg}`}${x.parseMs !== undefined ? `; xlsx parse ${(x.parseMs / 1000).toFixed(2)} s` : ''} |`,
    ),
    '',
    `Two uploads of half the rows: ${halvesS.toFixed(2)} s in all. ${Number.isFinite(bestImport) ? `One import of ${n(imp.rows)}: ${bestImport.toFixed(2)} s.` : ''} ` +
      `For comparison, the engine's own set-based insert (\`bulkInsert\`: \`insert … select unnest($arrays)\`, chunks of 5,000) of ${n(imp.rows)} rows of the same kind takes ${(imp.bulkMs / 1000).toFixed(2)} s (in a transaction rolled back), ` +
      `and \`COPY gate_persons FROM STDIN (format csv)\` of the very rows of the file (${n(copy.rows)} rows, ${(copy.bytes / 1024 / 1024).toFixed(1)} MB, before the import, rolled back) ${(copy.ms / 1000).toFixed(2)} s` +
      `${Number.isFinite(bestImport) ? ` — the import takes ${(bestImport / (copy.ms / 1000)).toFixed(1)}× COPY's time` : ''}.`,
    '',
    `**Building view** — a ${SHAPE.floors}-floor, ${SHAPE.units}-unit, ${SHAPE.rooms}-room building added with \`POST …/Building/add\`, its ${view.houses} houses generated with \`POST …/Building/generateHouses\` (${ms(view.generateMs)} ms), ${n(view.persons)} residents added set-based; ` +
      `then ${view.calls} sequential calls of \`POST /xapi/Web/Basic/Building/cView {bid}\` after 5 warm-up calls. Server time is Fastify's (request received → response sent); client time is the loopback round trip.`,
    '',
    '| per call | p50 ms | p99 ms | max ms |',
    '|---|--:|--:|--:|',
    `| server time | ${ms(server.p50)} | ${ms(server.p99)} | ${ms(server.max)} |`,
    `| client round trip | ${ms(client.p50)} | ${ms(client.p99)} | ${ms(client.max)} |`,
    '',
    `SQL statements per call: ${spc.join('–')} (the token lookup included), in groups of ${view.groups.join(' → ')} (statements of a group run side by side).`,
    '',
    ...details(r.scale, 'The statements of one building-view call, with EXPLAIN (ANALYZE, BUFFERS)', view.plans),
  ]
    .join('\n')
    .trimEnd();
};

export const writeEstateReport = (r: EstateRun) => {
  const file = reportFile();
  const start = '<!-- estate:start -->';
  const end = '<!-- estate:end -->';
  const current = existsSync(file) ? readFileSync(file, 'utf8') : `# Benchmarks\n\nMeasured on: ${machine()}.\n`;
  const i = current.indexOf(start);
  const j = current.indexOf(end);
  const old = i >= 0 && j > i ? current.slice(i, j) : '';
  const parts = (['large', 'medium', 'small'] as const).map((s) => {
    const a = `<!-- estate-${s}:start -->`;
    const b = `<!-- estate-${s}:end -->`;
    if (s === r.scale) return `${a}\n${scalePart(r)}\n${b}`;
    const x = old.indexOf(a);
    const y = old.indexOf(b);
    return x >= 0 && y > x ? old.slice(x, y + b.length) : '';
  });
  const section = [
    start,
    '## Estate at scale: resident list, import, building view',
    '',
    '`npm run bench:estate` (large, the default) or `-- --scale medium`; `npm run bench` runs it at `BENCH_SCALE`, medium unless set. ' +
      'Data from `npm run bench:data` (bench/data.ts): the demo seed, then operators, tenants with a super admin each, villages, buildings, houses (units × floors × rooms, ' +
      'as 生成房屋 does), residents, workers, fee items, bills (3 months of 物业费 a house, most unpaid) and payments, all `insert … select generate_series` on the database, then VACUUM ANALYZE (as autovacuum leaves a live database). Residents have Chinese names (weighted surnames + given names by sex), ' +
      'mobiles 1[3-9]… and 18-digit ID cards with the GB 11643 check digit (sex from the order code). At large, tenant 1 (demo company A, `property`) holds 1,000,000 residents at ~3 a house, ' +
      'so it has 340,000 houses: the other 48 generated tenants share 180,000 residents in 60,000 houses (100,000 houses would mean 10 residents a house in the 1M tenant).',
    '',
    FINDINGS,
    '',
    ...parts.filter(Boolean).flatMap((p) => [p, '']),
    end,
  ].join('\n');
  writeFileSync(
    file,
    i >= 0 && j > i
      ? current.slice(0, i) + section + current.slice(j + end.length)
      : `${current.trimEnd()}\n\n${section}\n`,
  );
  console.log(`wrote ${file}`);
};
