import { touchTable } from '../../../core/engine/list-totals.ts';
import { and, asc, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { idListOf } from '@5a/contracts';
import type { Db } from '../../../core/db/client.ts';
import { qualified } from '../../../core/db/sql.ts';
import { scopeWhere, type Caller } from '../../../core/engine/scope.ts';
import type { displayBody } from '../bodies.ts';
import { notFound } from '../../../core/errors.ts';
import { buildings, houses } from '../../estate/index.ts';
import { yuan } from '../format.ts';
import { lateFeeSql, ownerNameSql, paidOrderResource, renewalListResource } from './resource.ts';
import { bills } from '../schema.ts';

const statusOf: Record<string, 1 | 2> = { signed: 1, 已签收: 1, '1': 1, 'not signed': 2, 未签收: 2, '2': 2 };
export const signBody = z.object({
  bill_ids: idListOf('bill_ids'),
  status: z.union([z.string(), z.number()], { error: '请选择签收状态' }).transform((v, ctx) => {
    const s = statusOf[String(v).trim()];
    if (!s) ctx.addIssue({ code: 'custom', message: '签收状态只能是已签收或未签收' });
    return s ?? 2;
  }),
  invoice_no: z.string().trim().max(50, '发票号不能超过50个字符').optional(),
});

/** billSign {bill_ids, status, invoice_no}: paid lines only, all or nothing. */
export const billSign = async (db: Db, caller: Caller, body: z.output<typeof signBody>) => {
  const unique = [...new Set(body.bill_ids)];
  return db.transaction(async (tx) => {
    const done = await tx
      .update(bills)
      .set({
        isSigned: body.status,
        signedAt: body.status === 1 ? new Date() : null,
        ...(body.invoice_no !== undefined ? { invoiceNo: body.invoice_no } : {}),
        updatedAt: new Date(),
      })
      .where(and(inArray(bills.id, unique), scopeWhere(paidOrderResource, caller, true)))
      .returning({ id: bills.id });
    // an unpaid or foreign id rolls the whole request back
    if (done.length !== unique.length) throw notFound();
    touchTable(bills);
    return { count: done.length };
  });
};

const COLUMNS = ['房屋', '业主', '收费项目', '计费周期', '计费说明', '应收金额', '滞纳金', '实收金额', '状态'] as const;

/** billDisplay {ids}: a printable notice of the chosen lines with the counted totals. */
export const billDisplay = async (db: Db, caller: Caller, { ids }: z.output<typeof displayBody>) => {
  const late = lateFeeSql({
    status: sql`${bills.status}`,
    amount: sql`${bills.amount}`,
    rate: sql`${bills.lateFeeRate}`,
    due: sql`${bills.dueDate}`,
    stored: sql`${bills.lateFee}`,
  });
  const rows = await db
    .select({
      house: sql<string>`(select b.name || h.unit_name || h.name from ${houses} h join ${buildings} b on b.id = h.building_id and b.tenant_id = h.tenant_id where h.id = ${qualified(bills.houseId)} and h.tenant_id = ${qualified(bills.tenantId)})`,
      owner: sql<string | null>`${ownerNameSql(sql`${bills.houseId}`, sql`${bills.tenantId}`)}`,
      name: bills.name,
      period: sql<string>`to_char(${bills.periodStart}, 'YYYY-MM') || '~' || to_char(${bills.periodEnd}, 'YYYY-MM')`,
      formula: bills.formula,
      amount: bills.amount,
      late: sql<number>`${late}`.mapWith(Number),
      paid: bills.paidAmount,
      status: bills.status,
    })
    .from(bills)
    .where(and(inArray(bills.id, ids), scopeWhere(renewalListResource, caller, false)))
    .orderBy(asc(bills.houseId), asc(bills.periodStart), asc(bills.id));
  if (!rows.length) throw notFound();
  const sum = (f: (r: (typeof rows)[number]) => number) => rows.reduce((s, r) => s + Math.abs(f(r)), 0);
  const unpaid = rows.filter((r) => r.status === 1);
  return {
    title: '物业费用缴费通知单',
    columns: [...COLUMNS],
    rows: rows.map((r) => [
      r.house,
      r.owner ?? '',
      r.name,
      r.period,
      r.formula,
      yuan(r.amount),
      yuan(r.late),
      yuan(r.paid),
      r.status === 2 ? '已缴' : '未缴',
    ]),
    countItem: [
      { title: '账单条数', num: String(rows.length) },
      { title: '应收合计', num: yuan(sum((r) => r.amount)) },
      { title: '滞纳金合计', num: yuan(sum((r) => r.late)) },
      { title: '已收合计', num: yuan(sum((r) => r.paid)) },
      { title: '未缴合计', num: yuan(unpaid.reduce((s, r) => s + Math.abs(r.amount) + Math.abs(r.late), 0)) },
    ],
  };
};
