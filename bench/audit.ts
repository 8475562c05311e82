/**
 * What the audit trail adds to a write: the same edit of a worker (员工, one changed column, through the engine:
 * parse, scope, then the update with its audit entry in one statement) sent to two apps on one database, one with the audit trail and
 * one built without the trail, in alternating rounds so both see the same machine. Beside them the limit:
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
type Result = { setup: string; audited: Side; plain: Side; bareInsert: Side; overhead: number };

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
  const round = async (base: string, headers: Record<string, string>, out: number[]) => {
    for (let i = 0; i < EDITS; i++) {
      const t = performance.now();
      await postJson(`${base}/Web/Basic/Worker/edit`, headers, { row: { id, remark: `审计基准 ${++k}` } });
      out.push(performance.now() - t);
    }
  };
  const a = { base: withTrail.base, headers: await login(withTrail.base) };
  const b = { base: without.base, headers: await login(without.base) };
  // one unmeasured round each: JIT and the pool's first plans
  await round(a.base, a.headers, []);
  await round(b.base, b.headers, []);
  for (let r = 0; r < ROUNDS; r++) {
    await round(a.base, a.headers, times.audited);
    await round(b.base, b.headers, times.plain);
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
  const result = { setup, audited, plain, bareInsert: side(bare), overhead: audited.p50 / plain.p50 - 1 };
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
    `prepared statement), the other is built without the trail (a plain UPDATE, no entry); ${ROUNDS} alternating rounds of ${EDITS} edits after ` +
    'an unmeasured round each. The limit beside them: the audit INSERT alone, one row per statement.',
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
      `(${pct(r.overhead)}; the bare INSERT is ${pct(r.bareInsert.p50 / r.plain.p50)} of an edit).`,
    '',
  ]),
  '<!-- audit:end -->',
].join('\n');
replaceSection('<!-- audit:start -->', '<!-- audit:end -->', section);

if (!isSmoke() && results.some((r) => r.overhead > GOAL_OVERHEAD)) process.exitCode = 1;
