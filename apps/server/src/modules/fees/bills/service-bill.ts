import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../core/db/client.ts';
import { touchTable } from '../../../core/engine/list-totals.ts';
import type { Tx } from '../../../core/engine/types.ts';
import { fail } from '../../../core/errors.ts';
import { houses } from '../../estate/index.ts';
import { yuan } from '../format.ts';
import { bills, feeItems } from '../schema.ts';

/** the fee item a village's service bills hang on; disabled, so bill generation never bills it to every house */
const SERVICE_ITEM = '有偿服务';
const OTHER_CATEGORY = 6;

export type OneOffBillInput = {
  tenantId: number;
  villageId: number;
  houseId: number;
  /** the village's fee item the line hangs on, made (disabled) on first use */
  item: { name: string; remark: string };
  /** what the line is for (a work order, a parking charge): one line per item, house, period and ref */
  refId: number;
  /** the first day of the period, fixed so a repeated call finds the same line */
  date: string;
  /** the last day; defaults to `date` */
  periodEnd?: string;
  months?: number;
  name: string;
  /** fen */
  amount: number;
  formula: string;
};

/**
 * One unpaid bill line outside bill generation, in the house's bills, collected like any other bill.
 * Idempotent: the bills unique index includes the ref (work_order_id), so a second call (or a concurrent one)
 * inserts nothing and returns the first line. `missing` is the refusal when the house is not the company's.
 */
export const createOneOffBill = async (
  tx: Tx,
  input: OneOffBillInput,
  missing = '房屋不存在，无法生成账单',
): Promise<{ id: number; created: boolean }> => {
  const [house] = await tx
    .select({ buildingId: houses.buildingId })
    .from(houses)
    .where(
      and(eq(houses.id, input.houseId), eq(houses.tenantId, input.tenantId), eq(houses.villageId, input.villageId)),
    );
  if (!house) throw fail(missing);
  await tx
    .insert(feeItems)
    .values({
      tenantId: input.tenantId,
      villageId: input.villageId,
      name: input.item.name,
      category: OTHER_CATEGORY,
      calcMode: 2,
      periodType: 2,
      unitPrice: 0,
      startDate: input.date,
      status: 2,
      remark: input.item.remark,
    })
    .onConflictDoNothing();
  const [item] = await tx
    .select({ id: feeItems.id })
    .from(feeItems)
    .where(and(eq(feeItems.villageId, input.villageId), eq(feeItems.name, input.item.name)));
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
      periodEnd: input.periodEnd ?? input.date,
      months: input.months ?? 1,
      unitPrice: input.amount,
      amount: input.amount,
      formula: (input.formula || `¥${yuan(input.amount)}`).slice(0, 200),
      dueDate: sql`(${input.date}::date + 7)`,
      workOrderId: input.refId,
    })
    .onConflictDoNothing()
    .returning({ id: bills.id });
  touchTable(bills);
  if (row) return { id: row.id, created: true };
  const [first] = await tx
    .select({ id: bills.id })
    .from(bills)
    .where(and(eq(bills.workOrderId, input.refId), eq(bills.houseId, input.houseId), eq(bills.feeItemId, item!.id)));
  return { id: first!.id, created: false };
};

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

/** One unpaid bill line for a paid work order (on the village's 有偿服务 item), one per order. */
export const createServiceBill = (tx: Tx, input: ServiceBillInput): Promise<{ id: number; created: boolean }> =>
  createOneOffBill(
    tx,
    {
      tenantId: input.tenantId,
      villageId: input.villageId,
      houseId: input.houseId,
      item: { name: SERVICE_ITEM, remark: '报修有偿服务账单' },
      refId: input.workOrderId,
      date: input.date,
      name: input.name,
      amount: input.amount,
      formula: input.formula,
    },
    '房屋不存在，无法生成有偿服务账单',
  );

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
