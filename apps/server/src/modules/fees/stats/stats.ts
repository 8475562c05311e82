import { and, eq, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import { idOf } from '@5a/contracts';
import type { Db } from '../../../core/db/client.ts';
import { qualified } from '../../../core/db/sql.ts';
import { isRealDate } from '../../../core/engine/bounds.ts';
import type { Caller } from '../../../core/engine/scope.ts';
import { fail, invalid } from '../../../core/errors.ts';
import { dictData } from '../../system/index.ts';
import { villages } from '../../tenancy/index.ts';
import { today } from '../bills/resource.ts';
import { bills, feeItems } from '../schema.ts';
import type { FinancialSubjects } from './financial-subjects.ts';

/** Every statistic reads bills of the caller's company and villages only. */
const scoped = (caller: Caller): SQL | undefined =>
  and(
    eq(bills.tenantId, caller.actor.tenantId!),
    caller.villageIds === null
      ? undefined
      : caller.villageIds.length
        ? inArray(bills.villageId, [...caller.villageIds])
        : sql`false`,
  );

const COLORS = ['#3aa1ff', '#ff6f6f', '#ffc53d', '#36cbcb', '#975fe4', '#4ecb73'];
export type Slice = { name: string; value: number; color?: string };
const toYuan = (fen: unknown) => Math.round(Number(fen ?? 0)) / 100;
/** a day that exists: PostgreSQL refuses 2024-13-45 with an error */
const dateRe = { test: (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && isRealDate(s) };
const monthRe = /^\d{4}-(0[1-9]|1[0-2])$/;
const categoryName = sql<string>`coalesce((select d.dict_label from ${dictData} d where d.dict_type = 'fee_category' and d.dict_value = ${bills.category}::text and d.tenant_id is null limit 1), '其他')`;
const shanghai = (d: string) => sql`(${d}::date)::timestamp at time zone 'Asia/Shanghai'`;

/** 收费统计: received vs still unpaid, over bills due in the range. */
const collection = async (db: Db, caller: Caller, from: string, to: string): Promise<Slice[]> => {
  const [r] = await db
    .select({
      paid: sql<number>`coalesce(sum(case when ${bills.status} = 2 then ${bills.paidAmount} else 0 end), 0)`.mapWith(
        Number,
      ),
      unpaid: sql<number>`coalesce(sum(case when ${bills.status} = 1 then ${bills.amount} else 0 end), 0)`.mapWith(
        Number,
      ),
    })
    .from(bills)
    .where(and(scoped(caller), gte(bills.dueDate, from), lte(bills.dueDate, to)));
  return [
    { name: '已收金额', value: toYuan(r?.paid), color: COLORS[0] },
    { name: '未收金额', value: toYuan(r?.unpaid), color: COLORS[1] },
  ];
};

/** 本期收款构成: money received in the range (by payment time) per fee category. */
const composition = async (db: Db, caller: Caller, from: string, to: string): Promise<Slice[]> => {
  const rows = await db
    .select({ name: categoryName, value: sql<number>`sum(${bills.paidAmount})`.mapWith(Number) })
    .from(bills)
    .where(
      and(
        scoped(caller),
        eq(bills.status, 2),
        sql`${bills.paidAt} >= ${shanghai(from)}`,
        sql`${bills.paidAt} < ${shanghai(to)} + interval '1 day'`,
      ),
    )
    .groupBy(bills.category)
    .orderBy(bills.category);
  return rows.map((r, i) => ({ name: r.name, value: toYuan(r.value), color: COLORS[i % COLORS.length] }));
};

/** 欠费统计: unpaid and past due, per fee category, over bills due in the range. */
const arrears = async (db: Db, caller: Caller, from: string, to: string): Promise<Slice[]> => {
  const rows = await db
    .select({ name: categoryName, value: sql<number>`sum(${bills.amount})`.mapWith(Number) })
    .from(bills)
    .where(
      and(
        scoped(caller),
        eq(bills.status, 1),
        lt(bills.dueDate, today),
        gte(bills.dueDate, from),
        lte(bills.dueDate, to),
      ),
    )
    .groupBy(bills.category)
    .orderBy(bills.category);
  return rows.map((r, i) => ({ name: r.name, value: toYuan(r.value), color: COLORS[i % COLORS.length] }));
};

const monthEnd = (m: string) => {
  const [y, mo] = m.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, mo, 0)).toISOString().slice(0, 10);
};
const nowParts = () => {
  const d = new Date(Date.now() + 8 * 3600_000).toISOString();
  return { year: d.slice(0, 4), month: d.slice(0, 7), day: d.slice(0, 10) };
};

