import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { patrolScope } from '../../modules/patrol/report/figures.ts';
import { repairScope } from '../../modules/repair/sql.ts';
import type { Caller } from '../auth/actor.ts';
import { statementsBeforeTheRule } from './distribution.ts';
import { companyVillages } from './sql.ts';
import { companyTablesIn, tenantScopeHelpers, unfilteredStatements } from './tenant-filter.ts';

const src = join(import.meta.dirname, '../..');
const sources = (readdirSync(src, { recursive: true }) as string[])
  .filter((f) => f.endsWith('.ts'))
  .map((f) => f.replaceAll('\\', '/'));
// tests, demo data and test fixtures set up or inspect rows of a known company
const app = sources.filter((f) => !/\.test\.ts$|^seed\/|\/testing\.ts$|^test\//.test(f));
const read = (f: string) => readFileSync(join(src, f), 'utf8');
const tables = new Map(sources.filter((f) => /schema[^/]*\.ts$/.test(f)).flatMap((f) => [...companyTablesIn(read(f))]));

describe('hand-written SQL filters company tables by tenant_id', () => {
  it('finds the statements that leave it out', () => {
    const t = new Map([['houses', 'houses']]);
    const found = (s: string) => unfilteredStatements('x.ts', s, t).length;
    expect(found('const a = sql`select id from ${houses} where id = ${id}`;')).toBe(1);
    expect(found('const a = sql`select id from houses h where h.id = ${id}`;')).toBe(1);
    expect(found('const a = sql`select id from ${houses} where tenant_id = ${t} and id = ${id}`;')).toBe(0);
    expect(found('const a = sql`select id from ${villages} where id = ${id}`;')).toBe(0);
    expect(found("const a = sql`select id from houses h where ${patrolScope(s, 'h')}`;")).toBe(0);
    expect(found('const a = sql`select id from houses h where ${scopeWhere(def, caller)}`;')).toBe(1);
    expect(tables.get('houses')).toBe('houses');
    expect(tables.size).toBeGreaterThan(60);
  });

  const caller = (villageIds: number[] | null) => ({ actor: { tenantId: 1 }, villageIds }) as unknown as Caller;

  it('each helper a statement may lean on names tenant_id however it is called', () => {
    const render = (q: SQL) => new PgDialect().sqlToQuery(q).sql;
    const calls: Record<(typeof tenantScopeHelpers)[number], SQL[]> = {
      companyVillages: [
        companyVillages('h', { tenantId: 1, villageIds: [] }),
        companyVillages('x', { tenantId: 1, villageIds: [2] }),
      ],
      patrolScope: [
        patrolScope({ tenantId: 1, villageIds: null }),
        patrolScope({ tenantId: 1, villageIds: [], villageId: 3 }, 't'),
        patrolScope({ tenantId: 1, villageIds: [2, 3] }, 't'),
      ],
      repairScope: [
        repairScope(caller(null)),
        repairScope(caller([2, 3]), 3),
        repairScope({ ...caller([]), actor: { ...caller([]).actor, tenantId: null } }),
      ],
    };
    expect(Object.keys(calls).sort()).toEqual([...tenantScopeHelpers].sort());
    for (const q of Object.values(calls).flat()) expect(render(q)).toMatch(/^\(?(\w+\.)?tenant_id = \$1/);
    // the name is the helper's alone: defined once in the server, so a statement calling it calls this one
    for (const name of tenantScopeHelpers)
      expect(
        app.filter((f) => new RegExp(`\\b(const|function) ${name}\\b`).test(read(f))),
        name,
      ).toHaveLength(1);
  });

  it('no file has more such statements than it had when the rule came, and a file that has fewer says so', () => {
    const counts = new Map<string, number>();
    for (const f of app) {
      const n = unfilteredStatements(f, read(f), tables).length;
      if (n) counts.set(f, n);
    }
    const before = new Map(Object.entries(statementsBeforeTheRule));
    const grown = [...counts].filter(([f, n]) => n > (before.get(f) ?? 0));
    const details = grown.flatMap(([f]) => unfilteredStatements(f, read(f), tables).map((x) => `${f}: ${x.statement}`));
    expect(details, 'filter these by tenant_id (a company row is (id, tenant_id))').toEqual([]);
    const shrunk = [...before].filter(([f, n]) => (counts.get(f) ?? 0) < n).map(([f]) => `${f}: ${counts.get(f) ?? 0}`);
    expect(shrunk, 'lower these in statementsBeforeTheRule (core/db/distribution.ts)').toEqual([]);
  });
});
