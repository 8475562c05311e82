import { touchTable } from '../../../core/engine/list-totals.ts';
import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { idListOf, idOf } from '@5a/contracts';
import type { Db } from '../../../core/db/client.ts';
import { scopeWhere, type Caller } from '../../../core/engine/scope.ts';
import type { Row, Tx } from '../../../core/engine/types.ts';
import { fail, invalid } from '../../../core/errors.ts';
import { houseResource, houses } from '../../estate/index.ts';
import { villages } from '../../tenancy/index.ts';
import { intArray } from '../../../core/db/sql.ts';
import { bills, feeItems, meterReadings } from '../schema.ts';
import { periodOf } from '../format.ts';
import { listWhereFor } from '../../../core/engine/list-where.ts';

export const generateBody = z.object({
  house_ids: idListOf('house_ids', {
    min: 0,
    max: 100000,
    empty: '请选择房屋',
    tooMany: '一次最多选择100000套房屋',
  }).optional(),
  /** the house list's search values ('generate all' = every house that search finds) */
  search: z.record(z.string(), z.unknown()).optional(),
  fee_item_ids: idListOf('fee_item_ids', { empty: '请选择收费项目' }),
  period_start: z.string({ error: '请选择开始月份' }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, '开始月份格式应为YYYY-MM'),
  /** months per bill; blank = each fee item's own billing cycle */
  months: z.coerce
    .number({ error: '月数必须是数字' })
    .int('月数必须是整数')
    .min(1, '月数不能小于1')
    .max(36, '月数不能大于36')
    .optional(),
  /** the village billed: only its houses, and the items must be its own */
  village_id: idOf('小区').optional(),
  /** true: say what would be billed (village, houses, items) and write nothing */
  preview: z.preprocess((v) => v === true || v === 1 || v === '1' || v === 'true', z.boolean()).optional(),
});
export type GenerateInput = z.infer<typeof generateBody>;

const yuanText = (fen: SQL) => sql`to_char(${fen} / 100.0, 'FM999999999990.00')`;

/**
 * Bill lines for houses × fee items in one INSERT … SELECT (never a query per house: a tenant may have hundreds of thousands).
 * Per line, in integer fen, rounded once, half away from zero (PostgreSQL round(numeric)):
 *   面积×单价  round(area × unit price × months)        '120.00 m² × ¥2.50 × 3 月 = ¥900.00'
 *   固定金额    unit price × months                      '¥15.00 × 3 月 = ¥45.00'
 *   读数×单价  round(usage of the start month × price)   '12.50 m³ × ¥3.20 = ¥40.00'
 * One-off items (period_type 2) are not multiplied by months and are billed once per house ever.
 * A period overlapping an existing line of the same house and item adds nothing; the unique
 * (house, item, period start) index with ON CONFLICT DO NOTHING makes a re-run add 0, and a
 * per-tenant advisory lock keeps two overlapping runs from racing past the overlap check.
 * Due date: the last day of the period's first month. Houses without an area (面积) or without a
 * reading for the month (读数) get no line for that item.
 */
