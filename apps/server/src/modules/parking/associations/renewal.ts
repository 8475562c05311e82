import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { idOf } from '@5a/contracts';
import type { Caller } from '../../../core/auth/actor.ts';
import type { Db } from '../../../core/db/client.ts';
import type { Tx } from '../../../core/engine/types.ts';
import { fail, invalid } from '../../../core/errors.ts';
import { formatDate } from '../../../core/time.ts';
import { gatePersons } from '../../estate/index.ts';
import { yuan } from '../../fees/index.ts';
import type { AppRegistry } from '../../../core/engine/registry.ts';
import { ASSOC_ACTIVE, type Associate, type MadeAssociation } from './associations.ts';
import {
  CHARGE_CARD,
  CHARGE_RENEWAL,
  insertCharge,
  NO_PAY_TYPE,
  payTypeOf,
  settleCharge,
  UNPAID_BILL_WHERE,
  type ChargeReply,
} from './charges.ts';
import { NO_PACKAGE } from './packages.ts';
import { parkingPackages } from '../schema-gate.ts';
import { parkingAssociations, parkingCharges } from '../schema-assoc.ts';
import { parkingSpaces, vehicles } from '../schema.ts';

export const UNPAID_RENEWAL = '该车位有未缴的续费账单';
export const UNPAID_TOP_UP = '该车辆有未缴的月卡充值账单';
export const MAX_RENEW_MONTHS = 120;
/** 类型 租赁车位 */
const RENTAL = 2;

const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;
const seenBy = (caller: Caller, column: string) =>
  caller.villageIds === null ? sql`true` : sql`${sql.raw(column)} = any(${`{${caller.villageIds.join(',')}}`}::int[])`;

export const renewInfoBody = z.object({ id: idOf('关联') });

export const renewBody = z.object({
  id: idOf('关联'),
  // the form allows 0 (as the product's form does); a renewal is at least one month
  month: z.coerce
    .number({ error: '续费月数必须大于0' })
    .int('续费月数必须是整数')
    .min(1, '续费月数必须大于0')
    .max(MAX_RENEW_MONTHS, `续费月数不能超过${MAX_RENEW_MONTHS}`),
  payType: payTypeOf,
});
export type Renew = z.output<typeof renewBody>;

type AssocFacts = {
  id: number;
  tenant_id: number;
  village_id: number;
  status: number;
  is_long_time: boolean;
  start_date: string;
  end_date: string | null;
  type: number;
  space_no: string;
  classify: number;
  monthly_fee: string | number;
  cleaning_fee: string | number;
  pname: string;
  tel: string;
  house_id: number;
  unpaid: boolean;
  billed: boolean;
};

/** the association with its space, owner and whether a renewal bill of it is unpaid; locked when asked */
const assocOf = async (db: Db | Tx, caller: Caller, id: number, lock: boolean) => {
  const [row] = rowsOf<AssocFacts>(
    await db.execute(sql`
      select a.id, a.tenant_id, a.village_id, a.status, a.is_long_time, a.start_date::text as start_date,
        a.end_date::text as end_date, a.type,
        s.space_no, s.type as classify, s.monthly_fee, s.cleaning_fee, p.name as pname, p.tel, p.house_id,
        exists (select 1 from ${parkingCharges} c join bills b on b.id = c.bill_id and b.tenant_id = c.tenant_id
          where c.association_id = a.id and c.tenant_id = a.tenant_id and c.kind = ${CHARGE_RENEWAL} and b.status = 1) as unpaid,
        exists (select 1 from ${parkingCharges} c
          where c.association_id = a.id and c.tenant_id = a.tenant_id and c.kind = ${CHARGE_RENEWAL}) as billed
      from ${parkingAssociations} a
      join ${parkingSpaces} s on s.id = a.space_id and s.tenant_id = a.tenant_id
      join ${gatePersons} p on p.id = a.person_id and p.tenant_id = a.tenant_id
      where a.id = ${id} and a.tenant_id = ${caller.actor.tenantId ?? -1} and ${seenBy(caller, 'a.village_id')}
      ${lock ? sql`for update of a` : sql``}`),
  );
  if (!row) throw fail('关联不存在');
  return row;
};

/**
 * The first day a renewal covers: a rental (租赁车位) never billed owes from its start (its period was given, not
 * paid); otherwise from the day after the current end, or today when it has ended.
 */
