import { eq, sql } from 'drizzle-orm';
import type { Db } from '../core/db/client.ts';
import { houses } from '../modules/estate/schema.ts';
import { generateBills } from '../modules/fees/bills/generate.ts';
import {
  balanceLedger,
  bills,
  feeItems,
  feeSettings,
  meterReadings,
  payments,
  services,
  tenantServices,
} from '../modules/fees/schema.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** 'YYYY-MM' of the month `back` months before the current one (Asia/Shanghai). */
export const monthBack = (back: number) => {
  const now = new Date(Date.now() + 8 * 3600_000);
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
  return d.toISOString().slice(0, 7);
};

/**
 * Fee demo data for company A, set-based (a dozen statements whatever the house count): three fee
 * items per village, water readings, bills for the last three months through the same generator
 * the 生成账单 action uses, two thirds of the older bills paid (mixed methods, a few signed),
 * and prepaid balances with their ledger rows.
 */
export const seedFees = async (tx: Tx, ids: { tenantA: number; villagesA: [number, number] }) => {
  const t = ids.tenantA;
  const items = await tx
    .insert(feeItems)
    .values(
      ids.villagesA.flatMap((villageId) => [
        {
          tenantId: t,
          villageId,
          name: '物业费',
          category: 1,
          calcMode: 1,
          unitPrice: 250,
          periodType: 1,
          cycleMonths: 1,
          lateFeeRate: '0.50',
          startDate: '2024-01-01',
        },
        {
          tenantId: t,
          villageId,
          name: '垃圾清运费',
          category: 6,
          calcMode: 2,
          unitPrice: 1500,
          periodType: 1,
          cycleMonths: 1,
          lateFeeRate: '0',
          startDate: '2024-01-01',
        },
        {
          tenantId: t,
          villageId,
          name: '水费',
          category: 3,
          calcMode: 3,
          unitPrice: 320,
          unitLabel: 'm³',
          periodType: 1,
          cycleMonths: 1,
          lateFeeRate: '0.50',
          startDate: '2024-01-01',
        },
      ]),
    )
    .returning({ id: feeItems.id, name: feeItems.name, villageId: feeItems.villageId });
  const months = [monthBack(2), monthBack(1), monthBack(0)];
  const water = items.filter((i) => i.name === '水费');
  for (const [k, month] of months.entries()) {
    // a steady meter: 8–20 m³ a month, readings continuing month after month
    await tx.execute(sql`insert into ${meterReadings} (tenant_id, village_id, house_id, fee_item_id, month, prev_reading, curr_reading)
      select h.tenant_id, h.village_id, h.id, f.id, ${month},
             1000 + ${k} * 14 + (h.id % 5), 1000 + (${k} + 1) * 14 + (h.id % 5) + ((h.id * 7) % 13 - 6) + (h.id % 4) * 0.25
      from ${houses} h join ${feeItems} f on f.village_id = h.village_id and f.id = any(${`{${water.map((w) => w.id).join(',')}}`}::int[])
      where h.tenant_id = ${t}`);
    await generateBills(tx, t, eq(houses.tenantId, t), {
      fee_item_ids: items.map((i) => i.id),
      period_start: month,
      months: 1,
    });
  }

  // older months: two of three lines paid, one payment each, methods 1–4
  await tx.execute(sql`
    with paid as (
      select id, tenant_id, village_id, house_id, amount, (id % 4) + 1 as method, period_start
      from ${bills} where tenant_id = ${t} and period_start < ${`${months[2]}-01`}::date and id % 3 <> 0
    ), p as (
      insert into ${payments} (tenant_id, village_id, house_id, bill_ids, total, discount, amount, pay_method, order_num, channel, created_at)
      select tenant_id, village_id, house_id, array[id], amount, 100, amount, method, 'SK' || lpad(id::text, 8, '0'),
             case when method = 4 then 'online' else 'onsite' end, period_start::timestamp + make_interval(days => (id % 20)::int, hours => 9 + (id % 8)::int)
      from paid
      returning id, bill_ids[1] as bill_id, pay_method, created_at
    )
    update ${bills} b set status = 2, paid_amount = b.amount, pay_method = p.pay_method, payment_id = p.id, paid_at = p.created_at,
      is_signed = case when b.id % 7 = 0 then 1 else 2 end,
      invoice_no = case when b.id % 7 = 0 then 'FP' || lpad(b.id::text, 8, '0') else '' end,
      signed_at = case when b.id % 7 = 0 then p.created_at + interval '2 days' end
    from p where b.id = p.bill_id`);

  // prepaid balances: every fifth house topped up once (ledger: before 0 → after)
  await tx.execute(sql`
    with topped as (
      update ${houses} set balance = 20000 + (id % 7) * 5000 where tenant_id = ${t} and id % 5 = 0
      returning id, tenant_id, village_id, balance
    )
    insert into ${balanceLedger} (tenant_id, village_id, house_id, kind, before, change, after, reason, user_name, created_at)
    select tenant_id, village_id, id, 1, 0, balance, balance, '充值：本金' || to_char(balance / 100.0, 'FM999990.00') || '元', '阳光物业管理员',
           now() - make_interval(days => (id % 30)::int)
    from topped`);
  await tx.insert(feeSettings).values({
    tenantId: t,
    packages: [
      { principal: 100000, present: 5000 },
      { principal: 200000, present: 15000 },
    ],
    multiplier: '1.05',
    msgReminder: 5000,
    listReminder: 10000,
  });
};

