import { index, integer, pgTable, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, companyRowId, companyKey } from '../../core/db/columns.ts';

/**
 * 视频监控: a camera of a village. stream_url is the HLS playlist the wall plays (an http(s) URL ending .m3u8 from
 * the customer's NVR or media gateway, or this server's demo stream); area groups the cameras in the wall's tree
 * (东门, 地下车库 …). state 1 启用 / 0 停用 (a disabled camera is not on the wall). The number is unique in a company.
 */
export const videoCameras = pgTable(
  'video_cameras',
  {
    id: companyRowId(),
    tenantId: integer('tenant_id').notNull(),
    villageId: integer('village_id').notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    cameraNo: varchar('camera_no', { length: 32 }).notNull(),
    area: varchar('area', { length: 50 }).notNull().default(''),
    location: varchar('location', { length: 255 }).notNull().default(''),
    streamUrl: varchar('stream_url', { length: 500 }).notNull(),
    state: smallint('state').notNull().default(1),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    companyKey(t),
    index('video_cameras_tenant_idx').on(t.tenantId, t.villageId, t.id),
    uniqueIndex('video_cameras_no_uq').on(t.tenantId, t.cameraNo),
  ],
);

/**
 * A link that opens the company's video wall without a login (/openmonitor?param=<token>), for the villages it
 * names, until it expires or is revoked. Only the token's SHA-256 is kept: the link is shown once, when made, and
 * a copy of the database opens no wall.
 */
export const videoShares = pgTable(
  'video_shares',
  {
    id: companyRowId(),
    tenantId: integer('tenant_id').notNull(),
    title: varchar('title', { length: 50 }).notNull(),
    villageIds: integer('village_ids').array().notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    companyKey(t),
    uniqueIndex('video_shares_token_uq').on(t.tokenHash, t.tenantId),
    index('video_shares_tenant_idx').on(t.tenantId, t.id),
  ],
);
