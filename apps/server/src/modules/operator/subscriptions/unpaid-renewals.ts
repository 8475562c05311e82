import { sql } from 'drizzle-orm';
import { qualified as q } from '../../../core/db/sql.ts';
import { defineResource } from '../../../core/engine/registry.ts';
import type { Caller } from '../../../core/auth/actor.ts';
import { fail } from '../../../core/errors.ts';
import { PLATFORM_SERVICE, serviceOrders, services, tenantServices } from '../../fees/index.ts';
import { tenants } from '../../tenancy/index.ts';

const today = sql`(now() at time zone 'Asia/Shanghai')::date`;
const tenantId = q(tenants.id);

/**
 * A company's services that end within 30 days or have ended: the platform subscription (the company's own
 * expiry) and every active service it took. A renewal moves the end past 30 days, so a paid one leaves the list.
 */
const dueItems = sql`(
  select s.title, s.price, ${q(tenants.serviceExpire)} as end_date from ${services} s
  where s.code = ${PLATFORM_SERVICE} and s.status = 1 and ${q(tenants.serviceExpire)} is not null
  union all
  select s.title, s.price, ts.end_date from ${tenantServices} ts join ${services} s on s.id = ts.service_id
  where ts.tenant_id = ${tenantId} and s.status = 1 and s.code <> ${PLATFORM_SERVICE}
) due where due.end_date <= ${today} + 30`;

const scopeOf = ({ actor }: Pick<Caller, 'actor'>) => {
  const due = sql`exists (select 1 from ${dueItems})`;
  if (actor.kind === 'sys') return due;
  if (actor.kind === 'operator' && actor.operatorId !== null)
    return sql`${q(tenants.operatorId)} = ${actor.operatorId} and ${due}`;
  return sql`false`;
};

/**
 * 待续费 (operator): its companies with a service ending within 30 days or already ended, the soonest first;
 * the same path is the web's 欠费催缴, and each caller gets his app's screen.
 */
export const unpaidRenewalResource = defineResource({
  route: '/Web/Renewal/Unpaid/listConfig',
  title: '待续费',
  name: 'Unpaid',
  menu: { app: 'operator', group: 'operations', order: 5, buttons: ['export'] },
  table: tenants,
  ownership: 'global',
  order: [
    { column: 'service_expire', dir: 'asc' },
    { column: 'id', dir: 'asc' },
  ],
  toolbar: ['export'],
  rowActions: ['detail'],
  fields: [
    { prop: 'name', label: '物业公司', type: 'text', search: true, width: 200, add: false, edit: false, import: false },
    {
      prop: 'services',
      label: '服务',
      type: 'text',
      computed: sql`(select string_agg(due.title, '、' order by due.end_date) from ${dueItems})`,
      width: 220,
    },
    {
      prop: 'expire_date',
      label: '到期日期',
      type: 'date',
      computed: sql`(select to_char(min(due.end_date), 'YYYY-MM-DD') from ${dueItems})`,
      sortable: true,
      width: 110,
    },
    {
      prop: 'days_left',
      label: '剩余天数',
      type: 'daysLeft',
      computed: sql`(select min(due.end_date) - ${today} from ${dueItems})`,
      width: 90,
    },
    {
      prop: 'price',
      label: '年费',
      type: 'money',
      computed: sql`(select sum(due.price) from ${dueItems})::bigint`,
      width: 110,
    },
    {
      prop: 'last_order_state',
      label: '最近订单状态',
      type: 'dict',
      dict: 'renewal_order_state',
      computed: sql`(select o.state from ${serviceOrders} o where o.tenant_id = ${tenantId} order by o.id desc limit 1)`,
      width: 110,
    },
    { prop: 'contact', label: '联系人', type: 'text', width: 90, add: false, edit: false, import: false },
    { prop: 'phone', label: '联系电话', type: 'text', width: 120, add: false, edit: false, import: false },
  ],
  hooks: {
    scope: scopeOf,
    beforeSave: () => {
      throw fail('待续费列表只读');
    },
    beforeDelete: () => {
      throw fail('待续费列表只读');
    },
  },
});
