import { bigint, date, index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, companyRowId, companyKey, companyRef } from '../../core/db/columns.ts';

/** 广告位: a place in a village that carries an advertisement, let by the month (price in fen per month). */
export const advertSlots = pgTable(
  'advert_slots',
  {
    id: companyRowId(),
    tenantId: integer('tenant_id').notNull(),
    villageId: integer('village_id').notNull(),
    categoryId: integer('category_id'),
    name: varchar('name', { length: 50 }).notNull(),
    place: varchar('place', { length: 100 }).notNull().default(''),
    size: varchar('size', { length: 50 }).notNull().default(''),
    price: bigint('price', { mode: 'number' }).notNull(),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [companyKey(t), index('advert_slots_tenant_idx').on(t.tenantId, t.villageId, t.id)],
);

/**
 * 广告订单: an advertiser's booking of a slot for whole months from start_date to end_date. Its fee is one bill on
 * the house it is billed to (the advertiser's shop or flat in the village), collected like any other bill; paid_at
 * is stamped when that bill is paid.
 */
export const advertBookings = pgTable(
  'advert_bookings',
  {
    id: companyRowId(),
    tenantId: integer('tenant_id').notNull(),
    villageId: integer('village_id').notNull(),
    slotId: integer('slot_id').notNull(),
    advertiser: varchar('advertiser', { length: 50 }).notNull(),
    contact: varchar('contact', { length: 32 }).notNull().default(''),
    phone: varchar('phone', { length: 20 }).notNull().default(''),
    houseId: integer('house_id').notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    months: integer('months').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    billId: integer('bill_id'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    companyKey(t),
    companyRef('advert_bookings_slot_fk', { column: t.slotId, tenantId: t.tenantId }, advertSlots),
    index('advert_bookings_slot_idx').on(t.slotId, t.endDate),
    index('advert_bookings_tenant_idx').on(t.tenantId, t.villageId, t.id),
    index('advert_bookings_bill_idx').on(t.billId),
  ],
);