export type RevenueBody = { start_time?: unknown; end_time?: unknown; arrearsStart?: unknown; arrearsEnd?: unknown };

/** The figures of 收费统计; the route names them by the page's keys (sftj, skzc, qftj, qfinfo). */
export type Revenue = {
  collection?: Slice[];
  composition?: Slice[];
  arrears?: Slice[];
  arrearsByMonth?: Slice[];
};

/**
 * PayStatistics/revenue. {} → this year's collection and arrears, this month's receipts;
 * ?isSearch=1 {start_time, end_time} → the collection and composition of that range; {arrearsStart, arrearsEnd}
 * (yyyy-MM) → the arrears total as one pie item plus per month. No range: refused.
 */
export const revenue = async (db: Db, caller: Caller, isSearch: boolean, body: RevenueBody): Promise<Revenue> => {
  const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  const [start, end, aStart, aEnd] = [
    str(body.start_time),
    str(body.end_time),
    str(body.arrearsStart),
    str(body.arrearsEnd),
  ];
  if (aStart || aEnd) {
    if (!monthRe.test(aStart) || !monthRe.test(aEnd)) throw invalid('欠费月份格式应为YYYY-MM', 'arrearsStart');
    if (aStart > aEnd) throw invalid('开始月份不能晚于结束月份', 'arrearsStart');
    const from = `${aStart}-01`;
    const to = monthEnd(aEnd);
    const rows = await db
      .select({
        month: sql<string>`to_char(${bills.dueDate}, 'YYYY-MM')`,
        value: sql<number>`sum(${bills.amount})`.mapWith(Number),
      })
      .from(bills)
      .where(
        and(
          scoped(caller),
          eq(bills.status, 1),
          lt(bills.dueDate, today),
          gte(bills.dueDate, from),
          lte(bills.dueDate, to),
        ),
      )
      .groupBy(sql`1`)
      .orderBy(sql`1`);
    const total = rows.reduce((s, r) => s + r.value, 0);
    return {
      arrears: [{ name: '欠费金额', value: toYuan(total), color: COLORS[1] }],
      arrearsByMonth: rows.map((r) => ({ name: r.month, value: toYuan(r.value) })),
    };
  }
  if (isSearch) {
    if (!dateRe.test(start) || !dateRe.test(end)) throw fail('请选择查询时间范围');
    if (start > end) throw invalid('开始日期不能晚于结束日期', 'start_time');
    return {
      collection: await collection(db, caller, start, end),
      composition: await composition(db, caller, start, end),
    };
  }
  const { year, month } = nowParts();
  const [yFrom, yTo] = [`${year}-01-01`, `${year}-12-31`];
  return {
    collection: await collection(db, caller, yFrom, yTo),
    composition: await composition(db, caller, `${month}-01`, monthEnd(month)),
    arrears: await arrears(db, caller, yFrom, yTo),
  };
};

const TABS = [
  { key: 'item', title: '按收费项目' },
  { key: 'village', title: '按小区' },
  { key: 'month', title: '按月份' },
] as const;

/**
 * Financial/index?tabkey=item|village|month {id?: village, start_time?, end_time?} — receivable,
 * received, unpaid and late fees of bills due in the range (default: this year), grouped by the tab.
 */