const renewalStartOf = (a: Pick<AssocFacts, 'billed' | 'type' | 'start_date' | 'end_date'>, today: string): string =>
  a.type === RENTAL && !a.billed ? a.start_date : periodStartOf(a.end_date, today);
const periodStartOf = (end: string | null, today: string): string => {
  if (!end || end < today) return today;
  const d = new Date(`${end}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};
export const addMonths = (start: string, months: number): string => {
  const d = new Date(`${start}T00:00:00Z`);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};

/** 续费 form: what is shown read-only (owner, contact, types, fees; total = one month of both fees, yuan) */
export const renewInfo = async (db: Db, caller: Caller, id: number) => {
  const a = await assocOf(db, caller, id, false);
  const monthly = Number(a.monthly_fee);
  const cleaning = Number(a.cleaning_fee);
  return {
    id: a.id,
    pname: a.pname,
    tel: a.tel,
    type: a.type,
    classify: a.classify,
    spaceNum: a.space_no,
    monthly_fee: yuan(monthly),
    cleaning_fee: yuan(cleaning),
    total: yuan(monthly + cleaning),
    end_date: a.end_date ?? '',
    starttime: renewalStartOf(a, formatDate(new Date())),
    isLongTime: a.is_long_time ? 1 : 2,
    unpaid: a.unpaid,
  };
};

/**
 * 续费: a bill of months × (monthly + cleaning fee) on the owner's house for the period after the current end; the
 * association is extended when the bill is paid (charges.ts). The association is locked while it is checked, so
 * two offices renewing at once make one bill.
 */
export const renewAssociation = async (
  registry: AppRegistry,
  db: Db,
  caller: Caller,
  b: Renew,
): Promise<ChargeReply> => {
  if (b.payType === undefined) throw invalid(NO_PAY_TYPE, 'payType');
  const payType = b.payType;
  const made = await db.transaction(async (tx) => {
    const a = await assocOf(tx, caller, b.id, true);
    if (a.status !== ASSOC_ACTIVE) throw fail('该关联已无效，不能续费');
    if (a.is_long_time) throw fail('长期关联无需续费');
    if (a.unpaid) throw fail(UNPAID_RENEWAL);
    const monthly = Number(a.monthly_fee);
    const cleaning = Number(a.cleaning_fee);
    const amount = b.month * (monthly + cleaning);
    if (amount <= 0) throw fail('该车位的月租与清洁费均为0，无需续费');
    const start = renewalStartOf(a, formatDate(new Date()));
    return insertCharge(tx, {
      kind: CHARGE_RENEWAL,
      tenantId: a.tenant_id,
      villageId: a.village_id,
      houseId: a.house_id,
      associationId: a.id,
      months: b.month,
      periodStart: start,
      periodEnd: addMonths(start, b.month),
      amount,
      name: `车位续费-${a.space_no}`,
      formula: `${b.month}个月 × (月租¥${yuan(monthly)} + 清洁费¥${yuan(cleaning)})`,
    });
  });
  return settleCharge(registry, db, caller, made, payType);
};

export const cardTopUpBody = z.object({
  vehicle_id: idOf('车辆'),
  // the dialog sends nothing or '' until a package is chosen
  package_id: z.preprocess((v) => (v === '' || v === null || v === 0 ? undefined : v), idOf('套餐').optional()),
  payType: payTypeOf,
});
export type CardTopUp = z.output<typeof cardTopUpBody>;

/**
 * 月卡充值 through fees: a bill of the package's price on the car owner's house; paying it extends or starts the
 * cards of the package's lots. The vehicle is locked while a pending top-up of it is looked for.
 */
export const topUpThroughFees = async (
  registry: AppRegistry,
  db: Db,
  caller: Caller,
  b: CardTopUp,
): Promise<ChargeReply> => {
  if (!b.package_id) throw invalid(NO_PACKAGE, 'package_id');
  if (b.payType === undefined) throw invalid(NO_PAY_TYPE, 'payType');
  const payType = b.payType;
  const made = await db.transaction(async (tx) => {
    const [v] = rowsOf<{ id: number; tenant_id: number; village_id: number; plate: string; house_id: number | null }>(
      await tx.execute(sql`select v.id, v.tenant_id, v.village_id, v.plate, p.house_id
        from ${vehicles} v left join ${gatePersons} p on p.id = v.person_id
        where v.id = ${b.vehicle_id} and v.tenant_id = ${caller.actor.tenantId ?? -1} and v.status = 1
          and ${seenBy(caller, 'v.village_id')}
        for update of v`),
    );
    if (!v) throw fail('车辆不存在');
    const [p] = rowsOf<{ id: number; village_id: number; months: number; price: string | number; name: string }>(
      await tx.execute(sql`select id, village_id, months, price, name from ${parkingPackages}
        where id = ${b.package_id} and tenant_id = ${v.tenant_id} and status = 1`),
    );
    if (!p) throw invalid(NO_PACKAGE, 'package_id');
    if (p.village_id !== v.village_id) throw invalid('套餐不属于车辆所在小区', 'package_id');
    if (v.house_id === null) throw fail('车辆未关联车主，无法生成账单');
    const [pending] = rowsOf<{ id: number }>(
      await tx.execute(sql`select c.id from ${parkingCharges} c join bills b on b.id = c.bill_id and b.tenant_id = c.tenant_id
        where c.vehicle_id = ${v.id} and c.tenant_id = ${v.tenant_id} and c.kind = ${CHARGE_CARD} and b.status = 1 limit 1`),
    );
    if (pending) throw fail(UNPAID_TOP_UP);
    const today = formatDate(new Date());
    const price = Number(p.price);
    return insertCharge(tx, {
      kind: CHARGE_CARD,
      tenantId: v.tenant_id,
      villageId: v.village_id,
      houseId: v.house_id,
      vehicleId: v.id,
      packageId: p.id,
      months: p.months,
      periodStart: today,
      periodEnd: addMonths(today, p.months),
      amount: price,
      name: `月卡充值-${v.plate}`,
      formula: `${p.name}（${p.months}个月）¥${yuan(price)}`,
    });
  });
  return settleCharge(registry, db, caller, made, payType);
};

/** whole months from start to end (both included), a started month counted whole */
export const termMonths = (start: string, end: string): number => {
  let m = 1;
  while (m < MAX_RENEW_MONTHS && addMonths(start, m) < end) m++;
  return m;
};

export type FirstTerm = { bill_id?: number; amount?: string; billed_msg?: string };

/**
 * 首期账单: a new short-term rental association, when asked, bills its period at once (months × (monthly +
 * cleaning fee), a started month whole) on the owner's house, unpaid, in the association's transaction. Its
 * charge makes the association billed, so its next renewal starts after the paid period, not at its start.
 */
export const firstTermBiller =
  (b: Associate) =>
  async (tx: Tx, made: MadeAssociation): Promise<FirstTerm> => {
    if (b.bill_first !== 1 || b.type !== RENTAL || b.isLongTime === 1 || b.status !== ASSOC_ACTIVE) return {};
    const [s] = rowsOf<{ space_no: string; monthly_fee: string; cleaning_fee: string; house_id: number | null }>(
      await tx.execute(sql`select s.space_no, s.monthly_fee, s.cleaning_fee, p.house_id
        from ${parkingSpaces} s, ${gatePersons} p
        where s.id = ${made.spaceId} and s.tenant_id = ${made.tenantId} and p.id = ${made.personId} and p.tenant_id = ${made.tenantId}`),
    );
    const monthly = Number(s!.monthly_fee);
    const cleaning = Number(s!.cleaning_fee);
    if (monthly + cleaning <= 0) return { billed_msg: '该车位的月租与清洁费均为0，未生成首期账单' };
    if (s!.house_id === null) throw invalid('业主未关联房屋，无法生成首期账单', 'owner');
    const months = termMonths(b.start_date!, b.end_date!);
    const start = b.start_date!;
    const amount = months * (monthly + cleaning);
    const bill = await insertCharge(tx, {
      kind: CHARGE_RENEWAL,
      tenantId: made.tenantId,
      villageId: made.villageId,
      houseId: s!.house_id,
      associationId: made.id,
      months,
      periodStart: start,
      periodEnd: addMonths(start, months),
      amount,
      name: `车位首期-${s!.space_no}`,
      formula: `${months}个月 × (月租¥${yuan(monthly)} + 清洁费¥${yuan(cleaning)})`,
    });
    return {
      bill_id: bill.billId,
      amount: yuan(amount),
      billed_msg: `首期账单已生成（¥${yuan(amount)}），${UNPAID_BILL_WHERE}`,
    };
  };
