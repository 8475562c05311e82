import { integer, timestamp } from 'drizzle-orm/pg-core';

/** Shared column builders so every table spells ids, owners and times the same way. */
export const id = () => integer('id').primaryKey().generatedAlwaysAsIdentity();
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** Owner columns: platform rows have both null, operator rows operator_id, tenant rows tenant_id. */
export const tenantId = () => integer('tenant_id');
export const operatorId = () => integer('operator_id');
