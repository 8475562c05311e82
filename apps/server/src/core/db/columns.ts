import { integer, primaryKey, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** Shared column builders so every table spells ids, owners and times the same way. */
export const id = () => integer('id').primaryKey().generatedAlwaysAsIdentity();
/**
 * A company table's id: the key is `(id, tenant_id)` (`companyKey`), as distribution by company needs; id first, so a
 * lookup by id alone still uses it (docs/scaling.md).
 */
export const companyRowId = () => integer('id').notNull().generatedAlwaysAsIdentity();
export const companyKey = (t: { id: AnyPgColumn; tenantId: AnyPgColumn }) =>
  primaryKey({ columns: [t.id, t.tenantId] });
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** Owner columns: platform rows have both null, operator rows operator_id, tenant rows tenant_id. */
export const tenantId = () => integer('tenant_id');
export const operatorId = () => integer('operator_id');
