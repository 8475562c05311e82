import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { ParkingChargeReply } from '@5a/contracts/endpoints/parking';
import type { Caller } from '../../../core/auth/actor.ts';
import type { Db } from '../../../core/db/client.ts';
import { touchTable } from '../../../core/engine/list-totals.ts';
import type { Tx } from '../../../core/engine/types.ts';
import { formatDate } from '../../../core/time.ts';
import { charge, createOneOffBill, voidServiceBill, yuan, type BillsPaidHook } from '../../fees/index.ts';
import type { AppRegistry } from '../../../core/engine/registry.ts';
import { refreshSpaceStatus } from './associations.ts';
import { monthlyCards, parkingPackages } from '../schema-gate.ts';
import { parkingAssociations, parkingCharges } from '../schema-assoc.ts';

export const CHARGE_RENEWAL = 1;
export const CHARGE_CARD = 2;

/** 支付方式: 1 online (the bill waits unpaid in 应收账单), the others collected on site at once with fees' method */
export const PAY_TYPES = [
  { label: '线上支付', value: 1 },
  { label: '现金', value: 2 },
  { label: '银行卡', value: 3 },
  { label: '支付宝', value: 4 },
  { label: '微信', value: 5 },
] as const;
export const PAY_ONLINE = 1;
/** payType → fees' pay method (1 bank card, 2 cash, 3 Alipay, 4 WeChat) */
const FEES_METHOD: Record<number, number> = { 2: 2, 3: 1, 4: 3, 5: 4 };
export const NO_PAY_TYPE = '请选择支付方式';
/** where an unpaid parking bill is found: 欠费催缴 lists only bills past their due date */
export const UNPAID_BILL_WHERE = '请在 收费管理 › 应收账单 中收款';

export const payTypeOf = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.coerce
    .number({ error: NO_PAY_TYPE })
    .refine((v) => PAY_TYPES.some((p) => p.value === v), NO_PAY_TYPE)
    .optional(),
);

const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;

export type ChargeInput = {
  kind: typeof CHARGE_RENEWAL | typeof CHARGE_CARD;
  tenantId: number;
  villageId: number;
  houseId: number;
  associationId?: number;
  vehicleId?: number;
  packageId?: number;
  months: number;
  periodStart: string;
  periodEnd: string;
  /** fen */
  amount: number;
  name: string;
  formula: string;
};

const ITEMS = {
  [CHARGE_RENEWAL]: { name: '车位费', remark: '车位续费账单' },
  [CHARGE_CARD]: { name: '月卡费', remark: '月卡充值账单' },
} as const;

/**
 * One unpaid bill on the owner's house and the charge it pays for, in the caller's transaction. The charge's id is
 * taken first and is the bill's ref, so each charge has its own line however many are made for a house and day.
 */
export const insertCharge = async (tx: Tx, c: ChargeInput): Promise<{ billId: number; amount: number }> => {
  const [seq] = rowsOf<{ id: number }>(
    await tx.execute(sql`select nextval(pg_get_serial_sequence('parking_charges', 'id'))::int as id`),
  );
  const bill = await createOneOffBill(
    tx,
    {
      tenantId: c.tenantId,
      villageId: c.villageId,
      houseId: c.houseId,
      item: ITEMS[c.kind],
      refId: seq!.id,
      date: c.periodStart,
      periodEnd: c.periodEnd,
      months: c.months,
      name: c.name,
      amount: c.amount,
      formula: c.formula,
    },
    '业主未关联房屋，无法生成账单',
  );
  await tx.execute(sql`insert into ${parkingCharges}
      (id, tenant_id, village_id, kind, association_id, vehicle_id, package_id, months, period_start, amount, bill_id)
    overriding system value values (${seq!.id}, ${c.tenantId}, ${c.villageId}, ${c.kind}, ${c.associationId ?? null}, ${c.vehicleId ?? null},
      ${c.packageId ?? null}, ${c.months}, ${c.periodStart}::date, ${c.amount}, ${bill.id})`);
  touchTable(parkingCharges);
  return { billId: bill.id, amount: c.amount };
};

export type ChargeReply = ParkingChargeReply;

