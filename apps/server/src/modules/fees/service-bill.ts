import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../core/db/client.ts';
import { touchTable } from '../../core/engine/list-totals.ts';
import type { Tx } from '../../core/engine/types.ts';
import { fail } from '../../core/errors.ts';
import { houses } from '../estate/index.ts';
import { yuan } from './format.ts';
import { bills, feeItems } from './schema.ts';

/** the fee item a village's service bills hang on; disabled, so bill generation never bills it to every house */
const SERVICE_ITEM = '有偿服务';
const OTHER_CATEGORY = 6;

export type ServiceBillInput = {
  tenantId: number;
  villageId: number;
  houseId: number;
  /** the work order the bill is for: one bill per order, however often this is called */
  workOrderId: number;
  /** the day the order was reported: the bill's period, fixed so a repeated call finds the same line */
  date: string;
  name: string;
  /** fen */
  amount: number;
  formula: string;
};

/**
 * One unpaid bill line for a paid work order, in the house's bills, collected like any other bill.
 * Idempotent: the bills unique index includes work_order_id, so a second call (or a concurrent one)
 * inserts nothing and returns the first line.
 */
export const createServiceBill = async (tx: Tx, input: ServiceBillInput): Promise<{ id: number; created: boolean }> => {
  const [house] = await tx
    .select({ buildingId: houses.buildingId })
    .from(houses)
    .where(
      and(eq(houses.id, input.houseId), eq(houses.tenantId, input.tenantId), eq(houses.villageId, input.villageId)),
    );
  if (!house) throw fail('房屋不存在，无法生成有偿服务账单');
  await tx
    .insert(feeItems)
    .values({
      tenantId: input.tenantId,
      villageId: input.villageId,
      name: SERVICE_ITEM,
      category: OTHER_CATEGORY,
      calcMode: 2,
      periodType: 2,
      unitPrice: 0,
      startDate: input.date,
      status: 2,
      remark: '报修有偿服务账单',
    })
    .onConflictDoNothing();
  const [item] = await tx
    .select({ id: feeItems.id })
    .from(feeItems)
    .where(and(eq(feeItems.villageId, input.villageId), eq(feeItems.name, SERVICE_ITEM)));
  const [row] = await tx
    .insert(bills)
    .values({
      tenantId: input.tenantId,
      villageId: input.villageId,
      buildingId: house.buildingId,
      houseId: input.houseId,
      feeItemId: item!.id,
      category: OTHER_CATEGORY,
      name: input.name.slice(0, 50),
      periodStart: input.date,
      periodEnd: input.date,
      months: 1,
      unitPrice: input.amount,
      amount: input.amount,
      formula: (input.formula || `¥${yuan(input.amount)}`).slice(0, 200),
      dueDate: sql`(${input.date}::date + 7)`,
      workOrderId: input.workOrderId,
    })
    .onConflictDoNothing()
    .returning({ id: bills.id });
  touchTable(bills);
  if (row) return { id: row.id, created: true };
  const [first] = await tx
    .select({ id: bills.id })
    .from(bills)
    .where(and(eq(bills.workOrderId, input.workOrderId), eq(bills.houseId, input.houseId)));
  return { id: first!.id, created: false };
};

/** 1 未缴, 2 已缴, null when the bill no longer exists */
export const serviceBillStatus = async (db: Db | Tx, billId: number): Promise<number | null> => {
  const [b] = await db.select({ status: bills.status }).from(bills).where(eq(bills.id, billId));
  return b ? b.status : null;
};

/** Removes an unpaid service bill (the order's charge is waived); false when it is paid already. */
export const voidServiceBill = async (tx: Tx, billId: number): Promise<boolean> => {
  const [b] = await tx.select({ status: bills.status }).from(bills).where(eq(bills.id, billId)).for('update');
  if (!b) return true;
  if (b.status !== 1) return false;
  await tx.delete(bills).where(and(eq(bills.id, billId), eq(bills.status, 1)));
  touchTable(bills);
  return true;
};
