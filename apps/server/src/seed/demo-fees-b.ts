import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../core/db/client.ts';
import { touchTable } from '../core/engine/list-totals.ts';
import { houses } from '../modules/estate/schema.ts';
import { users } from '../modules/auth/schema.ts';
import { generateBills } from '../modules/fees/bills/generate.ts';
import { bills, feeItems, meterReadings, payments, payOrders, refundDue } from '../modules/fees/schema.ts';
import { monthBack } from './fees.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** a WeChat Pay transaction id: 4200 + digits + the paid date (Shanghai) + digits, from a row id */
const wxTransaction = (paidAt: SQL, salt: SQL) =>
  sql`'42000' || lpad(((${salt})::bigint * 7919 % 100000)::text, 5, '0') || to_char((${paidAt}) at time zone 'Asia/Shanghai', 'YYYYMMDD')
    || lpad(((${salt})::bigint * 104729 % 10000000000)::text, 10, '0')`;

/**
 * Company B's small fee set in 安居小区, written as its office would have: three fee items, two months of water
 * readings (this month's not read yet), bills for the last three months through the 生成账单 generator, each
 * house paying a month's lines at once — cash at the desk or WeChat Pay through an online order — except a
 * few, whose lines are now overdue; and one duplicate WeChat payment, refunded through the merchant console.
 */
