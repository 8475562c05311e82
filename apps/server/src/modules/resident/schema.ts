import { index, integer, pgTable, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, companyRowId, companyKey } from '../../core/db/columns.ts';

/**
 * 短信记录: every text the product sent (login codes, one-time links), with the provider that took it. The sandbox
 * provider delivers nothing and this row is where the demo's codes are read; a real provider's login code is stored
 * masked, so no staff member can sign in as a resident.
 */
export const smsMessages = pgTable(
  'sms_messages',
  {
    id: id(),
    tenantId: integer('tenant_id'),
    phone: varchar('phone', { length: 20 }).notNull(),
    purpose: varchar('purpose', { length: 20 }).$type<'login' | 'link'>().notNull(),
    content: varchar('content', { length: 500 }).notNull(),
    provider: varchar('provider', { length: 20 }).notNull(),
    /** 1 发送成功, 2 发送失败 */
    status: smallint('status').notNull().default(1),
    error: varchar('error', { length: 255 }).notNull().default(''),
    bizId: varchar('biz_id', { length: 64 }).notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('sms_messages_tenant_idx').on(t.tenantId, t.createdAt),
    index('sms_messages_phone_idx').on(t.phone, t.createdAt),
  ],
);

/**
 * A login code sent to a phone: only its hash is kept. Valid 5 minutes and 5 tries; a newer code voids the older.
 * Rows are also the rate limits' memory (per phone, per address), so they hold across processes.
 */
export const residentLoginCodes = pgTable(
  'resident_login_codes',
  {
    id: id(),
    phone: varchar('phone', { length: 20 }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    tries: smallint('tries').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('resident_login_codes_phone_idx').on(t.phone, t.createdAt),
    index('resident_login_codes_ip_idx').on(t.ip, t.createdAt),
  ],
);

/**
 * A one-time link staff sent a resident for one action (answer this questionnaire, cast this vote, pay this bill):
 * it signs him in for that action only, until it expires.
 */
export const residentActionLinks = pgTable(
  'resident_action_links',
  {
    id: companyRowId(),
    tenantId: integer('tenant_id').notNull(),
    personId: integer('person_id').notNull(),
    action: varchar('action', { length: 20 }).$type<ResidentAction>().notNull(),
    targetId: integer('target_id').notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
  },
  (t) => [companyKey(t), uniqueIndex('resident_action_links_token_uq').on(t.tokenHash, t.tenantId)],
);

/** what a one-time link may do */
export type ResidentAction = 'questionnaire' | 'vote' | 'bill';

/**
 * A resident's session on the phone page: his phone within one company. A session from a one-time link carries its
 * action and target and may do nothing else. Only the token's hash is kept.
 */
export const residentSessions = pgTable(
  'resident_sessions',
  {
    id: companyRowId(),
    tenantId: integer('tenant_id').notNull(),
    phone: varchar('phone', { length: 20 }).notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    action: varchar('action', { length: 20 }).$type<ResidentAction>(),
    targetId: integer('target_id'),
    /** a link's session acts as the person the link was sent to */
    personId: integer('person_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [companyKey(t), uniqueIndex('resident_sessions_token_uq').on(t.tokenHash, t.tenantId)],
);
