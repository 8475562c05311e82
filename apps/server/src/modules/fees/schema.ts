import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt, companyRowId, companyKey, companyRef } from '../../core/db/columns.ts';
import { villages } from '../tenancy/schema.ts';

/**
 * 收费项目. calc_mode 1 面积×单价, 2 固定金额, 3 读数×单价; period_type 1 按月, 2 一次性.
 * unit_price is fen (per m², per month, per unit read); late_fee_rate is ‰ per overdue day.
 */
export const feeItems = pgTable(
  'fee_items',
  {
    id: companyRowId(),
    tenantId: integer('tenant_id').notNull(),
    villageId: integer('village_id').notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    category: smallint('category').notNull().default(1),
    calcMode: smallint('calc_mode').notNull().default(1),
    unitPrice: bigint('unit_price', { mode: 'number' }).notNull().default(0),
    /** what a meter reading counts ('m³', '度'), shown in the formula */
    unitLabel: varchar('unit_label', { length: 10 }).notNull().default(''),
    periodType: smallint('period_type').notNull().default(1),
    cycleMonths: integer('cycle_months').notNull().default(1),
    lateFeeRate: numeric('late_fee_rate', { precision: 6, scale: 2 }).notNull().default('0'),
    startDate: date('start_date').notNull(),
    endDate: date('end_date'),
    status: smallint('status').notNull().default(1),
    remark: text('remark').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    companyKey(t),
    companyRef('fee_items_village_fk', { column: t.villageId, tenantId: t.tenantId }, villages),
    index('fee_items_tenant_idx').on(t.tenantId, t.id),
    index('fee_items_village_idx').on(t.villageId, t.id),
    uniqueIndex('fee_items_village_name_uq').on(t.villageId, t.name, t.tenantId),
  ],
);

