/**
 * What the audit trail adds to a write: the same edit of a worker (员工, one changed column, through the engine:
 * parse, scope, then the update with its audit entry in one statement) sent to two apps on one database, one with the
 * audit trail and one built without the trail, alternating edit by edit so both see the same machine. Beside them the limit:
 * the bare audit INSERT alone, one row per statement. The goal: the trail adds at most 10 % to an edit.
 * On the embedded database as `npm start` runs it and on PostgreSQL (BENCH_DATABASE_URL's server, else a throwaway
 * one). Rewrites `<!-- audit:start/end -->` in docs/benchmarks.md.
 *
 * Run: npm run bench:audit   (hard stop at 5 min)
 */
import { sql } from 'drizzle-orm';
import { performance } from 'node:perf_hooks';
import { onBoth, onEmbedded } from './lib/seeded-db.ts';
import { login, postJson, startApp } from './lib/app.ts';
import { isSmoke, machine, ms, n, percentile, replaceSection, today, verdict } from './lib/report.ts';
import { watchdog } from './lib/bench-db.ts';
import { createRegistry } from '../apps/server/src/core/engine/registry.ts';
import { modules } from '../apps/server/src/modules/index.ts';
import type { Db } from '../apps/server/src/core/db/client.ts';

const ROUNDS = isSmoke() ? 2 : 8;
const EDITS = isSmoke() ? 20 : 150;
const GOAL_OVERHEAD = 0.1;
watchdog('bench:audit', 5 * 60_000);

type Side = { p50: number; mean: number; edits: number };
type Result = {
  setup: string;
  audited: Side;
  plain: Side;
  bareInsert: Side;
  overhead: number;
  /** the median of (audited − plain) over the pairs of edits made one after the other */
  pairedMs: number;
};

/** the registry of every module without the audit trail's writer: the engine then reads no before/after rows */
const withoutTrail = () =>
  createRegistry(
    modules.map((m) => {
      if (!m.platform?.recordAudit) return m;
      const { recordAudit: _, ...platform } = m.platform;
      return { ...m, platform };
    }),
  );

const side = (times: number[]): Side => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), mean: times.reduce((s, x) => s + x, 0) / times.length, edits: times.length };
};

const measure = async (setup: string, db: Db): Promise<Result> => {
  const withTrail = await startApp(db);
  const without = await startApp(db, {}, withoutTrail());
  const [worker] = (
    (await db.execute(
      sql`select w.id from workers w join users u on u.tenant_id = w.tenant_id and u.user_name = 'property' limit 1`,
    )) as unknown as { rows: { id: number }[] }
  ).rows;
  const id = worker!.id;
  const times = { audited: [] as number[], plain: [] as number[] };
  let k = 0;
  const edit = async (app: { base: string; headers: Record<string, string> }) => {
    const t = performance.now();
    await postJson(`${app.base}/Web/Basic/Worker/edit`, app.headers, { row: { id, remark: `审计基准 ${++k}` } });
    return performance.now() - t;
  };
  const a = { base: withTrail.base, headers: await login(withTrail.base) };
  const b = { base: without.base, headers: await login(without.base) };
  // unmeasured: JIT, the pool's first plans and prepared statements
  for (let i = 0; i < EDITS; i++) {
    await edit(a);
    await edit(b);
  }
  // edit by edit, a then b, then b then a: both see the same moment of a shared machine, whose load drifts
  const diffs: number[] = [];
  for (let i = 0; i < ROUNDS * EDITS; i++) {
    let x: number;
    let y: number;
    if (i % 2) {
      x = await edit(a);
      y = await edit(b);
    } else {
      y = await edit(b);
      x = await edit(a);
    }
    times.audited.push(x);
    times.plain.push(y);
    diffs.push(x - y);
  }
  await withTrail.app.close();
  await without.app.close();

  // the limit: the trail's own INSERT, as the writer sends it, one row per statement
  const bare: number[] = [];
  for (let i = 0; i < EDITS * 2; i++) {
    const t = performance.now();
    await db.execute(sql`insert into audit_logs (tenant_id, user_id, user_name, ip, screen, screen_title, action,
        record_id, before, after) values (1, 1, 'bench', '127.0.0.1', 'Worker', '员工', 'edit', ${id},
        ${JSON.stringify({ remark: 'a' })}::jsonb, ${JSON.stringify({ remark: 'b' })}::jsonb)`);
    bare.push(performance.now() - t);
  }
  const audited = side(times.audited);
  const plain = side(times.plain);
  const pairedMs = percentile(
    [...diffs].sort((x, y) => x - y),
    50,
  );
  const result = { setup, audited, plain, bareInsert: side(bare), overhead: audited.p50 / plain.p50 - 1, pairedMs };
  console.log(result);
  return result;
};

const results = await onBoth<Result>(measure, onEmbedded);

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const row = (label: string, s: Side) => `| ${label} | ${n(s.edits)} | ${ms(s.p50)} | ${ms(s.mean)} |`;
const section = [
  '<!-- audit:start -->',
  `## Audit trail: what it adds to an edit — ${today()}`,
  '',
  `Machine: ${machine()}. The same edit of a worker (one changed column) through the engine, over HTTP, to two apps ` +
    'on one database: one writes the audit entry in the edit’s own statement (the row before locked and read, the ' +
    'UPDATE, and the INSERT of the entry with the changed columns diffed and masked in SQL: one round trip, a named ' +
    `prepared statement), the other is built without the trail (a plain UPDATE, no entry); ${n(ROUNDS * EDITS)} edits ` +
    'each, the two apps alternating edit by edit (a then b, b then a: a shared machine’s drifting load falls on both ' +
    `alike), after ${EDITS} unmeasured edits each. The limit beside them: the audit INSERT alone, one row per statement.`,
  '',
  ...results.flatMap((r) => [
    `**${r.setup}**`,
    '',
    '| path | calls | p50 ms | mean ms |',
    '|---|---:|---:|---:|',
    row('edit with the audit trail', r.audited),
    row('edit without it', r.plain),
    row('bare audit INSERT (the limit)', r.bareInsert),
    '',
    `Goal: the trail adds ≤ ${pct(GOAL_OVERHEAD)} to an edit's p50 → ${verdict(r.overhead <= GOAL_OVERHEAD)} ` +
      `(${pct(r.overhead)}; median paired difference ${r.pairedMs.toFixed(2)} ms = ${pct(r.pairedMs / r.plain.p50)}; ` +
      `the bare INSERT is ${pct(r.bareInsert.p50 / r.plain.p50)} of an edit).`,
    '',
  ]),
  '<!-- audit:end -->',
].join('\n');
replaceSection('<!-- audit:start -->', '<!-- audit:end -->', section);

if (!isSmoke() && results.some((r) => r.overhead > GOAL_OVERHEAD)) process.exitCode = 1;
