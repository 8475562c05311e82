import { boolean, index, integer, pgTable, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, companyRowId, companyKey } from '../../core/db/columns.ts';

/**
 * A company's receipt layout: 'a4' one per sheet, 'half' two per A4 sheet, 'continuous' 241 mm continuous paper
 * (dot-matrix printers); its own title line and the texts above and below the lines.
 */
export const receiptSettings = pgTable('receipt_settings', {
  tenantId: integer('tenant_id').primaryKey(),
  layout: varchar('layout', { length: 16 }).notNull().default('a4'),
  title: varchar('title', { length: 50 }).notNull().default(''),
  header: varchar('header', { length: 200 }).notNull().default(''),
  footer: varchar('footer', { length: 200 }).notNull().default(''),
  updatedAt: updatedAt(),
});

/**
 * 收据: one per collection (a payment; a paid bill without one, from before payments were kept, is its own), numbered
 * the first time it is printed: seq runs 1, 2, 3 … per company without gaps, `no` is what the paper shows.
 */
export const receipts = pgTable(
  'receipts',
  {
    id: companyRowId(),
    tenantId: integer('tenant_id').notNull(),
    villageId: integer('village_id').notNull(),
    /** 'p<payment id>' or 'b<bill id>' */
    source: varchar('source', { length: 24 }).notNull(),
    seq: integer('seq').notNull(),
    no: varchar('no', { length: 32 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    companyKey(t),
    uniqueIndex('receipts_tenant_seq_uq').on(t.tenantId, t.seq),
    uniqueIndex('receipts_tenant_source_uq').on(t.tenantId, t.source),
  ],
);

/** Every print of a receipt (a later one is 补打) or of a payment notice (kind 2, no receipt). */
export const receiptPrints = pgTable(
  'receipt_prints',
  {
    id: companyRowId(),
    tenantId: integer('tenant_id').notNull(),
    receiptId: integer('receipt_id'),
    /** 1 收据, 2 缴费通知单 */
    kind: smallint('kind').notNull(),
    billIds: integer('bill_ids').array().notNull(),
    reprint: boolean('reprint').notNull().default(false),
    userId: integer('user_id'),
    userName: varchar('user_name', { length: 50 }).notNull().default(''),
    printedAt: timestamp('printed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    companyKey(t),
    index('receipt_prints_receipt_idx').on(t.receiptId),
    index('receipt_prints_tenant_idx').on(t.tenantId, t.id),
  ],
);
