import { index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, updatedAt, companyRowId, companyKey, companyRef } from '../../core/db/columns.ts';
import { accessDevices } from './schema.ts';

/**
 * 人脸采集同意: a face photo is kept only on a row that records the consent it rests on — who consented
 * (consented_by: the person or his guardian), when, for what purpose, and which staff user recorded it. person_kind 1
 * 住户 (gate_persons.id), 2 员工 (workers.id). Withdrawing stamps withdrawn_at and empties face_img on the same row, so
 * the record of the consent and its withdrawal stays while the face is gone; one live consent per person.
 */
export const accessFaceConsents = pgTable(
  'access_face_consents',
  {
    id: companyRowId(),
    tenantId: integer('tenant_id').notNull(),
    villageId: integer('village_id').notNull(),
    personKind: smallint('person_kind').notNull().default(1),
    personId: integer('person_id').notNull(),
    faceImg: text('face_img').notNull().default(''),
    purpose: varchar('purpose', { length: 100 }).notNull(),
    consentedBy: varchar('consented_by', { length: 32 }).notNull(),
    consentedAt: timestamp('consented_at', { withTimezone: true }).notNull(),
    recordedBy: integer('recorded_by').notNull(),
    recordedByName: varchar('recorded_by_name', { length: 64 }).notNull().default(''),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    withdrawnBy: integer('withdrawn_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // person first: the door lists look a person's consent up by his id, and a planner without statistics (PGlite)
  // took a tenant-led index and scanned the company's consents per person
  (t) => [
    companyKey(t),
    uniqueIndex('access_face_consents_live_uq')
      .on(t.personId, t.personKind, t.tenantId)
      .where(sql`${t.withdrawnAt} is null`),
  ],
);

/**
 * A person's way through a door without a face: qr_version makes his dynamic QR codes (reissuing bumps it, so every
 * code issued before stops opening); barred_at bars him from every door (禁止通行) until cleared; card_no is a staff
 * member's door card (a resident's card is on his own row, gate_persons.gate_card_id).
 */
export const accessPersonPasses = pgTable(
  'access_person_passes',
  {
    id: companyRowId(),
    tenantId: integer('tenant_id').notNull(),
    personKind: smallint('person_kind').notNull().default(1),
    personId: integer('person_id').notNull(),
    qrVersion: integer('qr_version').notNull().default(1),
    barredAt: timestamp('barred_at', { withTimezone: true }),
    cardNo: varchar('card_no', { length: 50 }).notNull().default(''),
    updatedAt: updatedAt(),
  },
  (t) => [
    companyKey(t),
    uniqueIndex('access_person_passes_uq').on(t.personId, t.personKind, t.tenantId),
    // a card read at a door finds its holder by number
    index('access_person_passes_card_idx')
      .on(t.tenantId, t.cardNo)
      .where(sql`${t.cardNo} <> ''`),
  ],
);

/**
 * A list change for one device: 推送差异 (source diff: the difference as computed at the click) or a page of 刷新人脸
 * (source refresh, page n: that page of the expected list). The job runner (job_id) readies it for the device
 * (queued → sent); the device fetches it with its signed commands call (delivered) and reports what it did
 * (done, or failed with the faces it could not take); counts applied and a message for the console.
 */
/** queued (job pending) → sent (waiting for the device) → delivered (fetched) → done / failed */
export type FaceSyncState = 'queued' | 'sent' | 'delivered' | 'done' | 'failed';

export const accessFaceSyncs = pgTable(
  'access_face_syncs',
  {
    id: companyRowId(),
    tenantId: integer('tenant_id').notNull(),
    deviceId: integer('device_id').notNull(),
    jobId: varchar('job_id', { length: 64 }).notNull().default(''),
    state: varchar('state', { length: 10 }).$type<FaceSyncState>().notNull().default('queued'),
    source: varchar('source', { length: 10 }).$type<'diff' | 'refresh'>().notNull().default('diff'),
    page: integer('page').notNull().default(0),
    addFaces: jsonb('add_faces').$type<string[]>().notNull().default([]),
    removeFaces: jsonb('remove_faces').$type<string[]>().notNull().default([]),
    added: integer('added').notNull().default(0),
    removed: integer('removed').notNull().default(0),
    message: varchar('message', { length: 255 }).notNull().default(''),
    requestedBy: integer('requested_by').notNull(),
    createdAt: createdAt(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    companyKey(t),
    companyRef('access_face_syncs_device_fk', { column: t.deviceId, tenantId: t.tenantId }, accessDevices).onDelete(
      'cascade',
    ),
    index('access_face_syncs_device_idx').on(t.tenantId, t.deviceId, t.id),
  ],
);
