import { getTableName, sql } from 'drizzle-orm';
import { Code, type ListReply } from '@5a/contracts';
import { appsOf, createRegistry } from '../core/engine/registry.ts';
import { modules } from '../modules/index.ts';
import { baseOf } from '../core/engine/config.ts';
import { columnsOf } from '../core/engine/columns.ts';
import type { ResourceDef } from '../core/engine/types.ts';
import type { TestApp } from './harness.ts';
import { expectedVerdict, type DeclaredRoute } from './matrix.ts';

export type MatrixCaller = { user: string; token: string; perms: ReadonlySet<string> };
type Scope = { kind: string; tenantId: number | null; operatorId: number | null; villages: number[] | null };
type OwnerRow = { id: number; tenant_id?: number | null; operator_id?: number | null; village_id?: number | null };

/** Who each caller is, read from the database (not from the code under test): owner and role villages. */
const scopesOf = async (t: TestApp, names: string[]) => {
  const list = await t.rows<{
    user_name: string;
    kind: string;
    tenant_id: number | null;
    operator_id: number | null;
    all_villages: boolean;
    villages: number[];
  }>(sql`
    select u.user_name, u.kind, u.tenant_id, u.operator_id,
      u.is_super or coalesce(bool_or(r.data_scope = 1), false) all_villages,
      coalesce(array_agg(distinct v) filter (where v is not null), '{}') villages
    from users u
    left join user_roles ur on ur.user_id = u.id
    left join roles r on r.id = ur.role_id and r.status = 1
    left join lateral unnest(r.village_ids) v on true
    where u.user_name in (${sql.join(
      names.map((n) => sql`${n}`),
      sql`, `,
    )})
    group by u.id`);
  return new Map<string, Scope>(
    list.map((u) => [
      u.user_name,
      {
        kind: u.kind,
        tenantId: u.tenant_id,
        operatorId: u.operator_id,
        villages: u.all_villages ? null : u.villages.map(Number),
      },
    ]),
  );
};

/** Whether a row may reach this caller, from the resource's declared ownership and village scope. */
const owns = (def: ResourceDef, villageColumn: 'id' | 'village_id' | null, s: Scope, r: OwnerRow) => {
  if (def.ownership === 'global') return true;
  if (def.ownership === 'tenant') {
    if (s.kind !== 'web' || r.tenant_id !== s.tenantId) return false;
    return !villageColumn || s.villages === null || s.villages.includes(Number(r[villageColumn]));
  }
  const owner =
    s.kind === 'web'
      ? { t: s.tenantId, o: null }
      : s.kind === 'operator'
        ? { t: null, o: s.operatorId }
        : { t: null, o: null };
  const [t, o] = [r.tenant_id ?? null, r.operator_id ?? null];
  return (t === owner.t && o === owner.o) || (def.ownership === 'owner+shared' && t === null && o === null);
};

/**
 * For every declared screen and every caller its list route lets in: each tab's first page holds
 * only the caller's rows, and asking for other owners' ids by the `ids` filter returns none.
 */
export const checkListScope = async (t: TestApp, declared: DeclaredRoute[], callers: MatrixCaller[]) => {
  const problems: string[] = [];
  const tally = { calls: 0, rows: 0, foreign: 0, refusedOtherKind: [] as string[] };
  const scopes = await scopesOf(
    t,
    callers.map((c) => c.user),
  );
  const registry = createRegistry(modules);
  for (const def of registry.allResources()) {
    const base = baseOf(def.route);
    const route = declared.find((r) => r.url === `/xapi${base}/list`);
    if (!route) {
      problems.push(`${def.name}: declared but ${base}/list is not registered`);
      continue;
    }
    const { has } = columnsOf(def.table);
    const table = getTableName(def.table);
    const villageColumn = table === 'villages' ? 'id' : def.villageScoped && has('village_id') ? 'village_id' : null;
    const cols = ['tenant_id', 'operator_id', 'village_id'].filter((c) => has(c));
    const all = await t.rows<OwnerRow>(sql`select id${sql.raw(cols.map((c) => `, ${c}`).join(''))} from ${def.table}`);
    const byId = new Map(all.map((r) => [Number(r.id), r]));
    const size = Math.min(def.maxPageSize ?? 500, 500);
    const optionsRoute = declared.find((r) => r.url === `/xapi${base}/options`);
    // a route declared once per app answers each caller with his app's declaration: only that one is checked
    const perApp = registry.variantsOf(def.route).length > 1;
    for (const c of callers) {
      const s = scopes.get(c.user)!;
      if (perApp && !appsOf(def).some((a) => a === s.kind)) continue;
      const mine = (r: OwnerRow) => owns(def, villageColumn, s, r);
      // the names of a select are rows too
      if (
        optionsRoute &&
        expectedVerdict(optionsRoute.access, c.perms) === 'allow' &&
        (def.ownership !== 'tenant' || s.kind === 'web')
      ) {
        const opts = await t.post<{ value: unknown }[]>(`${base}/options`, {}, c.token);
        tally.calls += 1;
        // a screen without a label column answers 该列表没有可选项
        if (opts.body.code === Code.forbidden)
          problems.push(`${base}/options ${c.user}: let in by its access but answered ${opts.body.msg}`);
        else if (opts.body.code === 0)
          for (const o of opts.body.data) {
            tally.rows += 1;
            const row = byId.get(Number(o.value));
            if (!row || !mine(row))
              problems.push(
                `${base}/options ${c.user}: option ${String(o.value)} is not the caller's (${JSON.stringify(row)})`,
              );
          }
      }
      if (expectedVerdict(route.access, c.perms) !== 'allow') continue;
      const others = all
        .filter((r) => !mine(r))
        .slice(0, 500)
        .map((r) => Number(r.id));
      for (const tab of def.tabs?.map((x) => x.key) ?? [undefined]) {
        const url = `${base}/list${tab ? `?tab_type=${tab}` : ''}`;
        const page = await t.post<ListReply>(url, { size }, c.token);
        tally.calls += 1;
        // a company's rows are never an operator's or the platform's, whatever a permission code says
        if (def.ownership === 'tenant' && s.kind !== 'web') {
          if (page.body.code !== Code.forbidden)
            problems.push(`${url} ${c.user}: a ${s.kind} user got ${page.body.code} from a company screen`);
          else tally.refusedOtherKind.push(`${url} ${c.user}`);
          continue;
        }
        if (page.body.code !== 0) {
          problems.push(`${url} ${c.user}: let in by its access but answered ${page.body.code} ${page.body.msg}`);
          continue;
        }
        for (const r of page.body.data.records) {
          tally.rows += 1;
          const row = byId.get(Number(r.id));
          if (!row || !mine(row))
            problems.push(`${url} ${c.user}: row ${String(r.id)} is not the caller's (${JSON.stringify(row)})`);
        }
        if (!others.length) continue;
        const probe = await t.post<ListReply>(url, { size, ids: others }, c.token);
        tally.foreign += others.length;
        const leaked = probe.body.code === 0 ? probe.body.data.records.map((r) => r.id) : [];
        if (leaked.length)
          problems.push(`${url} ${c.user}: other owners' ids listed: ${leaked.slice(0, 5).join(', ')}`);
      }
    }
  }
  return { ...tally, problems };
};