/**
 * After the bill's transaction: online, the bill waits unpaid in 应收账单; any other way it is collected on site now
 * through fees (which runs the paid hook). A failed collection removes the bill and its charge again, so the
 * office may retry instead of finding an unpaid bill it did not mean to leave.
 */
export const settleCharge = async (
  registry: AppRegistry,
  db: Db,
  caller: Caller,
  made: { billId: number; amount: number },
  payType: number,
): Promise<ChargeReply> => {
  if (payType === PAY_ONLINE)
    return {
      bill_id: made.billId,
      amount: yuan(made.amount),
      paid: false,
      msg: `账单已生成（¥${yuan(made.amount)}），${UNPAID_BILL_WHERE}`,
    };
  try {
    await charge(
      registry,
      db,
      caller,
      { ids: [made.billId], type: 1, payway: FEES_METHOD[payType], orderNum: `PK${made.billId}` },
      '',
    );
  } catch (e) {
    await db.transaction(async (tx) => {
      if (await voidServiceBill(tx, made.billId))
        await tx.execute(sql`delete from ${parkingCharges}
          where bill_id = ${made.billId} and tenant_id = ${caller.actor.tenantId ?? -1} and applied_at is null`);
    });
    throw e;
  }
  return { bill_id: made.billId, amount: yuan(made.amount), paid: true, msg: '缴费成功' };
};

/**
 * Paid bills apply their charges, each once: one statement per kind claims the charges not applied yet (stamping
 * applied_at) and applies them. A renewal moves the association's end to the end of its period (never earlier);
 * a card top-up extends each running card of the package's lots by its months, or starts one today, as a direct
 * top-up does. A replayed notification or a second collection finds the charges applied and changes nothing.
 */
export const applyPaidCharges: BillsPaidHook = async (tx, tenantId, billIds) => {
  const ids = `{${billIds.join(',')}}`;
  const renewed = rowsOf<{ space_id: number }>(
    await tx.execute(sql`
      with due as (
        update ${parkingCharges} c set applied_at = now()
        where c.bill_id = any(${ids}::int[]) and c.tenant_id = ${tenantId} and c.kind = ${CHARGE_RENEWAL} and c.applied_at is null
        returning c.association_id, c.months, c.period_start
      )
      update ${parkingAssociations} a
      set end_date = greatest(a.end_date, (due.period_start + make_interval(months => due.months) - interval '1 day')::date),
        updated_at = now()
      from due where a.id = due.association_id and a.tenant_id = ${tenantId} and not a.is_long_time
      returning a.space_id`),
  );
  if (renewed.length) {
    touchTable(parkingAssociations);
    await refreshSpaceStatus(
      tx,
      tenantId,
      renewed.map((r) => r.space_id),
    );
  }
  const today = formatDate(new Date());
  await tx.execute(sql`
    with due as (
      update ${parkingCharges} c set applied_at = now()
      where c.bill_id = any(${ids}::int[]) and c.tenant_id = ${tenantId} and c.kind = ${CHARGE_CARD} and c.applied_at is null
      returning c.vehicle_id, c.package_id
    ),
    pk as (
      select due.vehicle_id, unnest(p.lot_ids) as lot_id, p.months, p.id, p.tenant_id, p.village_id
      from due join ${parkingPackages} p on p.id = due.package_id and p.tenant_id = ${tenantId}
    ),
    extended as (
      update ${monthlyCards} c
      set end_date = (c.end_date + make_interval(months => pk.months))::date, package_id = pk.id, updated_at = now()
      from pk
      where c.vehicle_id = pk.vehicle_id and c.tenant_id = pk.tenant_id and c.lot_id = pk.lot_id and c.status = 1 and c.end_date >= ${today}::date
      returning c.vehicle_id, c.lot_id
    )
    insert into ${monthlyCards} (tenant_id, village_id, vehicle_id, lot_id, package_id, start_date, end_date)
    select pk.tenant_id, pk.village_id, pk.vehicle_id, pk.lot_id, pk.id, ${today}::date,
      (${today}::date + make_interval(months => pk.months) - interval '1 day')::date
    from pk
    where not exists (select 1 from extended e where e.vehicle_id = pk.vehicle_id and e.lot_id = pk.lot_id)`);
  touchTable(monthlyCards);
};
