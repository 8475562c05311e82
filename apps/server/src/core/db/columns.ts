import { foreignKey, integer, primaryKey, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** Shared column builders so every table spells ids, owners and times the same way. */
export const id = () => integer('id').primaryKey().generatedAlwaysAsIdentity();
/**
 * A company table's id: the key is `(id, tenant_id)` (`companyKey`), as distribution by company needs; id first, so a
 * lookup by id alone still uses it (docs/scaling.md).
 */
export const companyRowId = () => integer('id').notNull().generatedAlwaysAsIdentity();
export const companyKey = (t: { id: AnyPgColumn; tenantId: AnyPgColumn }) =>
  primaryKey({ columns: [t.id, t.tenantId] });
/**
 * A reference from one company row to another: `(column, tenant_id) → (id, tenant_id)`, so a row can only point at a
 * row of its own company and the two stay on one node once distributed.
 */
export const companyRef = (
  name: string,
  from: { column: AnyPgColumn; tenantId: AnyPgColumn },
  to: { id: AnyPgColumn; tenantId: AnyPgColumn },
) => foreignKey({ name, columns: [from.column, from.tenantId], foreignColumns: [to.id, to.tenantId] });
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** Owner columns: platform rows have both null, operator rows operator_id, tenant rows tenant_id. */
export const tenantId = () => integer('tenant_id');
export const operatorId = () => integer('operator_id');