/** menus a service unlocks, by the stable keys the start-up sync gives them */
const menuIdsOf = (keys: string[]) =>
  sql<number[]>`array(select id from menus where menu_key = any(${`{${keys.join(',')}}`}::text[]) order by id)`;

/**
 * The platform's service catalogue (prices in fen per year) and company A's subscriptions: the
 * platform itself until tenants.service_expire, online payment, SMS, access control, video and parking active,
 * 电子发票 lapsed (shows 开通, its menus hidden). Each service names the web menus it unlocks by their stable keys.
 */
export const seedServices = async (tx: Tx, ids: { tenantA: number }) => {
  const rows = await tx
    .insert(services)
    .values([
      {
        code: 'platform',
        title: '物业管理平台',
        description: '小区、房屋、住户、收费、报修等物业管理核心功能',
        price: 300000,
        sort: 1,
      },
      {
        code: 'online_pay',
        title: '在线缴费',
        description: '业主扫码或在微信中缴纳物业费，自动对账',
        price: 100000,
        sort: 2,
      },
      { code: 'sms', title: '短信通知', description: '欠费催缴、余额提醒等短信通知', price: 50000, sort: 3 },
      {
        code: 'access',
        title: '智能门禁',
        description: '人脸、刷卡与二维码门禁管理',
        price: 120000,
        sort: 4,
        menuIds: menuIdsOf(['web:AccessControlManagement', 'web:AccessRecord', 'web:Visitor']),
      },
      {
        code: 'video',
        title: '视频监控',
        description: '监控大屏、实时预览与录像回放',
        price: 150000,
        sort: 5,
        menuIds: menuIdsOf(['web:VideoList', 'web:MonitorScreen']),
      },
      {
        code: 'parking',
        title: '智慧停车',
        description: '车辆进出识别、月卡与临停收费',
        price: 120000,
        sort: 6,
        menuIds: menuIdsOf(['web:group:parking']),
      },
      {
        code: 'einvoice',
        title: '电子发票',
        description: '缴费后开具电子普通发票并推送给业主',
        price: 80000,
        sort: 7,
      },
    ])
    .returning({ id: services.id, code: services.code });
  const id = (code: string) => rows.find((r) => r.code === code)!.id;
  const year = Number(monthBack(0).slice(0, 4));
  await tx.insert(tenantServices).values([
    { tenantId: ids.tenantA, serviceId: id('online_pay'), endDate: `${year + 1}-12-31` },
    { tenantId: ids.tenantA, serviceId: id('sms'), endDate: `${year + 1}-06-30` },
    { tenantId: ids.tenantA, serviceId: id('access'), endDate: `${year + 1}-12-31` },
    { tenantId: ids.tenantA, serviceId: id('video'), endDate: `${year + 1}-12-31` },
    { tenantId: ids.tenantA, serviceId: id('parking'), endDate: `${year + 1}-12-31` },
    { tenantId: ids.tenantA, serviceId: id('einvoice'), endDate: `${year - 1}-06-30` },
  ]);
};
