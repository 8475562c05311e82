import { index, integer, pgTable, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, companyRowId, companyKey } from '../../core/db/columns.ts';

/**
 * A village's visitor QR code (/visitor_reg?type=1&id=<token>). The token is the code's id and expiry signed with the
 * server's key, so it is made again from this row whenever staff show the code, and nothing secret is stored: it
 * stops working when it expires or is revoked (revoked_at), whatever copies were printed.
 */
export const visitorQrcodes = pgTable(
  'visitor_qrcodes',
  {
    id: companyRowId(),
    tenantId: integer('tenant_id').notNull(),
    villageId: integer('village_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
  },
  (t) => [companyKey(t), index('visitor_qrcodes_village_idx').on(t.tenantId, t.villageId, t.id)],
);

/**
 * 访客记录: a visitor who registered by a village's code. status 0 待审核 / 1 已通过 / 2 已拒绝; an approved visitor
 * may pass the village's doors between pass_start and pass_end (after it, the list says 已过期).
 * fklxidx is the visitor type 1–6.
 */
export const visitors = pgTable(
  'visitors',
  {
    id: companyRowId(),
    tenantId: integer('tenant_id').notNull(),
    villageId: integer('village_id').notNull(),
    qrcodeId: integer('qrcode_id'),
    name: varchar('name', { length: 50 }).notNull(),
    phone: varchar('phone', { length: 20 }).notNull(),
    fklxidx: smallint('fklxidx').notNull(),
    avatar: varchar('avatar', { length: 255 }).notNull(),
    status: smallint('status').notNull().default(0),
    passStart: timestamp('pass_start', { withTimezone: true }),
    passEnd: timestamp('pass_end', { withTimezone: true }),
    reason: varchar('reason', { length: 200 }).notNull().default(''),
    reviewedBy: integer('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    companyKey(t),
    index('visitors_tenant_idx').on(t.tenantId, t.villageId, t.id),
    index('visitors_created_idx').on(t.tenantId, t.createdAt),
    // the doors ask for the passes valid now: approved ones by their end
    index('visitors_pass_idx').on(t.tenantId, t.villageId, t.status, t.passEnd),
  ],
);
