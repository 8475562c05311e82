import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, companyRowId, companyKey, companyRef } from '../../core/db/columns.ts';
import { roles } from '../rbac/schema.ts';
import { villages } from '../tenancy/schema.ts';

/** 楼栋. Unit names are a comma list ('1单元,2单元'); the house generator reads them. */
export const buildings = pgTable(
  'buildings',
  {
    id: companyRowId(),
    tenantId: integer('tenant_id').notNull(),
    villageId: integer('village_id').notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    units: integer('units').notNull().default(1),
    unitNames: varchar('unit_names', { length: 500 }).notNull().default(''),
    floors: integer('floors').notNull().default(1),
    roomsPerFloor: integer('rooms_per_floor').notNull().default(1),
    img: text('img').notNull().default(''),
    bdpImg: text('bdp_img').notNull().default(''),
    bdper: varchar('bdper', { length: 32 }).notNull().default(''),
    lonlat: varchar('lonlat', { length: 64 }).notNull().default(''),
    sort: integer('sort').notNull().default(0),
    remark: text('remark').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    companyKey(t),
    companyRef('buildings_village_fk', { column: t.villageId, tenantId: t.tenantId }, villages),
    index('buildings_tenant_idx').on(t.tenantId, t.id),
    index('buildings_village_idx').on(t.villageId, t.id),
    uniqueIndex('buildings_village_name_uq').on(t.villageId, t.name, t.tenantId),
  ],
);

/** 房屋. balance is the prepaid balance in fen (written by the fees module). */
export const houses = pgTable(
  'houses',
  {
    id: companyRowId(),
    tenantId: integer('tenant_id').notNull(),
    villageId: integer('village_id').notNull(),
    buildingId: integer('building_id').notNull(),
    unitName: varchar('unit_name', { length: 20 }).notNull(),
    floor: integer('floor').notNull().default(1),
    name: varchar('name', { length: 20 }).notNull(),
    /** m², two decimals */
    area: numeric('area', { precision: 10, scale: 2 }),
    houseType: smallint('house_type').notNull().default(1),
    houseState: smallint('house_state').notNull().default(3),
    useType: smallint('use_type').notNull().default(1),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    remark: text('remark').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    companyKey(t),
    companyRef('houses_village_fk', { column: t.villageId, tenantId: t.tenantId }, villages),
    companyRef('houses_building_fk', { column: t.buildingId, tenantId: t.tenantId }, buildings),
    index('houses_tenant_idx').on(t.tenantId, t.id),
    index('houses_village_idx').on(t.villageId, t.id),
    uniqueIndex('houses_building_unit_name_uq').on(t.buildingId, t.unitName, t.name, t.tenantId),
    // the house list's order (building, unit, floor, room): a page is read in index order, not sorted
    index('houses_tenant_order_idx').on(t.tenantId, t.buildingId, t.unitName, t.floor, t.name, t.id),
  ],
);

/** 住户 (Resident); village and building follow the house on every save. */
export const gatePersons = pgTable(
  'gate_persons',
  {
    id: companyRowId(),
    tenantId: integer('tenant_id').notNull(),
    villageId: integer('village_id').notNull(),
    buildingId: integer('building_id').notNull(),
    houseId: integer('house_id').notNull(),
    name: varchar('name', { length: 32 }).notNull(),
    personnelType: smallint('personnel_type').notNull().default(1),
    cardType: smallint('card_type').notNull().default(1),
    idcard: varchar('idcard', { length: 18 }).notNull().default(''),
    sex: smallint('sex').notNull().default(1),
    tel: varchar('tel', { length: 20 }).notNull().default(''),
    relationship: smallint('relationship').notNull().default(1),
    /** review: 0 待审核, 1 已通过, 2 已驳回 */
    status: smallint('status').notNull().default(0),
    householdIdentity: smallint('household_identity').notNull().default(1),
    isHuzhu: smallint('is_huzhu').notNull().default(2),
    isLivein: smallint('is_livein').notNull().default(1),
    address: varchar('address', { length: 255 }).notNull().default(''),
    dianbiaoNum: varchar('dianbiao_num', { length: 50 }).notNull().default(''),
    imgs: text('imgs').notNull().default(''),
    gateCardId: varchar('gate_card_id', { length: 50 }).notNull().default(''),
    /** resident tags, comma-joined dictionary values (person_tag) */
    tags: varchar('tags', { length: 255 }).notNull().default(''),
    remark: text('remark').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    companyKey(t),
    companyRef('gate_persons_village_fk', { column: t.villageId, tenantId: t.tenantId }, villages),
    companyRef('gate_persons_building_fk', { column: t.buildingId, tenantId: t.tenantId }, buildings),
    companyRef('gate_persons_house_fk', { column: t.houseId, tenantId: t.tenantId }, houses),
    index('gate_persons_tenant_idx').on(t.tenantId, t.id),
    index('gate_persons_village_idx').on(t.villageId, t.id),
    // the resident tabs (owner / tenant / family) of a large tenant: counted and paged by this
    index('gate_persons_tenant_type_idx').on(t.tenantId, t.personnelType, t.id),
    index('gate_persons_house_idx').on(t.houseId),
    index('gate_persons_building_idx').on(t.buildingId),
    // a resident signing in on the phone page is found by his phone number
    index('gate_persons_tel_idx')
      .on(t.tel)
      .where(sql`${t.tel} <> ''`),
    uniqueIndex('gate_persons_house_idcard_uq')
      .on(t.houseId, t.idcard, t.tenantId)
      .where(sql`${t.idcard} <> ''`),
  ],
);

