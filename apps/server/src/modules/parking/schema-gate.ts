import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, companyRowId, companyKey } from '../../core/db/columns.ts';

/**
 * 月卡套餐: what a monthly card is sold as — so many months for a price (fen) in the listed car parks of the
 * village (lot_ids). status 1 启用 / 2 停用.
 */
export const parkingPackages = pgTable(
  'parking_packages',
  {
    id: companyRowId(),
    tenantId: integer('tenant_id').notNull(),
    villageId: integer('village_id').notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    months: integer('months').notNull(),
    price: bigint('price', { mode: 'number' }).notNull(),
    lotIds: integer('lot_ids').array().notNull().default([]),
    status: smallint('status').notNull().default(1),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    companyKey(t),
    index('parking_packages_tenant_idx').on(t.tenantId, t.villageId, t.id),
    check('parking_packages_months_ck', sql`${t.months} > 0`),
    check('parking_packages_price_ck', sql`${t.price} > 0`),
  ],
);

/**
 * 月卡: a vehicle may pass the lanes of one car park from start_date to end_date (both included, Shanghai days).
 * status 1 有效 / 2 作废. A top-up extends the card of the same vehicle and lot.
 */
export const monthlyCards = pgTable(
  'monthly_cards',
  {
    id: companyRowId(),
    tenantId: integer('tenant_id').notNull(),
    villageId: integer('village_id').notNull(),
    vehicleId: integer('vehicle_id').notNull(),
    lotId: integer('lot_id').notNull(),
    packageId: integer('package_id'),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    companyKey(t),
    index('monthly_cards_tenant_idx').on(t.tenantId, t.villageId, t.id),
    // the lane's question: has this vehicle a card for this lot today
    index('monthly_cards_vehicle_idx').on(t.vehicleId, t.lotId, t.endDate),
  ],
);

/**
 * 出入记录: one row per camera event (is_type 1 入场 / 2 出场) with the decision the lane acted on.
 * event_id is the device's own id, unique per lane, so a replayed event is recorded once and answered with the
 * first decision. fee is the temporary fee (fen) computed on exit; entry_id the entry an exit was matched to.
 */
export const gateEvents = pgTable(
  'gate_events',
  {
    id: companyRowId(),
    tenantId: integer('tenant_id').notNull(),
    villageId: integer('village_id').notNull(),
    lotId: integer('lot_id').notNull(),
    gateId: integer('gate_id').notNull(),
    eventId: varchar('event_id', { length: 64 }).notNull(),
    plate: varchar('plate', { length: 16 }).notNull(),
    isType: smallint('is_type').notNull(),
    picimg: text('picimg').notNull().default(''),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    decision: varchar('decision', { length: 8 }).notNull(),
    reason: varchar('reason', { length: 32 }).notNull().default(''),
    fee: bigint('fee', { mode: 'number' }).notNull().default(0),
    entryId: integer('entry_id'),
    createdAt: createdAt(),
  },
  (t) => [
    companyKey(t),
    uniqueIndex('gate_events_event_uq').on(t.gateId, t.eventId, t.tenantId),
    index('gate_events_list_idx').on(t.tenantId, t.id),
    // an exit finds the plate's latest entry in the lot
    index('gate_events_plate_idx').on(t.lotId, t.plate, t.occurredAt),
    // whether an entry was already closed by an opened exit
    index('gate_events_entry_idx').on(t.entryId),
  ],
);
