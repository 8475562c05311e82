import { sql } from 'drizzle-orm';
import { ADVERT_STATES, advertApi } from '@5a/contracts/endpoints/community-advert';
import { qualified } from '../../../core/db/sql.ts';
import { defineResource } from '../../../core/engine/registry.ts';
import type { ResourceDef } from '../../../core/engine/types.ts';
import { fail, invalid } from '../../../core/errors.ts';
import { rowsOf } from '../input.ts';
import { voidServiceBill } from '../../fees/index.ts';
import { villageField } from '../../tenancy/index.ts';
import { advertBookings, advertSlots } from '../schema-advert.ts';
import { currentEnd, stateOfEnd } from './state.ts';

const slotId = qualified(advertSlots.id);
const slotTenant = qualified(advertSlots.tenantId);
const end = currentEnd(slotId, slotTenant);

/**
 * 广告管理: a village's ad slots with their state today (let, ending within 30 days, free) and who holds them;
 * 预订 books a slot for whole months and bills the advertiser's house.
 */
export const advertResource: ResourceDef = defineResource({
  route: '/Web/Community/Advert/listConfig',
  title: '广告位',
  name: 'Advert',
  menu: { app: 'web', group: 'community', title: '广告管理', order: 4, buttons: ['add', 'edit', 'remove', 'export'] },
  table: advertSlots,
  ownership: 'tenant',
  villageScoped: true,
  order: [{ column: 'id', dir: 'desc' }],
  toolbar: ['add', 'export'],
  rowActions: ['edit', { type: 'advertBook', title: '预订', api: advertApi.book }, 'delete'],
  dependents: [
    { table: advertBookings, column: 'slot_id', message: (r, n) => `广告位“${String(r.name)}”有${n}条订单，不能删除` },
  ],
  fields: [
    villageField(),
    {
      prop: 'category_id',
      label: '分类',
      type: 'select',
      optionsUrl: '/Web/Community/Category/options',
      search: 'eq',
      width: 100,
    },
    { prop: 'name', label: '广告位名称', type: 'text', required: true, maxLength: 50, search: true, width: 140 },
    { prop: 'place', label: '位置', type: 'text', maxLength: 100, width: 140 },
    { prop: 'size', label: '尺寸', type: 'text', maxLength: 50, width: 100 },
    { prop: 'price', label: '月租金(元)', type: 'money', required: true, min: 0.01, max: 1000000, width: 110 },
    {
      prop: 'state',
      label: '状态',
      type: 'select',
      options: [...ADVERT_STATES],
      computed: stateOfEnd(end),
      search: 'eq',
      add: false,
      edit: false,
      import: false,
      width: 90,
    },
    {
      prop: 'advertiser',
      label: '当前广告主',
      type: 'text',
      computed: sql`(select b.advertiser from advert_bookings b
        where b.slot_id = ${slotId} and b.tenant_id = ${slotTenant} and b.end_date = ${end} order by b.id desc limit 1)`,
      add: false,
      edit: false,
      import: false,
      width: 120,
    },
    {
      prop: 'end_date',
      label: '到期日期',
      type: 'date',
      computed: sql`(${end})::text`,
      sortable: false,
      add: false,
      edit: false,
      import: false,
      width: 110,
    },
    { prop: 'remark', label: '备注', type: 'text', maxLength: 200, width: 140 },
  ],
  hooks: {
    // a category is the company's own: another company's id does not exist here
    beforeSave: async ({ db, caller }, values) => {
      const category = values.categoryId;
      if (category === undefined || category === null) return values;
      const [c] = await rowsOf<{ id: number }>(
        db,
        sql`select id from community_categories where id = ${Number(category)} and tenant_id = ${caller.actor.tenantId}`,
      );
      if (!c) throw invalid('分类 不存在', 'category_id');
      return values;
    },
  },
});

/** 广告订单: every booking with its bill's state; an unpaid one may be withdrawn (its bill goes with it). */
export const advertBookingResource: ResourceDef = defineResource({
  route: '/Web/Community/AdvertBooking/listConfig',
  title: '广告订单',
  name: 'AdvertBooking',
  menu: { app: 'web', group: 'community', title: '广告订单', order: 5, buttons: ['remove', 'export'] },
  table: advertBookings,
  ownership: 'tenant',
  villageScoped: true,
  order: [{ column: 'id', dir: 'desc' }],
  toolbar: ['export'],
  rowActions: ['delete'],
  fields: [
    villageField({ add: false, edit: false, import: false }),
    {
      prop: 'slot_name',
      label: '广告位',
      type: 'text',
      computed: sql`(select s.name from advert_slots s where s.id = ${qualified(advertBookings.slotId)} and s.tenant_id = ${qualified(advertBookings.tenantId)})`,
      add: false,
      edit: false,
      import: false,
      width: 140,
    },
    {
      prop: 'advertiser',
      label: '广告主',
      type: 'text',
      search: true,
      add: false,
      edit: false,
      import: false,
      width: 140,
    },
    { prop: 'contact', label: '联系人', type: 'text', add: false, edit: false, import: false, width: 90 },
    { prop: 'phone', label: '联系电话', type: 'text', add: false, edit: false, import: false, width: 120 },
    { prop: 'start_date', label: '开始日期', type: 'date', add: false, edit: false, import: false, width: 110 },
    { prop: 'end_date', label: '结束日期', type: 'date', add: false, edit: false, import: false, width: 110 },
    { prop: 'months', label: '租期(月)', type: 'number', add: false, edit: false, import: false, width: 80 },
    { prop: 'amount', label: '金额(元)', type: 'money', add: false, edit: false, import: false, width: 100 },
    {
      prop: 'paid',
      label: '缴费状态',
      type: 'select',
      options: [
        { label: '未缴', value: 1 },
        { label: '已缴', value: 2 },
      ],
      computed: sql`(case when ${qualified(advertBookings.paidAt)} is null then 1 else 2 end)::int`,
      search: 'eq',
      add: false,
      edit: false,
      import: false,
      width: 90,
    },
    { prop: 'created_at', label: '下单时间', type: 'datetime', add: false, edit: false, import: false, width: 160 },
  ],
  hooks: {
    beforeSave: () => {
      throw fail('广告订单由广告位的预订生成');
    },
    // withdrawing a booking takes its unpaid bill with it; a paid one is a financial record and stays
    beforeDelete: async ({ db }, existing) => {
      const bill = existing.billId ?? existing.bill_id;
      if (bill !== null && bill !== undefined && !(await voidServiceBill(db, Number(bill))))
        throw fail('该订单的账单已缴费，不能删除');
    },
  },
});
