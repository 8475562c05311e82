import { boolean, index, integer, pgTable, smallint, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../core/db/columns.ts';

/** 事件上报 (resident reports). The repair screens build on it; the header bell counts unread ones. */
export const reportThings = pgTable(
  'report_things',
  {
    id: id(),
    tenantId: integer('tenant_id').notNull(),
    villageId: integer('village_id').notNull(),
    personName: varchar('person_name', { length: 64 }).notNull().default(''),
    tel: varchar('tel', { length: 20 }).notNull().default(''),
    problem: text('problem').notNull().default(''),
    address: varchar('address', { length: 255 }).notNull().default(''),
    imgs: text('imgs').notNull().default(''),
    status: smallint('status').notNull().default(0),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('report_things_tenant_idx').on(t.tenantId, t.isRead)],
);
