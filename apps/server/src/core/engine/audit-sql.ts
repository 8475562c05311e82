import { requestContext } from '@fastify/request-context';
import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { AuditAction } from '@5a/contracts';
import { toQuery, type Query } from '../db/prepared.ts';
import { columnsOf } from './columns.ts';
import { appSlot } from './registry.ts';
import { AUDIT_SKIP, auditMaskOf, type AuditMask } from './audit.ts';
import type { Caller } from './scope.ts';
import type { ResourceDef } from './types.ts';

/**
 * The audit trail written by the write's own statement: the engine's add, edit, batch and delete put their entries
 * into the audit table from a data-modifying CTE beside the INSERT / UPDATE / DELETE, so a write and its entries are
 * one round trip. The diff and the masking are those of `auditDiff` (audit.ts), done in SQL on the rows as to_jsonb
 * gives them: the columns whose values differ (every column of an added or deleted row), keyed as the table's rows
 * are (`idCard`), a secret as ******, a personal string as its first three and last four characters.
 */

/** the table's columns as an entry shows them, a VALUES list of (SQL name, row key, mask letter) */
export type AuditPlan = { columns: string };

const letter: Record<AuditMask, string> = { secret: 's', personal: 'p', plain: '' };
const literal = (s: string) => `'${s.replace(/'/g, "''")}'`;
const plans = new WeakMap<PgTable, AuditPlan | null>();

/**
 * A table's plan, or null when a column may hold an object (json, jsonb, a custom type): the trail masks the keys
 * inside such a value one by one, at any depth, which plain SQL does not do; those tables keep the diff in JS.
 */
export const auditPlanOf = (table: PgTable): AuditPlan | null => {
  if (plans.has(table)) return plans.get(table)!;
  const cols = [...columnsOf(table).byName.entries()];
  const plan = cols.some(([, { col }]) => col.dataType === 'json' || col.dataType === 'custom')
    ? null
    : {
        columns: cols
          .filter(([, { key }]) => !AUDIT_SKIP.has(key))
          .map(
            ([name, { key, col }]) =>
              `(${literal(name)}, ${literal(key)}, ${literal(letter[auditMaskOf(key, col.dataType)])})`,
          )
          .join(', '),
      };
  plans.set(table, plan);
  return plan;
};

/** a value (jsonb) as the entry keeps it, by its column's mask `c.m`: empty values and plain columns as they are */
const masked = (v: string) => `case
    when c.m = '' or ${v} is null or ${v} in ('null'::jsonb, '""'::jsonb) then ${v}
    when c.m = 's' then '"******"'::jsonb
    when jsonb_typeof(${v}) <> 'string' then ${v}
    when length(${v} #>> '{}') > 7 then to_jsonb(left(${v} #>> '{}', 3) || '****' || right(${v} #>> '{}', 4))
    else '"****"'::jsonb end`;

/**
 * The INSERT of the entries of the rows audit_rows holds: `b` (the row before, to_jsonb; null for an added row) and
 * `a` (after; null for a deleted row). An edited row whose columns all stayed leaves no entry. The record's company
 * is its row's (tenant_id, operator_id), else the writer's. Parameters from $n+1: the writer's tenant, operator, id,
 * user name and address; what is the same on every call of a screen is written into the text.
 */
const entriesSql = (head: string, plan: AuditPlan, def: ResourceDef, action: AuditAction, n: number) => {
  const row = 'coalesce(x.a, x.b)';
  return `${head}
    select coalesce((${row} ->> 'tenant_id')::int, $${n + 1}::int),
      coalesce((${row} ->> 'operator_id')::int, $${n + 2}::int),
      $${n + 3}::int, $${n + 4}::varchar, $${n + 5}::varchar, ${literal(def.name)}, ${literal(def.title)},
      ${literal(action)}, (${row} ->> 'id')::int,
      case when x.b is not null then coalesce(d.b, '{}'::jsonb) end,
      case when x.a is not null then coalesce(d.a, '{}'::jsonb) end
    from audit_rows as x
    cross join lateral (
      select jsonb_object_agg(c.k, ${masked('(x.b -> c.n)')}) as b, jsonb_object_agg(c.k, ${masked('(x.a -> c.n)')}) as a
      from (values ${plan.columns}) as c(n, k, m)
      where x.b is null or x.a is null or (x.b -> c.n) is distinct from (x.a -> c.n)
    ) as d
    where x.b is null or x.a is null or d.a is not null`;
};

const texts = new WeakMap<ResourceDef, Map<string, string>>();
const heads = new WeakMap<SQL, string>();

/**
 * Texts run as named prepared statements: a connection then parses and plans one once, and planning this statement
 * costs more than running it (PostgreSQL: ~0.6 ms against ~0.1 ms). Each costs every connection that runs it some
 * 0.2 MB of plan, so a text is named at its second run and at most MAX_NAMED are; the rest run unnamed. A name is
 * its text's hash: one name, one text, in every process and on every connection.
 */
const MAX_NAMED = 48;
/** per app: the texts named so far, and those run once */
export const auditNames = appSlot('engine.auditNames', () => ({
  named: new Map<string, string>(),
  seen: new Set<string>(),
}));
type AuditNames = ReturnType<typeof auditNames.init>;
const nameOf = ({ named, seen }: AuditNames, text: string): string | undefined => {
  const hit = named.get(text);
  if (hit !== undefined || named.size >= MAX_NAMED) return hit;
  if (!seen.has(text)) {
    if (seen.size >= 1000) seen.clear();
    seen.add(text);
    return undefined;
  }
  seen.delete(text);
  const name = `audit_${createHash('sha1').update(text).digest('base64url').slice(0, 24)}`;
  named.set(text, name);
  return name;
};

/**
 * One statement: `write` (an INSERT, UPDATE or DELETE — or a SELECT of rows a hook has written — whose rows give
 * `b` and `a`), the INSERT of their entries, and `tail` (a select over audit_rows: the ids written, their count).
 */
export const auditedWrite = (
  names: AuditNames,
  head: SQL,
  plan: AuditPlan,
  def: ResourceDef,
  caller: Caller,
  action: AuditAction,
  write: SQL,
  tail: string,
): { name: string | undefined; query: Query } => {
  const w = toQuery(write);
  let headText = heads.get(head);
  if (headText === undefined) heads.set(head, (headText = toQuery(head).sql));
  let byShape = texts.get(def);
  if (!byShape) texts.set(def, (byShape = new Map()));
  const shape = `${action} ${w.params.length}`;
  let entries = byShape.get(shape);
  if (entries === undefined) byShape.set(shape, (entries = entriesSql(headText, plan, def, action, w.params.length)));
  const text = `with audit_rows as (${w.sql}), audit_entries as (${entries}) ${tail}`;
  const { actor } = caller;
  const ip = requestContext.get('ip') ?? '';
  return {
    name: nameOf(names, text),
    query: { sql: text, params: [...w.params, actor.tenantId, actor.operatorId, actor.id, actor.userName, ip] },
  };
};
