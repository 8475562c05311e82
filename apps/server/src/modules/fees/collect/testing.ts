import { sql } from 'drizzle-orm';
import type { DemoApp } from '../../estate/testing.ts';

/**
 * One unpaid bill of a one-off fixed fee on the first house of 阳光花园, made through the screens
 * (fee item → generate): what a payment test pays, refunds or lets fail.
 */
export const unpaidFixedBill = async (
  { t, property, ids }: Pick<DemoApp, 't' | 'property' | 'ids'>,
  fee: { name: string; price: string; period: string },
) => {
  const item = (
    await t.post<{ id: number }>(
      '/Web/Renewal/FeeItem/add',
      {
        row: {
          village_id: ids.sunshine.id,
          name: fee.name,
          category: '6',
          calc_mode: '2',
          period_type: '1',
          cycle_months: 1,
          unit_price: fee.price,
          start_date: '2020-01-01',
        },
      },
      property,
    )
  ).body.data.id;
  const house = (
    await t.one<{ id: number }>(sql`select id from houses where village_id = ${ids.sunshine.id} order by id limit 1`)
  ).id;
  await t.post(
    '/Web/Renewal/RenewalList/generate',
    { data: { house_ids: [house], fee_item_ids: [item], period_start: fee.period, months: 1 } },
    property,
  );
  const bill = await t.one<{ id: number }>(
    sql`select id from bills where house_id = ${house} and fee_item_id = ${item}`,
  );
  return { house, bill: bill.id };
};
