import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { idListOf } from '@5a/contracts';
import type { ReceiptDoc, ReceiptDocsReply, ReceiptLayout, ReceiptSettings } from '@5a/contracts/endpoints/receipts';
import type { Db } from '../../../core/db/client.ts';
import { intArray } from '../../../core/db/sql.ts';
import { scopeWhere, type Caller } from '../../../core/engine/scope.ts';
import type { Tx } from '../../../core/engine/types.ts';
import { notFound } from '../../../core/errors.ts';
import { formatDate } from '../../../core/time.ts';
import { users } from '../../auth/index.ts';
import { buildings, houses } from '../../estate/index.ts';
import { tenants, villages } from '../../tenancy/index.ts';
import { lateFeeSql, ownerNameSql, renewalListResource } from '../bills/resource.ts';
import { yuan } from '../format.ts';
import { bills, payments } from '../schema.ts';
import { receiptPrints, receipts, receiptSettings } from '../schema-receipt.ts';

const LAYOUTS = ['a4', 'half', 'continuous'] as const satisfies readonly ReceiptLayout[];
const METHODS: Record<number, string> = { 1: '银行卡', 2: '现金', 3: '支付宝', 4: '微信', 5: '预存余额' };
export const DEFAULT_SETTINGS: ReceiptSettings = { layout: 'a4', title: '', header: '', footer: '' };

export const receiptIdsBody = z.object({
  ids: idListOf('ids', { max: 200, tooMany: '一次最多打印200条账单' }),
});

const text = (label: string, max: number) =>
  z
    .string({ error: `${label}格式错误` })
    .trim()
    .max(max, `${label}不能超过${max}个字符`)
    .default('');
export const settingsBody = z.object({
  layout: z.enum(LAYOUTS, { error: '请选择纸张版式' }),
  title: text('收据标题', 50),
  header: text('页眉文字', 200),
  footer: text('页脚文字', 200),
});

const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;

export const receiptSettingsOf = async (db: Db | Tx, tenantId: number): Promise<ReceiptSettings> => {
  const [row] = await db
    .select({
      layout: receiptSettings.layout,
      title: receiptSettings.title,
      header: receiptSettings.header,
      footer: receiptSettings.footer,
    })
    .from(receiptSettings)
    .where(sql`${receiptSettings.tenantId} = ${tenantId}`);
  if (!row) return DEFAULT_SETTINGS;
  const layout = LAYOUTS.find((l) => l === row.layout) ?? 'a4';
  return { ...row, layout };
};

export const saveReceiptSettings = async (db: Db, caller: Caller, s: ReceiptSettings): Promise<ReceiptSettings> => {
  const tenantId = caller.actor.tenantId!;
  await db
    .insert(receiptSettings)
    .values({ tenantId, ...s })
    .onConflictDoUpdate({ target: receiptSettings.tenantId, set: { ...s, updatedAt: new Date() } });
  return receiptSettingsOf(db, tenantId);
};

type Line = {
  id: number;
  village_id: number;
  village: string;
  house_id: number;
  house: string;
  payer: string | null;
  name: string;
  period: string;
  status: number;
  due: string;
  paid: string;
  payment_id: number | null;
  pay_method: number | null;
  paid_on: string | null;
  collector: string | null;
  channel: string | null;
  order_num: string | null;
};

/** The chosen bills with what a paper shows of them, all within the caller's scope (else 数据不存在). */
const linesOf = async (tx: Tx, caller: Caller, ids: number[]): Promise<Line[]> => {
  const b = bills;
  const rows = rowsOf<Line>(
    await tx.execute(sql`
      select ${b.id} as id, ${b.villageId} as village_id, v.name as village, ${b.houseId} as house_id,
        concat_ws(' ', bd.name, nullif(h.unit_name, ''), h.name) as house, ${ownerNameSql(sql`${b.houseId}`, sql`${b.tenantId}`)} as payer,
        ${b.name} as name, to_char(${b.periodStart}, 'YYYY-MM-DD') || ' 至 ' || to_char(${b.periodEnd}, 'YYYY-MM-DD') as period,
        ${b.status} as status,
        (${b.amount} + ${lateFeeSql({ status: sql`${b.status}`, amount: sql`${b.amount}`, rate: sql`${b.lateFeeRate}`, due: sql`${b.dueDate}`, stored: sql`${b.lateFee}` })})::text as due,
        coalesce(${b.paidAmount}, 0)::text as paid, ${b.paymentId} as payment_id, ${b.payMethod} as pay_method,
        to_char(${b.paidAt} at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as paid_on, u.name as collector, p.channel, p.order_num
      from ${bills}
      join ${villages} v on v.id = ${b.villageId}
      left join ${houses} h on h.id = ${b.houseId}
      left join ${buildings} bd on bd.id = h.building_id
      left join ${payments} p on p.id = ${b.paymentId}
      left join ${users} u on u.id = p.user_id
      where ${b.id} = any(${intArray(ids)}) and ${scopeWhere(renewalListResource, caller, false) ?? sql`true`}
      order by ${b.houseId}, ${b.periodStart}, ${b.id}`),
  );
  if (rows.length !== new Set(ids).size) throw notFound();
  return rows;
};

/** the paper a line belongs to: its collection's receipt, or its house's notice */
const sourceOf = (l: Line) => (l.status === 2 ? (l.payment_id ? `p${l.payment_id}` : `b${l.id}`) : `h${l.house_id}`);

