import { requestContext } from '@fastify/request-context';
import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { AuditAction } from '@5a/contracts';
import { columnsOf } from './columns.ts';
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

/** the table's columns as an entry shows them: SQL name, row key, mask (one letter) — a jsonb parameter */
export type AuditPlan = { columns: string };

const letter: Record<AuditMask, string> = { secret: 's', personal: 'p', plain: '' };
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
        columns: JSON.stringify(
          cols
            .filter(([, { key }]) => !AUDIT_SKIP.has(key))
            .map(([name, { key, col }]) => ({ n: name, k: key, m: letter[auditMaskOf(key, col.dataType)] })),
        ),
      };
  plans.set(table, plan);
  return plan;
};

/** a value (jsonb) as the entry keeps it, by its column's mask `c.m`: empty values and plain columns as they are */
const masked = (v: SQL) => sql`case
    when c.m = '' or ${v} is null or ${v} in ('null'::jsonb, '""'::jsonb) then ${v}
    when c.m = 's' then '"******"'::jsonb
    when jsonb_typeof(${v}) <> 'string' then ${v}
    when length(${v} #>> '{}') > 7 then to_jsonb(left(${v} #>> '{}', 3) || '****' || right(${v} #>> '{}', 4))
    else '"****"'::jsonb end`;

/**
 * The INSERT of the entries of the rows `source` yields: a relation with `b` (the row before, to_jsonb; null for an
 * added row) and `a` (after; null for a deleted row). An edited row whose columns all stayed leaves no entry. The
 * record's company is its row's (tenant_id, operator_id), else the writer's.
 */
export const auditInsertFrom = (
  head: SQL,
  plan: AuditPlan,
  def: ResourceDef,
  caller: Caller,
  action: AuditAction,
  source: SQL,
): SQL => {
  const { actor } = caller;
  const ip = requestContext.get('ip') ?? '';
  const row = sql`coalesce(x.a, x.b)`;
  return sql`${head}
    select coalesce((${row} ->> 'tenant_id')::int, ${actor.tenantId}::int),
      coalesce((${row} ->> 'operator_id')::int, ${actor.operatorId}::int),
      ${actor.id}::int, ${actor.userName}::varchar, ${ip}::varchar, ${def.name}::varchar, ${def.title}::varchar,
      ${action}::varchar, (${row} ->> 'id')::int,
      case when x.b is not null then coalesce(d.b, '{}'::jsonb) end,
      case when x.a is not null then coalesce(d.a, '{}'::jsonb) end
    from ${source} as x
    cross join lateral (
      select jsonb_object_agg(c.k, ${masked(sql`(x.b -> c.n)`)}) as b,
        jsonb_object_agg(c.k, ${masked(sql`(x.a -> c.n)`)}) as a
      from jsonb_to_recordset(${plan.columns}::jsonb) as c(n text, k text, m text)
      where x.b is null or x.a is null or (x.b -> c.n) is distinct from (x.a -> c.n)
    ) as d
    where x.b is null or x.a is null or d.a is not null`;
};
