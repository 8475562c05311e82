import { date, index, integer, numeric, pgTable, smallint, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt, companyRowId, companyKey } from '../../core/db/columns.ts';

/** 运营商: resells the product to property companies. */
export const operators = pgTable('operators', {
  id: id(),
  name: varchar('name', { length: 100 }).notNull(),
  contact: varchar('contact', { length: 50 }).notNull().default(''),
  phone: varchar('phone', { length: 20 }).notNull().default(''),
  regionCode: varchar('region_code', { length: 12 }).notNull().default(''),
  /** every region the operator serves (region_code is the first); its tenants' villages lie in them */
  regionCodes: varchar('region_codes', { length: 12 }).array().notNull().default([]),
  status: smallint('status').notNull().default(1),
  /** contract period: start_date … expire_date */
  startDate: date('start_date'),
  expireDate: date('expire_date'),
  /** the operator's share of its tenants' renewal payments, percent with two decimals */
  sharePercent: numeric('share_percent', { precision: 5, scale: 2 }).notNull().default('0'),
  /** service plan: the services (services.id) the operator may sell; empty = every service */
  serviceIds: integer('service_ids').array().notNull().default([]),
  remark: text('remark').notNull().default(''),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** 物业公司 (tenant). */
export const tenants = pgTable(
  'tenants',
  {
    id: id(),
    operatorId: integer('operator_id').references(() => operators.id),
    name: varchar('name', { length: 100 }).notNull(),
    contact: varchar('contact', { length: 50 }).notNull().default(''),
    phone: varchar('phone', { length: 20 }).notNull().default(''),
    status: smallint('status').notNull().default(1),
    /** the platform subscription: start_date … service_expire (null expiry = 长期) */
    startDate: date('start_date'),
    serviceExpire: date('service_expire'),
    remark: text('remark').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('tenants_operator_idx').on(t.operatorId)],
);

/** 小区 (estate): the root of buildings, houses and residents (modules/estate). */
export const villages = pgTable(
  'villages',
  {
    id: companyRowId(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    name: varchar('name', { length: 100 }).notNull(),
    regionCode: varchar('region_code', { length: 12 }).notNull().default(''),
    address: varchar('address', { length: 255 }).notNull().default(''),
    lonlat: varchar('lonlat', { length: 64 }).notNull().default(''),
    /** hot area: 'lon,lat;lon,lat;…--centre--fill colour--border colour', as the map tool writes it */
    geom: text('geom').notNull().default(''),
    imgs: text('imgs').notNull().default(''),
    introduction: text('introduction').notNull().default(''),
    servicePhone: varchar('service_phone', { length: 20 }).notNull().default(''),
    /** m², two decimals */
    floorArea: numeric('floor_area', { precision: 12, scale: 2 }),
    /** switches are 1 on / 2 off, as every flag of the product */
    fVisitorRegistration: smallint('f_visitor_registration').notNull().default(1),
    closed: smallint('closed').notNull().default(2),
    status: smallint('status').notNull().default(1),
    remark: text('remark').notNull().default(''),
    /** the village's own service end; null = the company's (tenants.service_expire) */
    expireDate: date('expire_date'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [companyKey(t), index('villages_tenant_idx').on(t.tenantId, t.id)],
);
