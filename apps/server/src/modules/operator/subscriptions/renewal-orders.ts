import { sql } from 'drizzle-orm';
import { qualified as q } from '../../../core/db/sql.ts';
import { defineResource } from '../../../core/engine/registry.ts';
import type { Caller } from '../../../core/auth/actor.ts';
import { fail } from '../../../core/errors.ts';
import { serviceOrders, services } from '../../fees/index.ts';
import { operators, tenants } from '../../tenancy/index.ts';

const ro = { add: false, edit: false, import: false } as const;

/**
 * The orders a caller may see: the platform all, an operator those of its companies (whichever operator
 * the company has now), a company none (its own renewals are on 服务续费).
 */
export const renewalOrderScope = ({ actor }: Pick<Caller, 'actor'>) =>
  actor.kind === 'sys'
    ? undefined
    : actor.kind === 'operator' && actor.operatorId !== null
      ? sql`${q(serviceOrders.tenantId)} in (select t.id from ${tenants} t where t.operator_id = ${actor.operatorId})`
      : sql`false`;

/** SUCCESS with money noted for refund (a second payment, a wrong amount) shows as 待退款 */
const stateSql = sql`(case when ${q(serviceOrders.state)} = 'SUCCESS' and ${q(serviceOrders.remark)} like '%需退款%' then 'REFUND' else ${q(serviceOrders.state)} end)`;

/**
 * 续费订单: the companies' renewal orders paid to the platform (online, or recorded offline on 到期物业公司), with the
 * operator's share stamped when paid.
 */
export const renewalOrderResource = defineResource({
  route: '/Web/Renewal/RenewalOrder/listConfig',
  title: '续费订单',
  name: 'RenewalOrder',
  menu: [
    { app: 'operator', group: 'operations', order: 4, buttons: ['export'] },
    { app: 'sys', group: 'operators', order: 7, buttons: ['export'] },
  ],
  table: serviceOrders,
  ownership: 'global',
  order: [{ column: 'id', dir: 'desc' }],
  toolbar: ['export'],
  rowActions: ['detail'],
  totals: {
    havepaidtotal: sql`case when ${serviceOrders.state} = 'SUCCESS' then ${serviceOrders.amount} else 0 end`,
    sharetotal: sql`case when ${serviceOrders.state} = 'SUCCESS' then ${serviceOrders.shareAmount} else 0 end`,
  },
  fields: [
    { prop: 'out_trade_no', label: '订单号', type: 'text', search: true, width: 230, ...ro },
    {
      prop: 'tenant_name',
      label: '物业公司',
      type: 'text',
      computed: sql`(select t.name from ${tenants} t where t.id = ${q(serviceOrders.tenantId)})`,
      search: true,
      width: 180,
    },
    {
      prop: 'service_title',
      label: '服务',
      type: 'text',
      computed: sql`(select s.title from ${services} s where s.id = ${q(serviceOrders.serviceId)})`,
      search: true,
      width: 120,
    },
    { prop: 'years', label: '年限', type: 'number', width: 70, ...ro },
    { prop: 'amount', label: '金额', type: 'money', width: 100, ...ro },
    {
      prop: 'pay_method',
      label: '支付方式',
      type: 'dict',
      dict: 'renewal_pay_method',
      search: 'eq',
      width: 90,
      ...ro,
    },
    {
      prop: 'state',
      label: '状态',
      type: 'dict',
      dict: 'renewal_order_state',
      computed: stateSql,
      search: 'eq',
      width: 90,
    },
    {
      prop: 'paid_at',
      label: '支付时间',
      type: 'datetime',
      computed: sql`to_char(${q(serviceOrders.paidAt)} at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS')`,
      search: 'range',
      width: 170,
    },
    { prop: 'end_date', label: '服务到期', type: 'date', width: 110, ...ro },
    {
      prop: 'operator_name',
      label: '运营商',
      type: 'text',
      computed: sql`(select op.name from ${operators} op where op.id = coalesce(${q(serviceOrders.operatorId)},
        (select t.operator_id from ${tenants} t where t.id = ${q(serviceOrders.tenantId)})))`,
      width: 160,
    },
    { prop: 'share_amount', label: '分成金额', type: 'money', width: 100, ...ro },
    { prop: 'user_name', label: '下单人', type: 'text', width: 90, ...ro },
    { prop: 'remark', label: '备注', type: 'text', width: 200, ...ro },
  ],
  hooks: {
    scope: renewalOrderScope,
    // orders are written by ordering and settlement, or by an offline renewal on 到期物业公司, only
    beforeSave: () => {
      throw fail('续费订单由物业公司下单或线下续费产生，不能手工新增或修改');
    },
    beforeDelete: () => {
      throw fail('续费订单不能删除');
    },
  },
});
