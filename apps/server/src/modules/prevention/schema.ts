import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, primaryKey, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, companyRowId, companyKey, companyRef } from '../../core/db/columns.ts';
import { gatePersons } from '../estate/schema.ts';

/**
 * 防控: the health code and pass status of a resident carrying the prevention tag (person_tag 1), one row per
 * resident. health_code 1 green, 2 yellow, 3 red; pass_status 1 normal, 2 home isolation, 3 forbidden; the isolation
 * dates are kept only while the code is above green. released_at is stamped when an isolation ends (by staff or by
 * the end date passing); health_cleared_at when the retention period wiped the health details of an ended one.
 */
export const preventionControls = pgTable(
  'prevention_controls',
  {
    personId: integer('person_id').notNull(),
    tenantId: integer('tenant_id').notNull(),
    villageId: integer('village_id').notNull(),
    healthCode: smallint('health_code').notNull().default(1),
    passStatus: smallint('pass_status').notNull().default(1),
    startTime: date('start_time'),
    endTime: date('end_time'),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    healthClearedAt: timestamp('health_cleared_at', { withTimezone: true }),
    updatedBy: integer('updated_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.personId, t.tenantId] }),
    companyRef('prevention_controls_person_fk', { column: t.personId, tenantId: t.tenantId }, gatePersons).onDelete(
      'cascade',
    ),
    index('prevention_controls_tenant_idx').on(t.tenantId, t.villageId),
    // the isolation-end job and the 即将到期 counter look up isolations by their end date
    index('prevention_controls_end_idx')
      .on(t.endTime)
      .where(sql`${t.passStatus} > 1`),
  ],
);

/** Every change of a control row, whoever made it: staff (with the user), the isolation-end job, the retention wipe. */
export const preventionControlHistory = pgTable(
  'prevention_control_history',
  {
    id: companyRowId(),
    tenantId: integer('tenant_id').notNull(),
    villageId: integer('village_id').notNull(),
    personId: integer('person_id').notNull(),
    healthCode: smallint('health_code').notNull(),
    passStatus: smallint('pass_status').notNull(),
    startTime: date('start_time'),
    endTime: date('end_time'),
    /** staff | job | retention */
    source: varchar('source', { length: 16 }).notNull(),
    userId: integer('user_id'),
    createdAt: createdAt(),
  },
  (t) => [companyKey(t), index('prevention_control_history_person_idx').on(t.tenantId, t.personId, t.id)],
);

/**
 * A company's care rule per resident tag (独居老人, 残障人士 …): when on, a resident with the tag not seen at any door
 * of his village for `hours` raises a care alert to the village's staff.
 */
export const careRules = pgTable(
  'care_rules',
  {
    tenantId: integer('tenant_id').notNull(),
    tagValue: varchar('tag_value', { length: 20 }).notNull(),
    enabled: boolean('enabled').notNull().default(false),
    hours: integer('hours').notNull().default(48),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.tagValue] })],
);

/** A company's prevention settings: how many days an ended isolation keeps its health details. */
export const preventionSettings = pgTable('prevention_settings', {
  tenantId: integer('tenant_id').primaryKey(),
  retentionDays: integer('retention_days').notNull().default(30),
  updatedAt: updatedAt(),
});