export const seedFeesB = async (tx: Tx, ids: { tenantB: number; villageB: number }) => {
  const t = ids.tenantB;
  const items = await tx
    .insert(feeItems)
    .values([
      {
        tenantId: t,
        villageId: ids.villageB,
        name: '物业费',
        category: 1,
        calcMode: 1,
        unitPrice: 180,
        periodType: 1,
        cycleMonths: 1,
        lateFeeRate: '0.50',
        startDate: '2025-01-01',
      },
      {
        tenantId: t,
        villageId: ids.villageB,
        name: '水费',
        category: 3,
        calcMode: 3,
        unitPrice: 300,
        unitLabel: 'm³',
        periodType: 1,
        cycleMonths: 1,
        lateFeeRate: '0.50',
        startDate: '2025-01-01',
      },
      {
        tenantId: t,
        villageId: ids.villageB,
        name: '垃圾清运费',
        category: 6,
        calcMode: 2,
        unitPrice: 1000,
        periodType: 1,
        cycleMonths: 1,
        lateFeeRate: '0',
        startDate: '2025-01-01',
        remark: '按户每月固定收取',
      },
    ])
    .returning({ id: feeItems.id, name: feeItems.name });
  const water = items.find((i) => i.name === '水费')!.id;
  const months = [monthBack(2), monthBack(1), monthBack(0)];
  for (const [k, month] of months.entries()) {
    // this month's meters are read at its end; a month starts where the last one ended (7–15 m³ a month)
    const used = (m: number) => sql`(7 + (id * 5 + ${m} * 3) % 9)`;
    if (k < 2)
      await tx.execute(sql`insert into ${meterReadings} (tenant_id, village_id, house_id, fee_item_id, month, prev_reading, curr_reading)
        select tenant_id, village_id, id, ${water}, ${month}, r.prev, r.prev + ${used(k)}
        from ${houses}, lateral (select 480 + (id % 6) * 37 + case when ${k} = 1 then ${used(0)} else 0 end as prev) r
        where tenant_id = ${t}`);
    await generateBills(tx, t, eq(houses.tenantId, t), {
      fee_item_ids: items.map((i) => i.id),
      period_start: month,
      months: 1,
    });
  }

  // a house pays a month's lines at once: two months ago all but the last house, last month every other one;
  // odd houses pay cash at the desk, even ones by WeChat Pay through an online order
  const [clerk] = await tx.select({ id: users.id }).from(users).where(eq(users.userName, 'propertyb'));
  const tx1 = wxTransaction(sql`g.paid_at`, sql`g.k * 31 + extract(month from g.period_start)::int`);
  await tx.execute(sql`
    with h as (
      select id, row_number() over (order by id) as k, count(*) over () as n from ${houses} where tenant_id = ${t}
    ), g as (
      select b.tenant_id, b.village_id, b.house_id, b.period_start, h.k,
        array_agg(b.id order by b.id) as bill_ids, sum(b.amount)::bigint as amount,
        jsonb_agg(jsonb_build_object('id', b.id, 'amount', b.amount, 'lateFee', 0, 'paid', b.amount) order by b.id) as lines,
        (b.period_start + make_interval(days => (3 + h.k * 3)::int, hours => 9 + (h.k % 5)::int, mins => (h.k * 17 % 60)::int))::timestamp
          at time zone 'Asia/Shanghai' as paid_at
      from ${bills} b join h on h.id = b.house_id
      where b.tenant_id = ${t} and ((b.period_start = ${`${months[0]}-01`}::date and h.k < h.n)
        or (b.period_start = ${`${months[1]}-01`}::date and h.k % 2 = 1))
      group by b.tenant_id, b.village_id, b.house_id, b.period_start, h.k
    ), o as (
      insert into ${payOrders} (tenant_id, village_id, house_id, out_trade_no, bill_ids, total, amount, lines, state, provider,
        channel, code_url, transaction_id, created_at, paid_at, updated_at)
      select tenant_id, village_id, house_id,
        'F' || tenant_id || upper(to_hex((extract(epoch from paid_at) * 1000)::bigint)) || upper(substr(md5(house_id || '-' || period_start), 1, 10)),
        bill_ids, amount, amount, lines, 'SUCCESS', 'wechat', 'native',
        'weixin://wxpay/bizpayurl?pr=' || substr(md5(house_id || ':' || period_start), 1, 7), ${tx1},
        paid_at - interval '90 seconds', paid_at, paid_at
      from g where k % 2 = 0
      returning id, house_id, bill_ids, out_trade_no
    ), p as (
      insert into ${payments} (tenant_id, village_id, house_id, bill_ids, total, discount, amount, pay_method, order_num, channel,
        pay_order_id, user_id, created_at)
      select g.tenant_id, g.village_id, g.house_id, g.bill_ids, g.amount, 100, g.amount,
        case when o.id is null then 2 else 4 end,
        coalesce(o.out_trade_no, 'SK' || to_char(g.paid_at at time zone 'Asia/Shanghai', 'YYYYMMDD') || lpad(g.house_id::text, 4, '0')),
        case when o.id is null then 'onsite' else 'online' end, o.id, case when o.id is null then ${clerk?.id ?? null}::int end, g.paid_at
      from g left join o on o.house_id = g.house_id and o.bill_ids = g.bill_ids
      returning id, bill_ids, pay_method, created_at
    )
    update ${bills} b set status = 2, paid_amount = b.amount, pay_method = p.pay_method, payment_id = p.id, paid_at = p.created_at
    from p where b.id = any(p.bill_ids)`);

  // the payer scanned the same QR code twice: the second payment waits for nothing and was refunded by hand
  await tx.execute(sql`
    insert into ${refundDue} (tenant_id, village_id, house_id, pay_order_id, out_trade_no, transaction_id, amount, reason,
      status, refunded_by, refunded_by_name, refunded_at, remark, created_at)
    select o.tenant_id, o.village_id, o.house_id, o.id, o.out_trade_no,
      ${wxTransaction(sql`o.paid_at + interval '3 minutes'`, sql`o.id * 13`)}, o.amount, '重复支付：订单已结算',
      2, ${clerk?.id ?? null}::int, '安居物业管理员', o.paid_at + interval '1 day 2 hours', '已在微信商户平台原路退回',
      o.paid_at + interval '3 minutes'
    from ${payOrders} o where o.tenant_id = ${t} and o.state = 'SUCCESS' order by o.id limit 1`);
  touchTable(bills, payments, payOrders, refundDue);
};

/**
 * Company A's 退款管理 as the settlement writes it: a WeChat payment for a bill the cashier had meanwhile
 * collected in cash (still to refund), and an earlier payment whose amount did not match its order (the order
 * failed, the bill stayed unpaid), refunded since.
 */