/** 抄表: one reading per house, meter fee item and month ('YYYY-MM'); usage = curr - prev. */
export const meterReadings = pgTable(
  'meter_readings',
  {
    id: companyRowId(),
    tenantId: integer('tenant_id').notNull(),
    villageId: integer('village_id').notNull(),
    /** no foreign key: a bill is a financial record that outlives the house row (it keeps its own snapshot) */
    houseId: integer('house_id').notNull(),
    feeItemId: integer('fee_item_id').notNull(),
    month: varchar('month', { length: 7 }).notNull(),
    prevReading: numeric('prev_reading', { precision: 12, scale: 2 }).notNull().default('0'),
    currReading: numeric('curr_reading', { precision: 12, scale: 2 }).notNull().default('0'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    companyKey(t),
    companyRef('meter_readings_fee_item_fk', { column: t.feeItemId, tenantId: t.tenantId }, feeItems),
    index('meter_readings_tenant_idx').on(t.tenantId, t.id),
    uniqueIndex('meter_readings_uq').on(t.houseId, t.feeItemId, t.month, t.tenantId),
  ],
);

/**
 * 账单: one line per (house, fee item, period start); the unique index makes generation
 * idempotent. status 1 未缴, 2 已缴; is_signed 1 已签收, 2 未签收. Money in fen.
 */
export const bills = pgTable(
  'bills',
  {
    id: companyRowId(),
    tenantId: integer('tenant_id').notNull(),
    villageId: integer('village_id').notNull(),
    buildingId: integer('building_id').notNull(),
    /** no foreign key: a bill is a financial record that outlives the house row (it keeps its own snapshot) */
    houseId: integer('house_id').notNull(),
    feeItemId: integer('fee_item_id').notNull(),
    category: smallint('category').notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    periodStart: date('period_start').notNull(),
    periodEnd: date('period_end').notNull(),
    months: integer('months').notNull().default(1),
    /** area (m²) or meter usage; null for a fixed amount */
    quantity: numeric('quantity', { precision: 12, scale: 2 }),
    unitPrice: bigint('unit_price', { mode: 'number' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    formula: varchar('formula', { length: 200 }).notNull(),
    dueDate: date('due_date').notNull(),
    lateFeeRate: numeric('late_fee_rate', { precision: 6, scale: 2 }).notNull().default('0'),
    status: smallint('status').notNull().default(1),
    lateFee: bigint('late_fee', { mode: 'number' }).notNull().default(0),
    paidAmount: bigint('paid_amount', { mode: 'number' }).notNull().default(0),
    payMethod: smallint('pay_method'),
    paymentId: integer('payment_id'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    isSigned: smallint('is_signed').notNull().default(2),
    invoiceNo: varchar('invoice_no', { length: 50 }).notNull().default(''),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    /** 0 for generated lines; a paid work order's id for its service bill, so the unique index allows one bill per order */
    workOrderId: integer('work_order_id').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    companyKey(t),
    companyRef('bills_fee_item_fk', { column: t.feeItemId, tenantId: t.tenantId }, feeItems),
    index('bills_tenant_idx').on(t.tenantId, t.id),
    index('bills_village_idx').on(t.villageId, t.id),
    index('bills_house_idx').on(t.houseId),
    // the orders of 欠费催缴 (due date, id) and 已缴订单 (paid time, id): a page reads its rows in index order, no sort
    index('bills_tenant_status_due_idx').on(t.tenantId, t.status, t.dueDate, t.id),
    index('bills_tenant_status_paid_idx').on(t.tenantId, t.status, t.paidAt, t.id),
    uniqueIndex('bills_house_item_period_uq').on(t.houseId, t.feeItemId, t.periodStart, t.workOrderId, t.tenantId),
  ],
);

/** A collection: on site, online (pay_order_id, unique: one settlement per order) or from the balance. */
export const payments = pgTable(
  'payments',
  {
    id: companyRowId(),
    tenantId: integer('tenant_id').notNull(),
    villageId: integer('village_id').notNull(),
    houseId: integer('house_id').notNull(),
    billIds: integer('bill_ids').array().notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    discount: numeric('discount', { precision: 5, scale: 2 }).notNull().default('100'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    payMethod: smallint('pay_method').notNull(),
    orderNum: varchar('order_num', { length: 64 }).notNull().default(''),
    channel: varchar('channel', { length: 16 }).notNull(),
    payOrderId: integer('pay_order_id'),
    userId: integer('user_id'),
    createdAt: createdAt(),
  },
  (t) => [
    companyKey(t),
    index('payments_tenant_idx').on(t.tenantId, t.createdAt),
    uniqueIndex('payments_pay_order_uq')
      .on(t.payOrderId, t.tenantId)
      .where(sql`${t.payOrderId} is not null`),
  ],
);

export type PayLine = { id: number; amount: number; lateFee: number; paid: number };

/** Online pay orders; state NOTPAY → SUCCESS | CLOSED | PAYERROR. */
export const payOrders = pgTable(
  'pay_orders',
  {
    id: companyRowId(),
    tenantId: integer('tenant_id').notNull(),
    villageId: integer('village_id').notNull(),
    houseId: integer('house_id').notNull(),
    outTradeNo: varchar('out_trade_no', { length: 32 }).notNull(),
    billIds: integer('bill_ids').array().notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    discount: numeric('discount', { precision: 5, scale: 2 }).notNull().default('100'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** per bill: what it owed (amount, late fee) and its share of the paid amount, fixed at order time */
    lines: jsonb('lines').$type<PayLine[]>().notNull().default([]),
    state: varchar('state', { length: 16 }).notNull().default('NOTPAY'),
    provider: varchar('provider', { length: 16 }).notNull(),
    channel: varchar('channel', { length: 16 }).notNull().default('native'),
    codeUrl: text('code_url').notNull().default(''),
    transactionId: varchar('transaction_id', { length: 64 }).notNull().default(''),
    userId: integer('user_id'),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    companyKey(t),
    uniqueIndex('pay_orders_out_trade_no_uq').on(t.outTradeNo, t.tenantId),
    index('pay_orders_tenant_idx').on(t.tenantId, t.id),
  ],
);

/**
 * Money received that settled nothing (wrong amount, bill already paid): to be refunded by hand.
 * status 1 待退款, 2 已退款 (who and when recorded); village and house copied from the pay order.
 */
export const refundDue = pgTable(
  'refund_due',
  {
    id: companyRowId(),
    tenantId: integer('tenant_id').notNull(),
    villageId: integer('village_id').notNull(),
    houseId: integer('house_id').notNull(),
    payOrderId: integer('pay_order_id').notNull(),
    outTradeNo: varchar('out_trade_no', { length: 32 }).notNull(),
    transactionId: varchar('transaction_id', { length: 64 }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    reason: varchar('reason', { length: 200 }).notNull(),
    status: smallint('status').notNull().default(1),
    refundedBy: integer('refunded_by'),
    refundedByName: varchar('refunded_by_name', { length: 50 }).notNull().default(''),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    companyKey(t),
    index('refund_due_tenant_idx').on(t.tenantId, t.id),
    index('refund_due_village_idx').on(t.villageId, t.id),
    uniqueIndex('refund_due_trade_uq').on(t.outTradeNo, t.transactionId, t.tenantId),
  ],
);

/** Every change of a house's prepaid balance. kind 1 充值, 2 缴费. */
export const balanceLedger = pgTable(
  'balance_ledger',
  {
    id: companyRowId(),
    tenantId: integer('tenant_id').notNull(),
    villageId: integer('village_id').notNull(),
    houseId: integer('house_id').notNull(),
    kind: smallint('kind').notNull(),
    before: bigint('before', { mode: 'number' }).notNull(),
    change: bigint('change', { mode: 'number' }).notNull(),
    after: bigint('after', { mode: 'number' }).notNull(),
    reason: varchar('reason', { length: 100 }).notNull(),
    userId: integer('user_id'),
    userName: varchar('user_name', { length: 50 }).notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    companyKey(t),
    index('balance_ledger_house_idx').on(t.houseId, t.id),
    index('balance_ledger_tenant_idx').on(t.tenantId, t.id),
  ],
);

/** Per-company fee settings: top-up packages [{principal, present}] in fen, multiplier, reminders (fen). */
export const feeSettings = pgTable('fee_settings', {
  tenantId: integer('tenant_id').primaryKey(),
  packages: jsonb('packages').$type<{ principal: number; present: number }[]>().notNull().default([]),
  multiplier: numeric('multiplier', { precision: 4, scale: 2 }).notNull().default('1.00'),
  msgReminder: bigint('msg_reminder', { mode: 'number' }).notNull().default(0),
  listReminder: bigint('list_reminder', { mode: 'number' }).notNull().default(0),
  updatedAt: updatedAt(),
});

/**
 * 平台服务: what the platform sells property companies, priced in fen per
 * year. code 'platform' is the platform subscription itself, whose expiry is tenants.service_expire.
 */
export const services = pgTable(
  'services',
  {
    id: id(),
    code: varchar('code', { length: 32 }).notNull(),
    title: varchar('title', { length: 50 }).notNull(),
    icon: varchar('icon', { length: 255 }).notNull().default(''),
    description: varchar('description', { length: 255 }).notNull().default(''),
    price: bigint('price', { mode: 'number' }).notNull(),
    sort: integer('sort').notNull().default(0),
    status: smallint('status').notNull().default(1),
    /** the web menus (menus.id) only companies with this service see; empty = it unlocks no menu */
    menuIds: integer('menu_ids').array().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('services_code_uq').on(t.code)],
);

/** A company's subscription to a service: end_date is the last day covered. */
export const tenantServices = pgTable(
  'tenant_services',
  {
    id: companyRowId(),
    tenantId: integer('tenant_id').notNull(),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
    endDate: date('end_date').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [companyKey(t), uniqueIndex('tenant_services_uq').on(t.tenantId, t.serviceId)],
);

/**
 * 服务续费订单, paid to the platform (its own provider, not the company's merchant account);
 * state NOTPAY → SUCCESS | CLOSED | PAYERROR. end_date is what the settlement extended the service to.
 */
export const serviceOrders = pgTable(
  'service_orders',
  {
    id: companyRowId(),
    tenantId: integer('tenant_id').notNull(),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
    years: smallint('years').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    payMethod: smallint('pay_method').notNull().default(4),
    outTradeNo: varchar('out_trade_no', { length: 32 }).notNull(),
    state: varchar('state', { length: 16 }).notNull().default('NOTPAY'),
    provider: varchar('provider', { length: 16 }).notNull().default('pending'),
    codeUrl: text('code_url').notNull().default(''),
    transactionId: varchar('transaction_id', { length: 64 }).notNull().default(''),
    endDate: date('end_date'),
    /** what went wrong with money received (wrong amount, second payment): refunded by the platform */
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    userId: integer('user_id'),
    userName: varchar('user_name', { length: 50 }).notNull().default(''),
    /** the company's operator when paid, and its share (fen) at the operator's percentage of that day */
    operatorId: integer('operator_id'),
    shareAmount: bigint('share_amount', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    companyKey(t),
    uniqueIndex('service_orders_out_trade_no_uq').on(t.outTradeNo, t.tenantId),
    index('service_orders_tenant_idx').on(t.tenantId, t.id),
  ],
);
