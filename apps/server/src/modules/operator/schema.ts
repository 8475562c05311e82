import { date, integer, pgTable, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
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