/**
 * Gives each paid collection among the sources its receipt number, once: a per-company advisory lock keeps
 * the numbers 1, 2, 3 … without gaps or twins however many offices print at once.
 */
const numberReceipts = async (tx: Tx, tenantId: number, wanted: { source: string; villageId: number }[]) => {
  if (!wanted.length) return new Map<string, { id: number; no: string; printed: boolean }>();
  await tx.execute(sql`select pg_advisory_xact_lock(872302, ${tenantId}::int)`);
  const sources = wanted.map((w) => w.source);
  const known = async () =>
    rowsOf<{ id: number; source: string; no: string; printed: boolean }>(
      await tx.execute(sql`select r.id, r.source, r.no,
          exists (select 1 from ${receiptPrints} p where p.receipt_id = r.id) as printed
        from ${receipts} r where r.tenant_id = ${tenantId} and r.source = any(${`{${sources.join(',')}}`}::text[])`),
    );
  const have = await known();
  const missing = wanted.filter((w) => !have.some((h) => h.source === w.source));
  if (missing.length) {
    await tx.execute(sql`
      insert into ${receipts} (tenant_id, village_id, source, seq, no)
      select ${tenantId}, m.village_id, m.source, base.n + m.k, 'SJ' || lpad((base.n + m.k)::text, 8, '0')
      from unnest(${`{${missing.map((m) => m.source).join(',')}}`}::text[], ${intArray(missing.map((m) => m.villageId))})
        with ordinality as m(source, village_id, k),
        (select coalesce(max(seq), 0) as n from ${receipts} where tenant_id = ${tenantId}) base`);
  }
  return new Map((missing.length ? await known() : have).map((r) => [r.source, r]));
};

/**
 * What the chosen bills print as: each collection among them a 收据 (numbered on its first printing, 补打 once
 * printed), the unpaid ones of each house a 缴费通知单. A receipt shows the whole collection it belongs to only
 * as far as its bills were chosen, never another house's lines.
 */
export const receiptDocs = async (db: Db, caller: Caller, ids: number[]): Promise<ReceiptDocsReply> => {
  const tenantId = caller.actor.tenantId!;
  return db.transaction(async (tx) => {
    const lines = await linesOf(tx, caller, ids);
    const groups = new Map<string, Line[]>();
    for (const l of lines) groups.set(sourceOf(l), [...(groups.get(sourceOf(l)) ?? []), l]);
    const paid = [...groups.entries()].filter(([s]) => !s.startsWith('h'));
    const numbers = await numberReceipts(
      tx,
      tenantId,
      paid.map(([source, ls]) => ({ source, villageId: ls[0]!.village_id })),
    );
    const today = formatDate(new Date());
    const docs: ReceiptDoc[] = [...groups.entries()].map(([source, ls]) => {
      const first = ls[0]!;
      const receipt = numbers.get(source);
      const isReceipt = !source.startsWith('h');
      const fen = ls.map((l) => Number(isReceipt ? l.paid : l.due));
      return {
        kind: isReceipt ? 'receipt' : 'notice',
        no: receipt?.no ?? '',
        reprint: receipt?.printed ?? false,
        date: isReceipt ? (first.paid_on ?? today) : today,
        village: first.village,
        house: first.house,
        payer: first.payer ?? '',
        lines: ls.map((l, i) => ({ name: l.name, period: l.period, amount: yuan(fen[i]!) })),
        total: yuan(fen.reduce((s, f) => s + f, 0)),
        method: isReceipt ? (METHODS[first.pay_method ?? 0] ?? '') : '',
        order_num: isReceipt ? (first.order_num ?? '') : '',
        collector: !isReceipt
          ? ''
          : first.channel === 'onsite' || first.channel === 'balance' || !first.channel
            ? (first.collector ?? '')
            : '线上支付',
        bill_ids: ls.map((l) => l.id),
      };
    });
    const [company] = rowsOf<{ name: string }>(
      await tx.execute(sql`select name from ${tenants} where id = ${tenantId}`),
    );
    return { company: company?.name ?? '', settings: await receiptSettingsOf(tx, tenantId), docs };
  });
};

/** Records one print of every paper of the chosen bills; a receipt printed before is recorded as 补打. */
export const recordPrints = async (db: Db, caller: Caller, ids: number[]): Promise<{ printed: number }> => {
  const { docs } = await receiptDocs(db, caller, ids);
  const tenantId = caller.actor.tenantId!;
  if (!docs.length) return { printed: 0 };
  // set-based: the receipts' ids in one read, every print in one insert
  const nos = docs.filter((d) => d.kind === 'receipt').map((d) => d.no);
  const found = nos.length
    ? await db
        .select({ id: receipts.id, no: receipts.no })
        .from(receipts)
        .where(and(eq(receipts.tenantId, tenantId), inArray(receipts.no, nos)))
    : [];
  const idOf = new Map(found.map((r) => [r.no, r.id]));
  await db.insert(receiptPrints).values(
    docs.map((d) => ({
      tenantId,
      receiptId: d.kind === 'receipt' ? (idOf.get(d.no) ?? null) : null,
      kind: d.kind === 'receipt' ? 1 : 2,
      billIds: d.bill_ids,
      reprint: d.reprint,
      userId: caller.actor.id,
      userName: caller.actor.name.slice(0, 50),
    })),
  );
  return { printed: docs.length };
};
