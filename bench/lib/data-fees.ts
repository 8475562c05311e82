/**
 * Fee items, bills and payments for the benchmark dataset, set-based like the rest of bench/data.ts.
 *
 * Every generated village gets three fee items (物业费 面积×单价, 垃圾清运费 固定金额, 水费 读数×单价).
 * Every generated house with an area gets one 物业费 bill per month for the `months` months before
 * the current one (Asia/Shanghai), shaped as generateBills writes them (modules/fees/bills/generate.ts):
 * amount = round(area × unit price) in fen, formula '89.50 m² × ¥2.50 = ¥223.75', due on the
 * period's last day. So every unpaid bill is overdue and shows in 欠费催缴. Houses pay their oldest
 * months at once, in the first month, on site: 55 % of houses pay nothing, 20 % one month, 15 % two,
 * 10 % three (≈27 % of the bills paid with 3 months), one payments row per paying house.
 * Bills are inserted month by month (ids in generation order, as monthly generation runs would give).
 */
import { H } from './names.ts';

export type FeeStep = { table: string; what: string; text: string };
/** ids already in the tables before this run: only rows above them are generated / touched */
export type FeeBase = { maxVillage: number; maxHouse: number; maxFeeItem: number; maxBill: number; maxPayment: number };

const yuan = (fen: string) => `to_char(${fen} / 100.0, 'FM999999999990.00')`;
/** first day of the month `months` months before the current one, Asia/Shanghai */
const monthZero = (months: number) =>
  `(date_trunc('month', now() at time zone 'Asia/Shanghai') - interval '${months} months')::date`;
/** how many of its oldest months a house has paid (0 … months) */
const paidMonths = (house: string, months: number) =>
  `least(${months}, case when ${H(house, 71)} % 100 < 55 then 0 when ${H(house, 71)} % 100 < 75 then 1 when ${H(house, 71)} % 100 < 90 then 2 else 3 end)`;

export const feeSteps = (base: FeeBase, months: number): FeeStep[] => {
  const m0 = monthZero(months);
  return [
    {
      table: 'fee_items',
      what: 'three per village',
      text: `insert into fee_items (tenant_id, village_id, name, category, calc_mode, unit_price, unit_label, period_type, cycle_months, late_fee_rate, start_date)
        select v.tenant_id, v.id, i.name, i.category, i.calc_mode,
               case i.calc_mode when 1 then 150 + ${H('v.id', 70)} % 21 * 10 when 2 then 1000 else 350 end,
               i.unit_label, 1, 1, case when i.calc_mode = 1 and ${H('v.id', 75)} % 2 = 0 then 0.5 else 0 end, date '2020-01-01'
        from villages v
        cross join (values ('物业费', 1, 1, ''), ('垃圾清运费', 6, 2, ''), ('水费', 3, 3, 'm³')) as i(name, category, calc_mode, unit_label)
        where v.id > ${base.maxVillage}
        order by v.id, i.calc_mode`,
    },
    {
      table: 'bills',
      what: `物业费, ${months} months per house`,
      text: `insert into bills (tenant_id, village_id, building_id, house_id, fee_item_id, category, name, period_start, period_end, months, quantity, unit_price, amount, formula,
                             due_date, late_fee_rate, status, paid_amount, pay_method, paid_at, is_signed, created_at, updated_at)
        select h.tenant_id, h.village_id, h.building_id, h.id, f.id, f.category, f.name, p.ps, p.pe, 1, h.area, f.unit_price, a.amount,
               to_char(h.area, 'FM999999990.00') || ' m² × ¥' || ${yuan('f.unit_price')} || ' = ¥' || ${yuan('a.amount')},
               p.pe, f.late_fee_rate,
               case when a.paid then 2 else 1 end, case when a.paid then a.amount else 0 end, case when a.paid then a.method end, case when a.paid then a.paid_at end,
               case when a.paid and ${H('h.id * 16 + k', 76)} % 3 = 0 then 1 else 2 end, p.created, case when a.paid then a.paid_at else p.created end
        from generate_series(1, ${months}) k
        cross join lateral (select (${m0} + make_interval(months => k - 1))::date as ps) s
        cross join lateral (select s.ps, (s.ps + interval '1 month')::date - 1 as pe, (s.ps::timestamp + interval '1 day 2 hours') at time zone 'Asia/Shanghai' as created) p
        join houses h on h.id > ${base.maxHouse} and h.area is not null
        join fee_items f on f.village_id = h.village_id and f.id > ${base.maxFeeItem} and f.calc_mode = 1
        cross join lateral (select round(h.area * f.unit_price)::bigint as amount, k <= ${paidMonths('h.id', months)} as paid, 1 + ${H('h.id', 74)} % 4 as method,
                                   (${m0}::timestamp + (${H('h.id', 72)} % 25) * interval '1 day' + (28800 + ${H('h.id', 73)} % 43200) * interval '1 second') at time zone 'Asia/Shanghai' as paid_at) a
        order by k, h.id`,
    },
    {
      table: 'payments',
      what: 'one per paying house (on site)',
      text: `insert into payments (tenant_id, village_id, house_id, bill_ids, total, discount, amount, pay_method, order_num, channel, created_at)
        select tenant_id, village_id, house_id, array_agg(id order by id), sum(paid_amount), 100, sum(paid_amount), min(pay_method),
               'SK' || to_char(min(paid_at) at time zone 'Asia/Shanghai', 'YYYYMMDD') || lpad(house_id::text, 8, '0'), 'onsite', min(paid_at)
        from bills where id > ${base.maxBill} and status = 2
        group by tenant_id, village_id, house_id
        order by min(paid_at)`,
    },
    {
      table: 'bills',
      what: 'paid bills → their payment',
      text: `update bills b set payment_id = p.id from payments p
        where p.id > ${base.maxPayment} and p.house_id = b.house_id and b.id > ${base.maxBill} and b.status = 2`,
    },
  ];
};
