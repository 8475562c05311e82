import type { MonthSeries, PanelSlice } from '@5a/contracts';
import type { RepairStats } from '@5a/contracts/endpoints/dashboard';
import type { Caller } from '../../core/auth/actor.ts';
import type { Db } from '../../core/db/client.ts';
import { invalid, notFound } from '../../core/errors.ts';
import { repairBoard } from '../repair/index.ts';
import { lastMonths, monthsBetween, seriesOver } from './months.ts';
import { villagesOf } from './scope.ts';

/** 报修统计's figures; the route gives them the page's keys (bxinfo, bsinfo, yc, bx). */
export type RepairFigures = Omit<RepairStats, 'bxinfo' | 'bsinfo' | 'yc' | 'bx'> & {
  orders: RepairStats['bxinfo'];
  events: RepairStats['bsinfo'];
  overdue: RepairStats['yc'];
  paidService: RepairStats['bx'];
};

export type RepairStatsBody = { village_id?: number; start_month?: string; end_month?: string };

/** The task tabs: each a group of order states. */
const TASKS: { key: string; title: string; states: number[] | 'all' }[] = [
  { key: 'all', title: '全部工单', states: 'all' },
  { key: 'waiting', title: '待派单', states: [0] },
  { key: 'working', title: '处理中', states: [1, 2, 3] },
  { key: 'paying', title: '待付款', states: [4] },
  { key: 'done', title: '已完成', states: [5, 6, 7] },
  { key: 'cancelled', title: '已取消', states: [8] },
];
const EVENT_TYPES: Record<number, string> = { 1: '投诉', 2: '建议', 3: '事件' };
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * 报修统计 by village and month (default: every village of the caller, the last twelve months):
 * taskNumList (orders per task tab plus overdue), orders (reported and completed per month, reported
 * per village, per category), events (event reports per month and type), overdue (overdue orders per month
 * and village), paidService (paid-service orders and their amount per month). Four grouped statements.
 * The route names them by the page's keys.
 */
export const repairStatistics = async (db: Db, caller: Caller, body: RepairStatsBody): Promise<RepairFigures> => {
  const def = lastMonths(12);
  const from = body.start_month || def[0]!;
  const to = body.end_month || def.at(-1)!;
  if (!MONTH.test(from)) throw invalid('开始月份格式应为YYYY-MM', 'start_month');
  if (!MONTH.test(to)) throw invalid('结束月份格式应为YYYY-MM', 'end_month');
  if (from > to) throw invalid('开始月份不能晚于结束月份', 'start_month');
  const vs = await villagesOf(db, caller);
  // a village outside the caller's scope does not exist for him
  if (body.village_id && !vs.some((v) => v.id === body.village_id)) throw notFound('小区');
  const months = monthsBetween(from, to);
  const board = await repairBoard(db, caller, {
    villageId: body.village_id || undefined,
    from: months[0]!,
    to: months.at(-1)!,
  });
  const shown = body.village_id ? vs.filter((v) => v.id === body.village_id) : vs;
  const name = new Map(vs.map((v) => [v.id, v.name]));
  const rows = board.byVillageMonth;
  const total = (pick: (r: (typeof rows)[number]) => number, title: string) =>
    seriesOver(
      months,
      rows,
      () => title,
      (r) => r.month,
      pick,
      [title],
    )[0]!;
  const byStatus = new Map(board.byStatus.map((s) => [s.status, s.n]));
  const all = board.byStatus.reduce((a, s) => a + s.n, 0);
  const taskNumList = [
    ...TASKS.map((t) => ({
      key: t.key,
      title: t.title,
      num: t.states === 'all' ? all : t.states.reduce((a, s) => a + (byStatus.get(s) ?? 0), 0),
    })),
    { key: 'overdue', title: '已超时', num: rows.reduce((a, r) => a + r.overdue, 0) },
  ];
  const villageSeries = (pick: (r: (typeof rows)[number]) => number): MonthSeries => ({
    months,
    series: seriesOver(
      months,
      rows,
      (r) => name.get(r.village_id) ?? '',
      (r) => r.month,
      pick,
      shown.map((v) => v.name),
    ),
  });
  const byCategory: PanelSlice[] = board.byCategory.map((c) => ({ name: c.category, value: c.n }));
  return {
    villages: vs,
    village_id: body.village_id ?? 0,
    start_month: months[0]!,
    end_month: months.at(-1)!,
    taskNumList,
    orders: {
      trend: {
        months,
        series: [total((r) => r.reported, '报修数量'), total((r) => r.completed, '完成数量')],
      } satisfies MonthSeries,
      byVillage: villageSeries((r) => r.reported),
      byCategory,
    },
    events: {
      months,
      series: seriesOver(
        months,
        board.eventsByMonthType,
        (r) => EVENT_TYPES[r.type] ?? '其他',
        (r) => r.month,
        (r) => r.n,
        Object.values(EVENT_TYPES),
      ),
    } satisfies MonthSeries,
    overdue: villageSeries((r) => r.overdue),
    paidService: {
      months,
      series: [
        total((r) => r.paid, '有偿服务单数'),
        { name: '服务金额(元)', data: total((r) => r.paid_amount, '').data.map((fen) => Math.round(fen) / 100) },
      ],
    } satisfies MonthSeries,
  };
};
