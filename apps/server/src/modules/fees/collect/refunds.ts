import { touchTable } from '../../../core/engine/list-totals.ts';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { INT4_MAX, safeText } from '@5a/contracts';
import type { Caller } from '../../../core/auth/actor.ts';
import type { Db } from '../../../core/db/client.ts';
import { defineResource, type AppRegistry } from '../../../core/engine/registry.ts';
import { recordCustomAudit } from '../../../core/engine/audit.ts';
import { yuan } from '../format.ts';
import { customAction } from '../../../core/engine/custom-action.ts';
import { scopeWhere } from '../../../core/engine/scope.ts';
import { fail, notFound } from '../../../core/errors.ts';
import { formatTime } from '../../../core/time.ts';
import { villages } from '../../tenancy/index.ts';
import { buildings, houses } from '../../estate/index.ts';
import { qualified } from '../../../core/db/sql.ts';
import { refundDue } from '../schema.ts';

const BASE = '/Web/Renewal/RefundDue';

/** 标记已退款's answer: the row as it now is */
const refundedReply = z.object({
  id: z.number().int(),
  status: z.number().int(),
  refunded_by_name: z.string(),
  refunded_at: z.string(),
});
export const REFUND_PENDING = 1;
export const REFUND_DONE = 2;

/** {data} of the refund button; a missing data says which row is wanted */
const markBody = z.preprocess(
  (v) => v ?? {},
  z.object({
    id: z.coerce
      .number({ error: '请选择退款记录' })
      .int('请选择退款记录')
      .positive('请选择退款记录')
      .max(INT4_MAX, '请选择退款记录')
      .describe('退款记录 id'),
    remark: safeText('退款备注', 200).trim().optional().describe('退款备注'),
  }),
);

/**
 * 标记已退款 {id, remark?}: the money went back to the payer by hand (the provider's console or
 * cash); who and when are recorded. Only a pending row of the caller's scope can be marked, once.
 */
export const markRefunded = async (
  registry: AppRegistry,
  db: Db,
  caller: Caller,
  { id, remark }: z.output<typeof markBody>,
) => {
  const { actor } = caller;
  const scope = scopeWhere(refundDueResource, caller, true);
  const now = new Date();
  const done = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(refundDue)
      .set({
        status: REFUND_DONE,
        refundedBy: actor.id,
        refundedByName: actor.name,
        refundedAt: now,
        ...(remark ? { remark } : {}),
      })
      .where(and(eq(refundDue.id, id), eq(refundDue.status, REFUND_PENDING), scope))
      .returning({ id: refundDue.id, tenantId: refundDue.tenantId, amount: refundDue.amount });
    if (row)
      await recordCustomAudit(registry, tx, actor, {
        screen: refundDueResource.name,
        screenTitle: refundDueResource.title,
        action: 'refund',
        recordId: row.id,
        tenantId: row.tenantId,
        before: { status: REFUND_PENDING },
        after: { status: REFUND_DONE, amount: yuan(Number(row.amount)), remark: remark ?? '' },
      });
    return row;
  });
  if (done) touchTable(refundDue);
  if (done) return { id: done.id, status: REFUND_DONE, refunded_by_name: actor.name, refunded_at: formatTime(now) };
  const [seen] = await db
    .select({ status: refundDue.status })
    .from(refundDue)
    .where(and(eq(refundDue.id, id), scope));
  if (!seen) throw notFound();
  throw fail('该记录已标记为已退款');
};

/**
 * 退款管理: money that arrived but settled nothing (a late or duplicate payment, a wrong amount),
 * recorded by the settlement and refunded by hand. The rows are financial records: no add, edit
 * or delete; the one change is 标记已退款.
 */
export const refundDueResource = defineResource({
  route: `${BASE}/listConfig`,
  title: '退款管理',
  name: 'RefundDue',
  // 标记已退款 is the edit right
  menu: { app: 'web', group: 'fees', title: '退款管理', order: 8, buttons: ['edit', 'export'] },
  table: refundDue,
  ownership: 'tenant',
  villageScoped: true,
  order: [
    { column: 'status', dir: 'asc' },
    { column: 'id', dir: 'desc' },
  ],
  toolbar: ['export'],
  rowActions: [],
  customButtons: [
    {
      emit: 'refund',
      api: `${BASE}/refund`,
      title: '标记已退款',
      isconfirm: true,
      showRule: { key: 'status', val: String(REFUND_PENDING) },
    },
  ],
  fields: [
    {
      prop: 'village_id',
      label: '所属小区',
      type: 'select',
      optionsUrl: '/Web/Basic/Village/options',
      search: true,
      readonly: true,
      width: 120,
      ref: { table: villages, labelColumn: 'name', tenantScoped: true },
    },
    {
      prop: 'house_name',
      label: '房屋',
      type: 'text',
      computed: sql`(select b.name || h.unit_name || h.name from ${houses} h join ${buildings} b on b.id = h.building_id where h.id = ${qualified(refundDue.houseId)} and h.tenant_id = ${qualified(refundDue.tenantId)})`,
      width: 140,
    },
    { prop: 'out_trade_no', label: '商户订单号', type: 'text', readonly: true, search: true, width: 200 },
    { prop: 'transaction_id', label: '支付流水号', type: 'text', readonly: true, search: true, width: 200 },
    { prop: 'amount', label: '退款金额', type: 'money', readonly: true, width: 100 },
    { prop: 'reason', label: '退款原因', type: 'text', readonly: true, width: 260 },
    { prop: 'status', label: '状态', type: 'dict', dict: 'refund_status', readonly: true, search: 'eq', width: 90 },
    { prop: 'refunded_by_name', label: '退款操作人', type: 'text', readonly: true, width: 100 },
    { prop: 'refunded_at', label: '退款时间', type: 'datetime', readonly: true, width: 170 },
    { prop: 'remark', label: '退款备注', type: 'text', readonly: true, table: false },
    { prop: 'created_at', label: '登记时间', type: 'datetime', readonly: true, search: 'range', width: 170 },
  ],
  hooks: {
    beforeSave: () => {
      throw fail('退款记录由支付结算生成，不能手工新增或修改');
    },
    beforeDelete: () => {
      throw fail('退款记录不能删除');
    },
    custom: {
      // the engine's custom-action route: POST {base}/refund {data: row}, granted by RefundDue:edit
      refund: customAction('edit', markBody, refundedReply, ({ db, caller, registry }, data) =>
        markRefunded(registry, db as Db, caller, data),
      ),
    },
  },
});
