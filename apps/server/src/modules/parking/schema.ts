import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, companyRowId, companyKey, companyRef } from '../../core/db/columns.ts';

/**
 * 停车场: one car park of a village. Prices are in fen: hour_price per started hour after free_minutes,
 * day_cap the most one 24-hour period costs (0 = no cap). code is unique within a company; status 1 启用 / 2 停用.
 */
export const parkingLots = pgTable(
  'parking_lots',
  {
    id: companyRowId(),
    tenantId: integer('tenant_id').notNull(),
    villageId: integer('village_id').notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    code: varchar('code', { length: 32 }).notNull(),
    capacity: integer('capacity').notNull().default(0),
    lonlat: varchar('lonlat', { length: 64 }).notNull().default(''),
    address: varchar('address', { length: 255 }).notNull().default(''),
    freeMinutes: integer('free_minutes').notNull().default(15),
    hourPrice: bigint('hour_price', { mode: 'number' }).notNull().default(0),
    dayCap: bigint('day_cap', { mode: 'number' }).notNull().default(0),
    status: smallint('status').notNull().default(1),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    companyKey(t),
    index('parking_lots_tenant_idx').on(t.tenantId, t.villageId, t.id),
    uniqueIndex('parking_lots_code_uq').on(t.tenantId, t.code),
  ],
);

/**
 * 车道: a barrier lane of a lot with its camera. parkcode is the device's own code (unique within a company, it
 * names the device on every event); secret is the HMAC key the device signs its events with, made when the lane is
 * added. direction 1 入口 / 2 出口; status 1 启用 / 2 停用.
 */
export const parkingGates = pgTable(
  'parking_gates',
  {
    id: companyRowId(),
    tenantId: integer('tenant_id').notNull(),
    villageId: integer('village_id').notNull(),
    lotId: integer('lot_id').notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    parkcode: varchar('parkcode', { length: 64 }).notNull(),
    direction: smallint('direction').notNull().default(1),
    personName: varchar('person_name', { length: 50 }).notNull().default(''),
    phone: varchar('phone', { length: 20 }).notNull().default(''),
    lonlat: varchar('lonlat', { length: 64 }).notNull().default(''),
    internetUrl: varchar('internet_url', { length: 255 }).notNull().default(''),
    address: varchar('address', { length: 255 }).notNull().default(''),
    secret: varchar('secret', { length: 64 }).notNull(),
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    companyKey(t),
    companyRef('parking_gates_lot_fk', { column: t.lotId, tenantId: t.tenantId }, parkingLots).onDelete('cascade'),
    index('parking_gates_lot_idx').on(t.lotId, t.id),
    index('parking_gates_tenant_idx').on(t.tenantId, t.villageId, t.id),
    uniqueIndex('parking_gates_parkcode_uq').on(t.tenantId, t.parkcode),
    // an event names its lane by the device code alone (the signature then tells whose device it is)
    index('parking_gates_parkcode_idx').on(t.parkcode),
  ],
);

/**
 * 车位: space_no is unique within its lot. type 1 固定车位 (sold) / 2 租赁车位; status 1 空闲 / 2 已关联.
 * Fees in fen.
 */
export const parkingSpaces = pgTable(
  'parking_spaces',
  {
    id: companyRowId(),
    tenantId: integer('tenant_id').notNull(),
    villageId: integer('village_id').notNull(),
    lotId: integer('lot_id').notNull(),
    spaceNo: varchar('space_no', { length: 32 }).notNull(),
    type: smallint('type').notNull().default(1),
    status: smallint('status').notNull().default(1),
    monthlyFee: bigint('monthly_fee', { mode: 'number' }).notNull().default(0),
    cleaningFee: bigint('cleaning_fee', { mode: 'number' }).notNull().default(0),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    companyKey(t),
    companyRef('parking_spaces_lot_fk', { column: t.lotId, tenantId: t.tenantId }, parkingLots),
    uniqueIndex('parking_spaces_no_uq').on(t.lotId, t.spaceNo, t.tenantId),
    index('parking_spaces_tenant_idx').on(t.tenantId, t.villageId, t.id),
  ],
);

/**
 * 车辆: a resident's car. A plate is registered once per company while active (status 1 启用); a deactivated
 * row (2 停用) keeps its history and frees the plate.
 */
export const vehicles = pgTable(
  'vehicles',
  {
    id: companyRowId(),
    tenantId: integer('tenant_id').notNull(),
    villageId: integer('village_id').notNull(),
    plate: varchar('plate', { length: 8 }).notNull(),
    colour: varchar('colour', { length: 16 }).notNull().default(''),
    carType: smallint('car_type').notNull().default(1),
    // → gate_persons (id, tenant_id), cleared when the resident goes: ON DELETE SET NULL (person_id), written in SQL as
    // drizzle cannot clear one column of a composite reference
    personId: integer('person_id'),
    photos: text('photos').notNull().default(''),
    status: smallint('status').notNull().default(1),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    companyKey(t),
    uniqueIndex('vehicles_plate_active_uq')
      .on(t.tenantId, t.plate)
      .where(sql`status = 1`),
    index('vehicles_tenant_idx').on(t.tenantId, t.villageId, t.id),
    index('vehicles_person_idx').on(t.personId),
  ],
);
