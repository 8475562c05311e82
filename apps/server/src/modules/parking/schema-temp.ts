import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, updatedAt, companyRowId, companyKey } from '../../core/db/columns.ts';

/**
 * 临时停车缴费: a driver pays the temporary fee of one stay (entry_id, the entry gate event) from his phone before
 * leaving. amount in fen is what was owed when the order was placed; state follows the provider (NOTPAY → SUCCESS,
 * or CLOSED when the order could not be placed); paid_at is when the provider says it was paid. The exit lane reads
 * the paid orders of the entry it matched: paid within the grace, and enough for the stay as it stood then, the barrier opens.
 */
export const parkingTempOrders = pgTable(
  'parking_temp_orders',
  {
    id: companyRowId(),
    tenantId: integer('tenant_id').notNull(),
    villageId: integer('village_id').notNull(),
    lotId: integer('lot_id').notNull(),
    entryId: integer('entry_id').notNull(),
    plate: varchar('plate', { length: 16 }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    outTradeNo: varchar('out_trade_no', { length: 32 }).notNull(),
    state: varchar('state', { length: 16 }).notNull().default('NOTPAY'),
    provider: varchar('provider', { length: 16 }).notNull().default('pending'),
    codeUrl: text('code_url').notNull().default(''),
    transactionId: varchar('transaction_id', { length: 64 }).notNull().default(''),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    companyKey(t),
    uniqueIndex('parking_temp_orders_trade_uq').on(t.tenantId, t.outTradeNo),
    // the exit lane's question: what was paid for this entry, and when last
    index('parking_temp_orders_entry_idx').on(t.entryId, t.paidAt),
    index('parking_temp_orders_tenant_idx').on(t.tenantId, t.lotId, t.id),
    check('parking_temp_orders_amount_ck', sql`${t.amount} > 0`),
  ],
);
