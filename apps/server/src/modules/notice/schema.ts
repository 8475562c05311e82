import { index, integer, pgTable, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt, companyRowId, companyKey, companyRef } from '../../core/db/columns.ts';

/**
 * 平台公告: written by the platform, read by property companies. `audience` 1 = every company,
 * 2 = only the companies in `tenant_ids`. Flags are 1 on / 2 off as every flag of the product.
 */
export const platformNotices = pgTable(
  'platform_notices',
  {
    id: id(),
    title: varchar('title', { length: 100 }).notNull(),
    /** sanitised rich text (the engine cleans richText fields on save) */
    content: text('content').notNull().default(''),
    audience: smallint('audience').notNull().default(1),
    tenantIds: integer('tenant_ids').array().notNull().default([]),
    published: smallint('published').notNull().default(2),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    authorId: integer('author_id'),
    authorName: varchar('author_name', { length: 64 }).notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('platform_notices_published_idx').on(t.published, t.publishedAt)],
);

/** Who has read which announcement; one row per (notice, user), so marking read twice changes nothing. */
export const noticeReads = pgTable(
  'notice_reads',
  {
    id: id(),
    noticeId: integer('notice_id')
      .notNull()
      .references(() => platformNotices.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notice_reads_notice_user_uq').on(t.noticeId, t.userId),
    index('notice_reads_user_idx').on(t.userId),
  ],
);

/**
 * 异常告警 of a village: 1 face comparison, 2 overdue work order, 3 payment failure (later sources add
 * more). `original_content` is JSON text (for type 1: face_url, face_time, similarity, face_pic_url,
 * face_info_name). (source, source_id) is unique: raising the same event twice keeps one alert.
 * `user_ids` narrows who sees it; null = everyone of the tenant whose data scope covers the village.
 */
export const abnormalAlerts = pgTable(
  'abnormal_alerts',
  {
    id: companyRowId(),
    tenantId: integer('tenant_id').notNull(),
    villageId: integer('village_id').notNull(),
    type: smallint('type').notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    originalContent: text('original_content').notNull().default(''),
    source: varchar('source', { length: 32 }).notNull(),
    sourceId: varchar('source_id', { length: 64 }).notNull(),
    userIds: integer('user_ids').array(),
    handled: smallint('handled').notNull().default(2),
    handledBy: integer('handled_by'),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    companyKey(t),
    uniqueIndex('abnormal_alerts_source_uq').on(t.source, t.sourceId, t.tenantId),
    index('abnormal_alerts_tenant_idx').on(t.tenantId, t.villageId, t.createdAt),
  ],
);

/** A user has seen (opened) an alert: it leaves his unread list and the dialog does not pop again. */
export const abnormalReads = pgTable(
  'abnormal_reads',
  {
    id: companyRowId(),
    tenantId: integer('tenant_id').notNull(),
    alertId: integer('alert_id').notNull(),
    userId: integer('user_id').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    companyKey(t),
    companyRef('abnormal_reads_alert_fk', { column: t.alertId, tenantId: t.tenantId }, abnormalAlerts).onDelete(
      'cascade',
    ),
    uniqueIndex('abnormal_reads_alert_user_uq').on(t.alertId, t.userId, t.tenantId),
    index('abnormal_reads_user_idx').on(t.userId),
  ],
);

/**
 * Alert types: 1 face comparison, 2 overdue work order, 3 payment failure, 4 missed patrol, 5 care (a cared-for
 * resident unseen); 6–10 are what AI cameras detect (an elderly person falling, a car blocking the road, exposed
 * garbage, an intrusion, an object thrown from height), raised by whatever camera integration is connected.
 */
export const AlertType = {
  face: 1,
  overdueOrder: 2,
  paymentFailed: 3,
  patrolMissed: 4,
  care: 5,
  fall: 6,
  roadParking: 7,
  garbageExposure: 8,
  intrusion: 9,
  thrownObject: 10,
} as const;