export const financial = async (
  db: Db,
  caller: Caller,
  tabkey: string | undefined,
  body: { id?: unknown; start_time?: unknown; end_time?: unknown },
  // the cars and spaces the parking module lends this app (`financialSubjects(registry)`); none for a village view
  subjects: FinancialSubjects | null = null,
) => {
  const tab = TABS.find((t) => t.key === tabkey) ?? TABS[0];
  const { year } = nowParts();
  const from = typeof body.start_time === 'string' && dateRe.test(body.start_time) ? body.start_time : `${year}-01-01`;
  const to = typeof body.end_time === 'string' && dateRe.test(body.end_time) ? body.end_time : `${year}-12-31`;
  // 0 or nothing: every village; a car or a space ('car:12', 'space:5') from the selector: its bills
  const all = body.id === undefined || body.id === null || body.id === '' || body.id === 0 || body.id === '0';
  const subject = !all && typeof body.id === 'string' && /^[a-z]+:/.test(body.id) ? body.id : null;
  const subjectBills = subject ? (subjects?.billsOf(subject, caller.actor.tenantId ?? -1) ?? null) : null;
  if (subject && !subjectBills) throw invalid('车辆/车位 格式错误', 'id');
  const villageId = all || subject ? null : idOf('id').parse(body.id);
  const key =
    tab.key === 'village'
      ? sql<string>`(select v.name from ${villages} v where v.id = ${qualified(bills.villageId)} and v.tenant_id = ${qualified(bills.tenantId)})`
      : tab.key === 'month'
        ? sql<string>`to_char(${bills.periodStart}, 'YYYY-MM')`
        : // by fee item, not by line name: every space's renewal (车位续费-A001 …) is one 车位费 row
          sql<string>`coalesce((select f.name from ${feeItems} f where f.id = ${qualified(bills.feeItemId)} and f.tenant_id = ${qualified(bills.tenantId)}), ${bills.name})`;
  const rows = await db
    .select({
      name: key,
      receivable: sql<number>`sum(${bills.amount})`.mapWith(Number),
      received: sql<number>`sum(case when ${bills.status} = 2 then ${bills.paidAmount} else 0 end)`.mapWith(Number),
      unpaid: sql<number>`sum(case when ${bills.status} = 1 then ${bills.amount} else 0 end)`.mapWith(Number),
      late: sql<number>`sum(case when ${bills.status} = 2 then ${bills.lateFee} else 0 end)`.mapWith(Number),
      n: sql<number>`count(*)`.mapWith(Number),
    })
    .from(bills)
    .where(
      and(
        scoped(caller),
        gte(bills.dueDate, from),
        lte(bills.dueDate, to),
        villageId ? eq(bills.villageId, villageId) : undefined,
        subjectBills ? sql`${bills.id} in (${subjectBills})` : undefined,
      ),
    )
    .groupBy(sql`1`)
    .orderBy(sql`1`);
  const vs = await db
    .select({ id: villages.id, name: villages.name })
    .from(villages)
    .where(
      and(
        eq(villages.tenantId, caller.actor.tenantId!),
        caller.villageIds === null
          ? undefined
          : caller.villageIds.length
            ? inArray(villages.id, [...caller.villageIds])
            : sql`false`,
      ),
    )
    .orderBy(villages.id);
  const y = (fen: number) => (fen / 100).toFixed(2);
  return {
    tabs: TABS.map((t) => ({ key: t.key, title: t.title })),
    tabkey: tab.key,
    columnarInfo: {
      xAxis: rows.map((r) => r.name),
      series: [
        { name: '应收', data: rows.map((r) => toYuan(r.receivable)) },
        { name: '实收', data: rows.map((r) => toYuan(r.received)) },
        { name: '欠收', data: rows.map((r) => toYuan(r.unpaid)) },
      ],
    },
    tableColumn: [
      { prop: 'name', label: tab.key === 'village' ? '小区' : tab.key === 'month' ? '月份' : '收费项目' },
      { prop: 'count', label: '账单数' },
      { prop: 'receivable', label: '应收(元)' },
      { prop: 'received', label: '实收(元)' },
      { prop: 'unpaid', label: '欠收(元)' },
      { prop: 'late', label: '滞纳金(元)' },
      { prop: 'rate', label: '收缴率' },
    ],
    tableData: rows.map((r) => ({
      name: r.name,
      count: r.n,
      receivable: y(r.receivable),
      received: y(r.received),
      unpaid: y(r.unpaid),
      late: y(r.late),
      rate: r.receivable ? `${(((r.receivable - r.unpaid) / r.receivable) * 100).toFixed(1)}%` : '0.0%',
    })),
    tableTitle: `${tab.title.slice(1)}收费汇总表（${from} 至 ${to}）`,
    villageList: vs,
    // the selector (the route names it carSquireList): the villages, then the cars and spaces that have bills
    selector: [...vs, ...(subjects ? await subjects.list(db, caller) : [])],
  };
};
