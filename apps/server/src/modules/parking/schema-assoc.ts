import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, companyRowId, companyKey, companyRef } from '../../core/db/columns.ts';
import { gatePersons } from '../estate/schema.ts';
import { parkingSpaces } from './schema.ts';

/**
 * 车位关联: a space given to an owner (a resident of the village) from start_date to end_date, both included;
 * a long-term association (is_long_time) has no end. type 1 固定车位 / 2 租赁车位; status 1 有效 / 2 无效.
 * A space has at most one 有效 association over any day (checked under the space's row lock).
 */
export const parkingAssociations = pgTable(
  'parking_associations',
  {
    id: companyRowId(),
    tenantId: integer('tenant_id').notNull(),
    villageId: integer('village_id').notNull(),
    spaceId: integer('space_id').notNull(),
    personId: integer('person_id').notNull(),
    type: smallint('type').notNull().default(1),
    status: smallint('status').notNull().default(1),
    isLongTime: boolean('is_long_time').notNull().default(false),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    companyKey(t),
    companyRef('parking_associations_space_fk', { column: t.spaceId, tenantId: t.tenantId }, parkingSpaces),
    companyRef('parking_associations_person_fk', { column: t.personId, tenantId: t.tenantId }, gatePersons).onDelete(
      'cascade',
    ),
    index('parking_associations_space_idx').on(t.spaceId, t.status),
    index('parking_associations_tenant_idx').on(t.tenantId, t.villageId, t.id),
    // the lane's question: has this car's owner a space in the lot today
    index('parking_associations_person_idx').on(t.personId, t.status),
    check('parking_associations_end_ck', sql`${t.isLongTime} or ${t.endDate} is not null`),
  ],
);

/**
 * What a parking bill buys, applied once when the bill is paid: kind 1 车位续费 (association_id, months from
 * period_start) / 2 月卡充值 (vehicle_id, package_id). bill_id is unique: one bill, one charge; applied_at is
 * stamped in the transaction that marks the bill paid, so a replayed notification finds nothing left to apply.
 */
export const parkingCharges = pgTable(
  'parking_charges',
  {
    id: companyRowId(),
    tenantId: integer('tenant_id').notNull(),
    villageId: integer('village_id').notNull(),
    kind: smallint('kind').notNull(),
    associationId: integer('association_id'),
    vehicleId: integer('vehicle_id'),
    packageId: integer('package_id'),
    months: integer('months').notNull(),
    /** the first day the renewal covers (kind 1) */
    periodStart: date('period_start', { mode: 'string' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    billId: integer('bill_id').notNull(),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    companyKey(t),
    uniqueIndex('parking_charges_bill_uq').on(t.billId, t.tenantId),
    index('parking_charges_assoc_idx').on(t.associationId),
    check('parking_charges_months_ck', sql`${t.months} > 0`),
  ],
);