/** 员工 (Worker). */
export const workers = pgTable(
  'workers',
  {
    id: companyRowId(),
    tenantId: integer('tenant_id').notNull(),
    villageId: integer('village_id').notNull(),
    name: varchar('name', { length: 32 }).notNull(),
    tenantRoleId: integer('tenant_role_id').references(() => roles.id, { onDelete: 'set null' }),
    sectionName: varchar('section_name', { length: 50 }).notNull().default(''),
    phone: varchar('phone', { length: 20 }).notNull().default(''),
    img: text('img').notNull().default(''),
    status: smallint('status').notNull().default(1),
    remark: text('remark').notNull().default(''),
    /** the login user who works the repair orders dispatched to this worker */
    userId: integer('user_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    companyKey(t),
    companyRef('workers_village_fk', { column: t.villageId, tenantId: t.tenantId }, villages),
    index('workers_tenant_idx').on(t.tenantId, t.id),
    index('workers_village_idx').on(t.villageId, t.id),
    index('workers_user_idx').on(t.userId),
  ],
);

/**
 * 通行记录: who passed which access device, as the devices report it (the access module writes it; the village view
 * reads it). jctype 1 进 / 2 出; open_type 1 人脸 / 2 刷卡 / 3 二维码 / 4 人员编号. created_at is when the person
 * passed (the device's capture time). person_id is the resident the device recognised (null: 陌生人); credential the
 * card number, face id or QR code it read; similarity a face match in percent. (device_id, event_id) keeps a resent
 * event to one row.
 */
export const accessRecords = pgTable(
  'access_records',
  {
    id: companyRowId(),
    tenantId: integer('tenant_id').notNull(),
    villageId: integer('village_id').notNull(),
    deviceId: integer('device_id'),
    eventId: varchar('event_id', { length: 64 }),
    personId: integer('person_id'),
    personName: varchar('person_name', { length: 32 }).notNull().default(''),
    sex: smallint('sex').notNull().default(1),
    img: text('img').notNull().default(''),
    jctype: smallint('jctype').notNull().default(1),
    openType: smallint('open_type').notNull().default(1),
    credential: varchar('credential', { length: 255 }).notNull().default(''),
    door: smallint('door').notNull().default(1),
    similarity: numeric('similarity', { precision: 5, scale: 2 }),
    createdAt: createdAt(),
  },
  (t) => [
    companyKey(t),
    index('access_records_village_idx').on(t.villageId, t.createdAt),
    index('access_records_tenant_idx').on(t.tenantId, t.createdAt, t.id),
    uniqueIndex('access_records_event_uq').on(t.tenantId, t.deviceId, t.eventId),
  ],
);

/** Who saw whose unmasked ID card / phone, and when (one row per resident per view). */
export const sensitiveViews = pgTable(
  'sensitive_views',
  {
    id: companyRowId(),
    tenantId: integer('tenant_id').notNull(),
    userId: integer('user_id').notNull(),
    personId: integer('person_id').notNull(),
    fields: varchar('fields', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    companyKey(t),
    index('sensitive_views_person_idx').on(t.tenantId, t.personId),
    index('sensitive_views_user_idx').on(t.tenantId, t.userId, t.createdAt),
  ],
);
