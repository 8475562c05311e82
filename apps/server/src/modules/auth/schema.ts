import {
  boolean,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { createdAt, id, operatorId, tenantId, updatedAt } from '../../core/db/columns.ts';

/** Every person who logs in: platform admins (sys), operator users, tenant staff (web). */
export const users = pgTable(
  'users',
  {
    id: id(),
    kind: varchar('kind', { length: 10 }).$type<'sys' | 'operator' | 'web'>().notNull(),
    tenantId: tenantId(),
    operatorId: operatorId(),
    userName: varchar('user_name', { length: 64 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    isSuper: boolean('is_super').notNull().default(false),
    /** a password someone else set (onboarding): every call but the user's own settings is refused until changed */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    status: smallint('status').notNull().default(1),
    theme: varchar('theme', { length: 32 }).notNull().default('default'),
    phone: varchar('phone', { length: 20 }).notNull().default(''),
    email: varchar('email', { length: 100 }).notNull().default(''),
    deptId: integer('dept_id'),
    postId: integer('post_id'),
    indexModule: text('index_module').notNull().default(''),
    remark: text('remark').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_kind_name_uq').on(t.kind, t.userName), index('users_tenant_idx').on(t.tenantId, t.id)],
);

/** Opaque bearer tokens, stored only as SHA-256 hashes. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: id(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'api' for the bearer token, 'url' for the token put in file URLs (cannot call the API) */
    scope: varchar('scope', { length: 8 }).$type<'api' | 'url'>().notNull().default('api'),
    /** a url token's api token of the same login, so ending that session ends both */
    sessionId: integer('session_id').references((): AnyPgColumn => authTokens.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('auth_tokens_hash_uq').on(t.tokenHash),
    index('auth_tokens_user_idx').on(t.userId),
    index('auth_tokens_session_idx').on(t.sessionId),
  ],
);

/**
 * Failed logins (and wrong old passwords, kind 'password') per user name and address: past a few, a login from that
 * name or address needs a captcha (never a lock: the right password with a captcha always gets in).
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: id(),
    kind: varchar('kind', { length: 10 }).notNull(),
    userName: varchar('user_name', { length: 64 }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('login_failures_user_idx').on(t.userName, t.createdAt),
    index('login_failures_ip_idx').on(t.ip, t.createdAt),
  ],
);

/** form_id of every login attempt, so a captured payload cannot be replayed. */
export const loginForms = pgTable('login_forms', {
  formId: varchar('form_id', { length: 64 }).primaryKey(),
  createdAt: createdAt(),
});

/** Login captchas: the id is the login's `randstr`, the answer its `ticket`; spent on the first try. */
export const loginCaptchas = pgTable('login_captchas', {
  id: varchar('id', { length: 64 }).primaryKey(),
  answer: varchar('answer', { length: 8 }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});