export const generateBills = async (tx: Tx, tenantId: number, houseWhere: SQL | undefined, input: GenerateInput) => {
  const months = input.months ?? null;
  const start = periodOf(input.period_start, 1).start;
  const firstMonthEnd = periodOf(input.period_start, 1).end;
  await tx.execute(sql`select pg_advisory_xact_lock(872301, ${tenantId}::int)`);
  const result = await tx.execute(sql`
    with f as (
      select id, village_id, category, name, calc_mode, unit_price, unit_label, period_type, late_fee_rate, start_date, end_date,
             case when period_type = 2 then 1 else coalesce(${months}::int, cycle_months) end as m
      from ${feeItems}
      where tenant_id = ${tenantId}::int and id = any(${intArray(input.fee_item_ids)}) and status = 1
    ), c as (
      select ${houses.tenantId} as tenant_id, ${houses.villageId} as village_id, ${houses.buildingId} as building_id, ${houses.id} as house_id,
             f.id as fee_item_id, f.category, f.name, f.m, f.calc_mode, f.unit_price, f.unit_label, f.period_type, f.late_fee_rate, f.start_date, f.end_date,
             (${start}::date + make_interval(months => f.m))::date - 1 as period_end,
             case f.calc_mode when 1 then ${houses.area} when 3 then r.curr_reading - r.prev_reading end as qty,
             case when f.period_type = 2 or f.calc_mode = 3 then 1 else f.m end as mult
      from ${houses}
      join f on f.village_id = ${houses.villageId}
      left join ${meterReadings} r on f.calc_mode = 3 and r.house_id = ${houses.id} and r.fee_item_id = f.id and r.month = ${input.period_start}
      where ${houseWhere ?? sql`true`}
    ), e as (
      select c.*, exists (
          select 1 from ${bills} b where b.house_id = c.house_id and b.fee_item_id = c.fee_item_id
            and (c.period_type = 2 or (b.period_start <= c.period_end and b.period_end >= ${start}::date))) as dup
      from c
      where (calc_mode = 2 or qty is not null)
        and start_date <= period_end and (end_date is null or end_date >= ${start}::date)
    ), a as (
      select e.*, case when calc_mode = 2 then unit_price * mult else round(qty * unit_price * mult)::bigint end as amount
      from e where not dup
    ), ins as (
      insert into ${bills} (tenant_id, village_id, building_id, house_id, fee_item_id, category, name, period_start, period_end, months,
                            quantity, unit_price, amount, formula, due_date, late_fee_rate)
      select tenant_id, village_id, building_id, house_id, fee_item_id, category, name, ${start}::date, period_end, m, qty, unit_price, amount,
        case
          when calc_mode = 2 and mult = 1 then '¥' || ${yuanText(sql`unit_price`)} || ' = ¥' || ${yuanText(sql`amount`)}
          when calc_mode = 2 then '¥' || ${yuanText(sql`unit_price`)} || ' × ' || mult || ' 月 = ¥' || ${yuanText(sql`amount`)}
          when calc_mode = 1 and mult = 1 then to_char(qty, 'FM999999990.00') || ' m² × ¥' || ${yuanText(sql`unit_price`)} || ' = ¥' || ${yuanText(sql`amount`)}
          when calc_mode = 1 then to_char(qty, 'FM999999990.00') || ' m² × ¥' || ${yuanText(sql`unit_price`)} || ' × ' || mult || ' 月 = ¥' || ${yuanText(sql`amount`)}
          else to_char(qty, 'FM999999990.00') || case when unit_label = '' then '' else ' ' || unit_label end || ' × ¥' || ${yuanText(sql`unit_price`)} || ' = ¥' || ${yuanText(sql`amount`)}
        end,
        ${firstMonthEnd}::date, late_fee_rate
      from a
      on conflict (house_id, fee_item_id, period_start, work_order_id, tenant_id) do nothing
      returning 1
    )
    select (select count(*) from ins)::int as n,
      ((select count(*) from e where dup) + (select count(*) from a) - (select count(*) from ins))::int as existed`);
  touchTable(bills);
  const row = (result as unknown as { rows: { n: number; existed: number }[] }).rows[0];
  // existed: lines the period already has (an overlapping bill of the same house and item), left as they are
  return { inserted: Number(row?.n ?? 0), existed: Number(row?.existed ?? 0) };
};

/** The houses a request means: the ids sent, or every house the house list's search finds; both within scope. */
export const houseWhereOf = (caller: Caller, input: GenerateInput): SQL | undefined => {
  if (input.house_ids) {
    if (!input.house_ids.length) throw fail('没有符合条件的房屋，无法生成账单');
    return and(inArray(houses.id, input.house_ids), scopeWhere(houseResource, caller, false));
  }
  if (input.search) return listWhereFor(houseResource, caller, { ...(input.search as Row), ids: undefined });
  throw invalid('请选择要生成账单的房屋', 'house_ids');
};

/**
 * The whole action: refuses an empty house set or unusable items, else inserts and says how many lines were added
 * and how many the period already had. With a village, only its houses and its own items; a preview writes nothing.
 */
export const generate = async (db: Db, caller: Caller, input: GenerateInput) => {
  const tenantId = caller.actor.tenantId!;
  const where = and(houseWhereOf(caller, input), input.village_id ? eq(houses.villageId, input.village_id) : undefined);
  const [village] = input.village_id
    ? await db
        .select({ name: villages.name })
        .from(villages)
        .where(and(eq(villages.id, input.village_id), eq(villages.tenantId, tenantId)))
    : [];
  if (input.village_id && !village) throw invalid('小区不存在', 'village_id');
  const [n] = await db.select({ n: count() }).from(houses).where(where);
  const houseCount = Number(n?.n ?? 0);
  if (!houseCount) throw fail('没有符合条件的房屋，无法生成账单');
  const items = await db
    .select({ id: feeItems.id, status: feeItems.status, name: feeItems.name, villageId: feeItems.villageId })
    .from(feeItems)
    .where(and(inArray(feeItems.id, input.fee_item_ids), sql`${feeItems.tenantId} = ${tenantId}`));
  if (items.length !== new Set(input.fee_item_ids).size) throw invalid('收费项目不存在', 'fee_item_ids');
  if (input.village_id && items.some((i) => i.villageId !== input.village_id))
    throw invalid('收费项目不属于所选小区', 'fee_item_ids');
  if (items.every((i) => i.status !== 1)) throw fail('所选收费项目已停用');
  const scope = {
    houses: houseCount,
    items: items.length,
    village: village?.name ?? '',
    itemNames: items.map((i) => i.name),
  };
  if (input.preview)
    return {
      ...scope,
      inserted: 0,
      existed: 0,
      msg: `将为${scope.village || '所选房屋'}的${houseCount}户房屋生成：${scope.itemNames.join('、')}`,
    };
  const { inserted, existed } = await db.transaction((tx) => generateBills(tx, tenantId, where, input));
  return {
    ...scope,
    inserted,
    existed,
    msg: inserted
      ? `生成完成：新增${inserted}条账单${existed ? `，已存在${existed}条（未重复生成）` : ''}`
      : existed
        ? `没有新增账单：所选周期已有${existed}条账单`
        : '没有新增账单（所选房屋没有可计费的项目）',
  };
};
