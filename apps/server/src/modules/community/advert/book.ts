import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { idOf, isMobile } from '@5a/contracts';
import { ADVERT_MAX_MONTHS, type AdvertBookReply } from '@5a/contracts/endpoints/community-advert';
import type { Caller } from '../../../core/auth/actor.ts';
import type { Db } from '../../../core/db/client.ts';
import { touchTable } from '../../../core/engine/list-totals.ts';
import { scopeWhere } from '../../../core/engine/scope.ts';
import { fail, invalid, notFound } from '../../../core/errors.ts';
import { createOneOffBill, yuan, type BillsPaidHook } from '../../fees/index.ts';
import { rowsOf } from '../input.ts';
import { advertBookings, advertSlots } from '../schema-advert.ts';
import { advertResource } from './resource.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export const bookBody = z.object({
  id: idOf('广告位'),
  advertiser: z.string({ error: '请填写广告主' }).trim().min(1, '请填写广告主').max(50, '广告主 不能超过50个字符'),
  contact: z.string({ error: '联系人 格式错误' }).trim().max(32, '联系人 不能超过32个字符').default(''),
  phone: z
    .string({ error: '联系电话 格式错误' })
    .trim()
    .default('')
    .refine((v) => v === '' || isMobile(v), '联系电话 格式错误'),
  house_id: idOf('计费房屋'),
  start_date: z
    .string({ error: '请选择开始日期' })
    .trim()
    .refine(
      (v) =>
        DAY.test(v) &&
        !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
        new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
      '开始日期 格式错误',
    ),
  months: z.coerce
    .number({ error: '租期(月) 格式错误' })
    .int(`租期(月) 须为1-${ADVERT_MAX_MONTHS}的整数`)
    .min(1, `租期(月) 须为1-${ADVERT_MAX_MONTHS}的整数`)
    .max(ADVERT_MAX_MONTHS, `租期(月) 须为1-${ADVERT_MAX_MONTHS}的整数`),
});

const ITEM = { name: '广告费', remark: '广告位租赁账单' };

/**
 * 预订: the slot is the advertiser's for whole months from the start day, its fee (monthly price × months) one
 * unpaid bill on the house given, collected like any other bill. Bookings of one slot never overlap: the slot is
 * locked while the new one is checked and written.
 */
export const bookSlot = async (db: Db, caller: Caller, body: z.output<typeof bookBody>): Promise<AdvertBookReply> => {
  const mine = and(eq(advertSlots.id, body.id), scopeWhere(advertResource, caller, true));
  return db.transaction(async (tx) => {
    const [slot] = await tx.select().from(advertSlots).where(mine).for('update');
    if (!slot) throw notFound();
    const [house] = await rowsOf<{ id: number }>(
      tx,
      sql`select id from houses where id = ${body.house_id} and tenant_id = ${slot.tenantId} and village_id = ${slot.villageId}`,
    );
    if (!house) throw invalid('计费房屋 不存在（须为广告位所在小区的房屋）', 'house_id');
    const [period] = await rowsOf<{ end: string; taken: string | null }>(
      tx,
      sql`with p as (select (${body.start_date}::date + make_interval(months => ${body.months}::int))::date - 1 as e)
        select p.e::text as end, (select b.start_date::text || ' 至 ' || b.end_date::text from advert_bookings b
          where b.slot_id = ${slot.id} and b.tenant_id = ${slot.tenantId} and b.start_date <= p.e and b.end_date >= ${body.start_date}::date
          order by b.start_date limit 1) as taken from p`,
    );
    if (period!.taken) throw fail(`该广告位 ${period!.taken} 已有预订，请选择其他时间`);
    const amount = slot.price * body.months;
    const [seq] = await rowsOf<{ id: number }>(
      tx,
      sql`select nextval(pg_get_serial_sequence('advert_bookings', 'id'))::int as id`,
    );
    const bill = await createOneOffBill(
      tx,
      {
        tenantId: slot.tenantId,
        villageId: slot.villageId,
        houseId: body.house_id,
        item: ITEM,
        refId: seq!.id,
        date: body.start_date,
        periodEnd: period!.end,
        months: body.months,
        name: `广告位 ${slot.name}`,
        amount,
        formula: `¥${yuan(slot.price)}/月 × ${body.months}个月`,
      },
      '计费房屋不存在，无法生成账单',
    );
    await tx.execute(sql`insert into ${advertBookings}
        (id, tenant_id, village_id, slot_id, advertiser, contact, phone, house_id, start_date, end_date, months, amount, bill_id, created_by)
      overriding system value values (${seq!.id}, ${slot.tenantId}, ${slot.villageId}, ${slot.id}, ${body.advertiser},
        ${body.contact}, ${body.phone}, ${body.house_id}, ${body.start_date}::date, ${period!.end}::date, ${body.months},
        ${amount}, ${bill.id}, ${caller.actor.id})`);
    touchTable(advertBookings);
    return {
      id: seq!.id,
      bill_id: bill.id,
      amount: Number(yuan(amount)),
      start_date: body.start_date,
      end_date: period!.end,
    };
  });
};

/** A booking's bill paid (on site, online or from the balance) stamps the booking, once. */
export const stampPaidBookings: BillsPaidHook = async (tx, tenantId, billIds) => {
  await tx.execute(sql`update ${advertBookings} set paid_at = now()
    where tenant_id = ${tenantId} and paid_at is null and bill_id = any(${`{${billIds.map(Number).join(',')}}`}::int[])`);
  touchTable(advertBookings);
};
