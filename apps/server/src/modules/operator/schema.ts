import { date, index, integer, pgTable, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../core/db/columns.ts';

/**
 * Expiry reminders already sent: one row per company (or operator), expiry date and lead (30, 7 or 1 days),
 * so the sweep reminds each once however often it runs, and again after a renewal moves the date.
 */
export const expiryReminders = pgTable(
  'expiry_reminders',
  {
    id: id(),
    /** 'tenant': target_id is a company (its super administrator is told); 'operator': an operator */
    kind: varchar('kind', { length: 10 }).$type<'tenant' | 'operator'>().notNull(),
    targetId: integer('target_id').notNull(),
    expireDate: date('expire_date').notNull(),
    days: smallint('days').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('expiry_reminders_uq').on(t.kind, t.targetId, t.expireDate, t.days)],
);

/**
 * 延期记录: every end moved by hand on the expiry lists (延期, an operator's contract renewal), which no paid order
 * records: whose end, from and to, by how much, why and by whom. A company's offline renewal is its order instead.
 */
export const expiryChanges = pgTable(
  'expiry_changes',
  {
    id: id(),
    kind: varchar('kind', { length: 10 }).$type<'operator' | 'tenant' | 'village'>().notNull(),
    targetId: integer('target_id').notNull(),
    /** the operator the target belongs to then (itself for an operator): an operator reads its own */
    operatorId: integer('operator_id'),
    action: varchar('action', { length: 10 }).$type<'extend' | 'renew'>().notNull(),
    years: smallint('years').notNull().default(0),
    days: smallint('days').notNull().default(0),
    /** the end before (a village's effective one: its own, else its company's) */
    fromDate: date('from_date'),
    toDate: date('to_date').notNull(),
    reason: varchar('reason', { length: 200 }).notNull().default(''),
    userKind: varchar('user_kind', { length: 10 }).notNull(),
    userId: integer('user_id').notNull(),
    userName: varchar('user_name', { length: 50 }).notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('expiry_changes_target_idx').on(t.kind, t.targetId, t.id),
    index('expiry_changes_operator_idx').on(t.operatorId, t.id),
  ],
);
