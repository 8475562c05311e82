import { bigint, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { companyKey, companyRowId, createdAt, tenantId } from '../../core/db/columns.ts';

/**
 * 数据导出: a company's runs of the whole-data export. The job runner runs it; this row keeps who asked, the run's
 * job and, once done, the zip in the export store (removed when a newer run of the company completes).
 */
export const companyExports = pgTable(
  'company_exports',
  {
    id: companyRowId(),
    tenantId: tenantId().notNull(),
    userId: integer('user_id').notNull(),
    jobId: varchar('job_id', { length: 64 }).notNull().default(''),
    /** queued → running → completed | failed */
    state: varchar('state', { length: 16 }).notNull().default('queued'),
    fileKey: varchar('file_key', { length: 128 }).notNull().default(''),
    fileName: varchar('file_name', { length: 200 }).notNull().default(''),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    tables: integer('tables').notNull().default(0),
    rows: bigint('rows', { mode: 'number' }).notNull().default(0),
    error: text('error').notNull().default(''),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [companyKey(t), index('company_exports_tenant_idx').on(t.tenantId, t.id)],
);
