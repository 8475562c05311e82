import { sql } from 'drizzle-orm';
import type { Db } from '../../../core/db/client.ts';
import { intArray } from '../../../core/db/sql.ts';
import { yuan } from '../format.ts';
import { bills } from '../schema.ts';
import { lateFeeSql } from './resource.ts';

/** an unpaid bill as the resident's phone page lists it (money in yuan, two decimals) */
export type UnpaidBill = {
  id: number;
  house_id: number;
  name: string;
  period: string;
  amount: string;
  late_fee: string;
  total: string;
  due_date: string;
};

/** the unpaid bills of these houses of a company, earliest due first, late fees as of today */
export const unpaidBillsOf = async (db: Db, tenantId: number, houseIds: readonly number[]): Promise<UnpaidBill[]> => {
  if (!houseIds.length) return [];
  const late = lateFeeSql({
    status: sql`b.status`,
    amount: sql`b.amount`,
    rate: sql`b.late_fee_rate`,
    due: sql`b.due_date`,
    stored: sql`b.late_fee`,
  });
  const res = await db.execute(sql`select b.id, b.house_id, b.name,
      to_char(b.period_start, 'YYYY-MM-DD') || ' 至 ' || to_char(b.period_end, 'YYYY-MM-DD') as period,
      b.amount::bigint as amount, ${late}::bigint as late_fee, to_char(b.due_date, 'YYYY-MM-DD') as due_date
    from ${bills} b
    where b.tenant_id = ${tenantId} and b.house_id = any(${intArray(houseIds)}) and b.status = 1
    order by b.due_date, b.id`);
  return (
    res as unknown as {
      rows: {
        id: number;
        house_id: number;
        name: string;
        period: string;
        amount: string;
        late_fee: string;
        due_date: string;
      }[];
    }
  ).rows.map((r) => ({
    id: Number(r.id),
    house_id: Number(r.house_id),
    name: r.name,
    period: r.period,
    amount: yuan(Number(r.amount)),
    late_fee: yuan(Number(r.late_fee)),
    total: yuan(Number(r.amount) + Number(r.late_fee)),
    due_date: r.due_date,
  }));
};