export const seedRefundsA = async (tx: Tx, ids: { tenantA: number }) => {
  const t = ids.tenantA;
  const cash = await tx.execute(sql`
    with b as (
      select id, village_id, house_id, amount, paid_at from ${bills}
      where tenant_id = ${t} and status = 2 and pay_method = 2 and period_start = ${`${monthBack(1)}-01`}::date
      order by id limit 1
    ), o as (
      insert into ${payOrders} (tenant_id, village_id, house_id, out_trade_no, bill_ids, total, amount, lines, state, provider,
        channel, code_url, transaction_id, created_at, paid_at, updated_at)
      select ${t}, village_id, house_id,
        'F' || ${t} || upper(to_hex((extract(epoch from paid_at - interval '25 minutes') * 1000)::bigint)) || upper(substr(md5('cash-' || id), 1, 10)),
        array[id], amount, amount, jsonb_build_array(jsonb_build_object('id', id, 'amount', amount, 'lateFee', 0, 'paid', amount)),
        'SUCCESS', 'wechat', 'native', 'weixin://wxpay/bizpayurl?pr=' || substr(md5('qr-' || id), 1, 7),
        ${wxTransaction(sql`paid_at + interval '6 minutes'`, sql`id`)}, paid_at - interval '25 minutes', paid_at + interval '6 minutes',
        paid_at + interval '6 minutes'
      from b returning *
    )
    insert into ${refundDue} (tenant_id, village_id, house_id, pay_order_id, out_trade_no, transaction_id, amount, reason, created_at)
    select tenant_id, village_id, house_id, id, out_trade_no, transaction_id, amount,
      '账单已缴费（线下或其他订单已收款），本次支付需退款', paid_at
    from o returning id`);
  const wrong = await tx.execute(sql`
    with b as (
      select id, village_id, house_id, amount, (period_start + interval '12 days 20 hours 5 minutes')::timestamp at time zone 'Asia/Shanghai' as at
      from ${bills}
      where tenant_id = ${t} and status = 1 and category = 1 and amount > 10000 and period_start = ${`${monthBack(1)}-01`}::date
      order by id desc limit 1
    ), o as (
      insert into ${payOrders} (tenant_id, village_id, house_id, out_trade_no, bill_ids, total, amount, lines, state, provider,
        channel, code_url, transaction_id, created_at, updated_at)
      select ${t}, village_id, house_id,
        'F' || ${t} || upper(to_hex((extract(epoch from at) * 1000)::bigint)) || upper(substr(md5('wrong-' || id), 1, 10)),
        array[id], amount, amount, jsonb_build_array(jsonb_build_object('id', id, 'amount', amount, 'lateFee', 0, 'paid', amount)),
        'PAYERROR', 'wechat', 'native', 'weixin://wxpay/bizpayurl?pr=' || substr(md5('qr-' || id), 1, 7),
        ${wxTransaction(sql`at + interval '2 minutes'`, sql`id`)}, at, at + interval '2 minutes'
      from b returning *
    )
    insert into ${refundDue} (tenant_id, village_id, house_id, pay_order_id, out_trade_no, transaction_id, amount, reason,
      status, refunded_by, refunded_by_name, refunded_at, remark, created_at)
    select o.tenant_id, o.village_id, o.house_id, o.id, o.out_trade_no, o.transaction_id, o.amount / 10,
      '支付金额与订单金额不符：实付¥' || to_char((o.amount / 10) / 100.0, 'FM999999990.00') || '，应付¥' || to_char(o.amount / 100.0, 'FM999999990.00'),
      2, u.id, u.name, o.updated_at + interval '1 day 1 hour', '已在微信商户平台原路退回，已电话告知业主重新缴费', o.updated_at
    from o join ${users} u on u.user_name = 'property' and u.kind = 'web'
    returning id`);
  const made = (r: unknown) => (r as { rows: unknown[] }).rows.length;
  if (made(cash) + made(wrong) !== 2) throw new Error('demo refunds: the bills they need were not found');
  touchTable(payOrders, refundDue);
};
