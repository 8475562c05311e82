import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, companyRowId, companyKey, companyRef } from '../../core/db/columns.ts';

/**
 * 门禁设备: a door controller (device_type 1) or a face terminal (2) of a village, at its gate or a building's unit
 * door. gateno is the device's own code (unique within a company; it names the device on every call); secret is
 * the HMAC key the device signs its calls with, made when the device is added, shown once and kept encrypted
 * (system's config secret key). direction 1 进 / 2 出; status 1 启用 / 2 停用. last_heartbeat is the last time the
 * device called; whether it is online is computed from it when read.
 */
export const accessDevices = pgTable(
  'access_devices',
  {
    id: companyRowId(),
    tenantId: integer('tenant_id').notNull(),
    villageId: integer('village_id').notNull(),
    buildingId: integer('building_id'),
    unitName: varchar('unit_name', { length: 20 }).notNull().default(''),
    name: varchar('name', { length: 50 }).notNull(),
    deviceType: smallint('device_type').notNull().default(1),
    gateno: varchar('gateno', { length: 64 }).notNull(),
    model: varchar('model', { length: 50 }).notNull().default(''),
    serialNo: varchar('serial_no', { length: 64 }).notNull().default(''),
    direction: smallint('direction').notNull().default(1),
    path: varchar('path', { length: 255 }).notNull().default(''),
    worker: varchar('worker', { length: 50 }).notNull().default(''),
    workerphone: varchar('workerphone', { length: 20 }).notNull().default(''),
    jsonparam: text('jsonparam').notNull().default(''),
    secret: text('secret').notNull(),
    status: smallint('status').notNull().default(1),
    lastHeartbeat: timestamp('last_heartbeat', { withTimezone: true }),
    /** when the device last reported the faces it holds (null: never) */
    facesReportedAt: timestamp('faces_reported_at', { withTimezone: true }),
    /** what the last heartbeat said about itself (firmware, address …) */
    heartbeatInfo: jsonb('heartbeat_info').notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    companyKey(t),
    index('access_devices_tenant_idx').on(t.tenantId, t.villageId, t.id),
    uniqueIndex('access_devices_gateno_uq').on(t.tenantId, t.gateno),
    // a call names its device by the code alone (the signature then tells whose device it is)
    index('access_devices_gateno_idx').on(t.gateno),
  ],
);

/**
 * The face ids a device says it holds, as of its last report (reported_at). A report replaces the device's set; the
 * reconciliation against who may open the door reads it.
 */
export const accessDeviceFaces = pgTable(
  'access_device_faces',
  {
    tenantId: integer('tenant_id').notNull(),
    deviceId: integer('device_id').notNull(),
    faceId: varchar('face_id', { length: 64 }).notNull(),
    reportedAt: timestamp('reported_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    companyRef('access_device_faces_device_fk', { column: t.deviceId, tenantId: t.tenantId }, accessDevices).onDelete(
      'cascade',
    ),
    primaryKey({ columns: [t.tenantId, t.deviceId, t.faceId] }),
  ],
);
