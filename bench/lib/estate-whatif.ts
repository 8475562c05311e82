/**
 * What-if, right after the list measurements and on the same data: the index proposed for the
 * resident list, (tenant_id, personnel_type, id), built and vacuumed, the app's list measured again
 * and its statements explained again, plus a deferred-join deep page and a capped count (the other
 * proposals); then the index is dropped, so the later measurements run on the app's own schema.
 */
import { performance } from 'node:perf_hooks';
import type { Stmt } from './counted-pool.ts';
import { deferredJoin, explainAll, type Ctx, type Plan } from './estate-list.ts';
import { runLoad, type LoadResult } from './load.ts';

export const PROPOSED_INDEX =
  'create index gate_persons_tenant_type_idx on gate_persons (tenant_id, personnel_type, id)';
export type WhatIf = { indexMs: number; vacuumMs: number; rounds: { page: number; r: LoadResult }[]; plans: Plan[] };

const LIST = '/Web/Basic/GatePerson/list?tab_type=owner';

/** null when the app's own schema has the index already (nothing to try) */
export const whatIfIndex = async (
  ctx: Ctx,
  opts: { connections: number; seconds: number; deepPage: number; statements: Stmt[] },
): Promise<WhatIf | null> => {
  const { base, auth, cp, log } = ctx;
  const name = PROPOSED_INDEX.split(' ')[2]!;
  if ((await cp.pool.query<{ r: string | null }>('select to_regclass($1)::text as r', [name])).rows[0]?.r) {
    log(`  ${name} is in the schema already: no what-if`);
    return null;
  }
  let t = performance.now();
  await cp.pool.query(PROPOSED_INDEX);
  const indexMs = performance.now() - t;
  t = performance.now();
  // an index-only count needs the visibility map, which autovacuum keeps on a live table
  await cp.pool.query('vacuum analyze gate_persons');
  const vacuumMs = performance.now() - t;
  log(`  what-if: index built in ${(indexMs / 1000).toFixed(1)} s, vacuum analyze ${(vacuumMs / 1000).toFixed(1)} s`);
  const rounds: WhatIf['rounds'] = [];
  for (const page of [1, opts.deepPage]) {
    const r = await runLoad({
      url: `${base}${LIST}`,
      body: JSON.stringify({ current: page, size: 10 }),
      headers: auth,
      connections: opts.connections,
      seconds: opts.seconds,
      expect: '"code":0',
    });
    log(
      `  what-if app route, page ${String(page).padEnd(5)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  max ${r.max} ms`,
    );
    rounds.push({ page, r });
  }
  const own = opts.statements.filter((s) => /from "gate_persons"/.test(s.text) && !/^insert/i.test(s.text));
  const rows = own.find((s) => !/count\(/.test(s.text));
  const count = own.find((s) => /count\(/.test(s.text));
  const list: { label: string; stmt: Stmt }[] = [];
  if (rows) {
    list.push({ label: 'page 1, rows (with the index)', stmt: rows });
    const deep = { ...rows, text: `${rows.text} offset ${(opts.deepPage - 1) * 10}` };
    list.push({ label: `page ${opts.deepPage}, rows (with the index)`, stmt: deep });
    list.push({ label: `page ${opts.deepPage}, rows — deferred join (with the index)`, stmt: deferredJoin(deep) });
  }
  if (count) {
    list.push({ label: 'count (with the index)', stmt: count });
    list.push({
      label: 'count capped at 10,001 rows (with the index) — proposed',
      stmt: {
        ...count,
        text: count.text.replace(
          /^select count\(\*\) from (.*)$/is,
          'select count(*) from (select 1 from $1 limit 10001) capped',
        ),
      },
    });
  }
  const plans = await explainAll(cp, list);
  await cp.pool.query(`drop index ${name}`);
  return { indexMs, vacuumMs, rounds, plans };
};
