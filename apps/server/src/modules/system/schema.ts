import { index, integer, jsonb, pgTable, primaryKey, smallint, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, operatorId, tenantId, updatedAt } from '../../core/db/columns.ts';

export const depts = pgTable(
  'depts',
  {
    id: id(),
    tenantId: tenantId(),
    operatorId: operatorId(),
    parentId: integer('parent_id').notNull().default(0),
    name: varchar('name', { length: 64 }).notNull(),
    leader: varchar('leader', { length: 32 }).notNull().default(''),
    phone: varchar('phone', { length: 20 }).notNull().default(''),
    sort: integer('sort').notNull().default(0),
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('depts_tenant_idx').on(t.tenantId, t.id)],
);

export const posts = pgTable(
  'posts',
  {
    id: id(),
    tenantId: tenantId(),
    operatorId: operatorId(),
    name: varchar('name', { length: 64 }).notNull(),
    code: varchar('code', { length: 64 }).notNull().default(''),
    sort: integer('sort').notNull().default(0),
    status: smallint('status').notNull().default(1),
    remark: text('remark').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('posts_tenant_idx').on(t.tenantId, t.id)],
);

/** Dictionaries: platform rows (tenant_id null) are shared, tenant rows are private. */
export const dicts = pgTable(
  'dicts',
  {
    id: id(),
    tenantId: tenantId(),
    operatorId: operatorId(),
    dictName: varchar('dict_name', { length: 64 }).notNull(),
    dictType: varchar('dict_type', { length: 64 }).notNull(),
    status: smallint('status').notNull().default(1),
    remark: text('remark').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('dicts_type_idx').on(t.dictType)],
);

export const dictData = pgTable(
  'dict_data',
  {
    id: id(),
    tenantId: tenantId(),
    operatorId: operatorId(),
    dictType: varchar('dict_type', { length: 64 }).notNull(),
    dictLabel: varchar('dict_label', { length: 100 }).notNull(),
    dictValue: varchar('dict_value', { length: 100 }).notNull(),
    dictNumber: integer('dict_number').notNull().default(0),
    status: smallint('status').notNull().default(1),
    remark: text('remark').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('dict_data_type_idx').on(t.dictType, t.dictNumber)],
);

/** type 0 = system defaults (find_all default), others grouped by the screen that edits them. */
export const configs = pgTable(
  'configs',
  {
    id: id(),
    tenantId: tenantId(),
    operatorId: operatorId(),
    name: varchar('name', { length: 64 }).notNull(),
    configKey: varchar('config_key', { length: 100 }).notNull(),
    configValue: text('config_value').notNull().default(''),
    type: smallint('type').notNull().default(0),
    remark: text('remark').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('configs_key_idx').on(t.configKey)],
);

/**
 * 操作日志: every write through the screens, recorded in the write's own transaction (a rolled-back write leaves no
 * entry). `before` / `after` hold the changed columns only, personal and secret values masked.
 */
/**
 * The audit trail, partitioned by month on created_at (the key is in the primary key, as PostgreSQL requires): the
 * `audit-partitions` job makes each month's partition ahead of time and drops the months past the retention.
 */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: integer('id').notNull().generatedAlwaysAsIdentity(),
    tenantId: tenantId(),
    operatorId: operatorId(),
    userId: integer('user_id').notNull(),
    userName: varchar('user_name', { length: 64 }).notNull().default(''),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    /** the screen's name (its permission prefix) and title */
    screen: varchar('screen', { length: 64 }).notNull(),
    screenTitle: varchar('screen_title', { length: 64 }).notNull().default(''),
    action: varchar('action', { length: 16 }).notNull(),
    recordId: integer('record_id'),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.createdAt] }),
    index('audit_logs_tenant_time_idx').on(t.tenantId, t.createdAt),
    index('audit_logs_record_idx').on(t.screen, t.recordId),
  ],
);
