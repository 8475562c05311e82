import { bigint, date, index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';

/**
 * 每日汇总: one row per village and Shanghai day of what the big screens chart (door passages, barrier entries and
 * exits, patrol tasks, repairs, visitors, money received), kept by the rollup job so a screen over months reads a
 * few hundred rows instead of every event. Rebuilt for any range from the source tables (`refreshRollups`).
 */
export const villageDailyFigures = pgTable(
  'village_daily_figures',
  {
    tenantId: integer('tenant_id').notNull(),
    villageId: integer('village_id').notNull(),
    day: date('day').notNull(),
    accessIn: integer('access_in').notNull().default(0),
    accessOut: integer('access_out').notNull().default(0),
    /** passages that raised a door alert (a stranger, a barred or isolated resident …) */
    accessAlerted: integer('access_alerted').notNull().default(0),
    carIn: integer('car_in').notNull().default(0),
    carOut: integer('car_out').notNull().default(0),
    patrolTasks: integer('patrol_tasks').notNull().default(0),
    patrolDone: integer('patrol_done').notNull().default(0),
    repairs: integer('repairs').notNull().default(0),
    repairsDone: integer('repairs_done').notNull().default(0),
    visitors: integer('visitors').notNull().default(0),
    /** fen */
    revenue: bigint('revenue', { mode: 'number' }).notNull().default(0),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.villageId, t.day, t.tenantId] }),
    index('village_daily_figures_tenant_idx').on(t.tenantId, t.day),
  ],
);

/** How far the rollups are complete: days before `through` are kept by the job, later ones are read live. */
export const rollupState = pgTable('rollup_state', {
  id: integer('id').primaryKey(),
  through: date('through').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
