import type {
  AlertItem,
  CountItem,
  EventItem,
  IndexModule,
  PanelData,
  PanelSlice,
  ReminderItem,
  VillageRevenue,
} from '@5a/contracts';
import type { Caller } from '../../core/auth/actor.ts';
import type { Db } from '../../core/db/client.ts';
import { formatDate } from '../../core/time.ts';
import { baseCountsOf, gatePersonResource, houseResource } from '../estate/index.ts';
import { financial, PAY_STATISTICS_PAGE, revenue } from '../fees/index.ts';
import { getAbnormal, platformInformationResource, unNotified } from '../notice/index.ts';
import { patrolFigures, patrolTaskResource } from '../patrol/index.ts';
import {
  recentRepairActivity,
  repairBoard,
  repairDueToday,
  repairResource,
  repairStats,
  reportThingsResource,
} from '../repair/index.ts';
import { villageResource } from '../tenancy/index.ts';
import { lastMonths, seriesOver } from './months.ts';
import { villagesOf } from './scope.ts';

const num = (v: unknown) => Math.round(Number(v ?? 0) * 100) / 100;
const REPAIR_LIST = repairResource.route;
const EVENT_LIST = reportThingsResource.route;
const PATROL_TASKS = patrolTaskResource.route;
const EVENT_TYPES = ['', '投诉', '建议', '事件'];
const view = (r: { name: string }) => `${r.name}:view`;
const FEES = ['PayStatistics:view', 'Financial:view', view({ name: 'RenewalList' })];
const REPAIRS = [view(repairResource), view(reportThingsResource)];

/**
 * The rights a panel's data needs (any one of them): a panel is shown only to a user whose menus reach its data —
 * revenue to the fee pages' users, orders to the repair pages'. Empty: every workbench user.
 */
export const panelRights: Record<IndexModule, readonly string[]> = {
  base_data: [view(villageResource), view(houseResource), view(gatePersonResource)],
  count_panel: [],
  report_repair: REPAIRS,
  revenue_amount: FEES,
  estate_revenue: FEES,
  notice: [],
  event_dynamics: REPAIRS,
  early_list: [],
};
export const mayShowPanel = (perms: ReadonlySet<string>, m: IndexModule) =>
  !panelRights[m].length || panelRights[m].some((p) => perms.has(p));

/** 营收统计: this year's collection, this month's receipts by category, this year's arrears (the fee statistics' default view). */
const revenueFigures = async (db: Db, caller: Caller): Promise<RevenueFigures> => {
  const r = await revenue(db, caller, false, {});
  return { collection: r.collection ?? [], composition: r.composition ?? [], arrears: r.arrears ?? [] };
};
type RevenueFigures = { collection: PanelSlice[]; composition: PanelSlice[]; arrears: PanelSlice[] };

/** 小区营收: per village of the caller, receivable vs received over bills due this year (villages without bills show 0). */
const estateRevenuePanel = async (db: Db, caller: Caller): Promise<VillageRevenue[]> => {
  const f = await financial(db, caller, 'village', {});
  const byName = new Map(f.tableData.map((r) => [r.name, r]));
  return f.villageList.map((v) => {
    const r = byName.get(v.name);
    const receivable = num(r?.receivable);
    const received = num(r?.received);
    return {
      village_id: v.id,
      name: v.name,
      receivable,
      received,
      rate: receivable ? Math.round((received / receivable) * 1000) / 10 : 0,
    };
  });
};

/** 统计面板: the caller's villages, houses, residents, open and overdue orders, unread events, today's patrols and this year's receipts. */
const countPanel = async (db: Db, caller: Caller, received: Promise<number>): Promise<CountItem[]> => {
  const may = (...codes: string[]) => codes.some((code) => caller.perms.has(code));
  // the order and patrol figures are read only for a user who is shown them
  const [c, r, p] = await Promise.all([
    baseCountsOf(db, caller),
    may(view(repairResource), view(reportThingsResource)) ? repairStats(db, caller, { months: 1 }) : null,
    may(view(patrolTaskResource))
      ? patrolFigures(db, {
          tenantId: caller.actor.tenantId ?? -1,
          villageIds: caller.villageIds,
          day: formatDate(new Date()),
        })
      : null,
  ]);
  const byStatus = new Map((r?.byStatus ?? []).map((s) => [s.status, s.n]));
  const sum = (...st: number[]) => st.reduce((a, s) => a + (byStatus.get(s) ?? 0), 0);
  // each figure for a user who may open the page it links to (本年实收: the fee statistics)
  const rights: Record<string, readonly string[]> = {
    villages: [view(villageResource)],
    houses: [view(houseResource)],
    persons: [view(gatePersonResource)],
    waiting: [view(repairResource)],
    working: [view(repairResource)],
    overdue: [view(repairResource)],
    events: [view(reportThingsResource)],
    patrol: [view(patrolTaskResource)],
    patrolDone: [view(patrolTaskResource)],
    received: FEES,
  };
  const items: CountItem[] = [
    { key: 'villages', title: '小区数量', num: c.villages, dw: '个', url: villageResource.route },
    { key: 'houses', title: '房屋数量', num: c.houses, dw: '套', url: houseResource.route },
    { key: 'persons', title: '住户数量', num: c.persons, dw: '人', url: gatePersonResource.route },
    { key: 'waiting', title: '待派单', num: sum(0), dw: '单', url: REPAIR_LIST },
    { key: 'working', title: '处理中工单', num: sum(1, 2, 3), dw: '单', url: REPAIR_LIST },
    { key: 'overdue', title: '超时工单', num: r?.overdue ?? 0, dw: '单', url: REPAIR_LIST },
    { key: 'events', title: '未读事件', num: r?.events.unread ?? 0, dw: '件', url: EVENT_LIST },
    { key: 'patrol', title: '今日巡更', num: p?.intelligentPatrol ?? 0, dw: '次', url: PATROL_TASKS },
    { key: 'patrolDone', title: '今日完成巡更', num: p?.intelligentPatrolSuc ?? 0, dw: '次', url: PATROL_TASKS },
    {
      key: 'received',
      title: '本年实收',
      num: may(...FEES) ? (await received).toFixed(2) : '0.00',
      dw: '元',
      url: PAY_STATISTICS_PAGE,
    },
  ];
  return items.filter((i) => (rights[i.key] ?? []).some((p) => caller.perms.has(p)));
};

/** 报事报修: orders reported per month by village over six months (bx) and event reports by type (bs). */
const reportRepairPanel = async (db: Db, caller: Caller) => {
  const months = lastMonths(6);
  const [board, vs] = await Promise.all([
    repairBoard(db, caller, { from: months[0]!, to: months.at(-1)! }),
    villagesOf(db, caller),
  ]);
  const name = new Map(vs.map((v) => [v.id, v.name]));
  const shown = vs.filter((v) => board.byVillageMonth.some((r) => r.village_id === v.id)).map((v) => v.name);
  const byType = new Map<number, number>();
  for (const e of board.eventsByMonthType) byType.set(e.type, (byType.get(e.type) ?? 0) + e.n);
  return {
    report_repair_bx: {
      months,
      series: seriesOver(
        months,
        board.byVillageMonth,
        (r) => name.get(r.village_id) ?? '',
        (r) => r.month,
        (r) => r.reported,
        shown,
      ),
    },
    report_repair_bs: [1, 2, 3].map((t) => ({ name: EVENT_TYPES[t]!, value: byType.get(t) ?? 0 })),
  };
};

/** 今日提醒: orders due today, then the caller's unread announcements. */
const noticePanel = async (db: Db, caller: Caller): Promise<ReminderItem[]> => {
  const [dueToday, notices] = await Promise.all([repairDueToday(db, caller), unNotified(db, caller.actor)]);
  const due: ReminderItem[] = dueToday
    ? [
        {
          id: 'repair-due',
          title: `今日到期工单 ${dueToday} 单`,
          content: '要求今天完成、尚未完成的报修工单',
          time: '',
          url: REPAIR_LIST,
        },
      ]
    : [];
  return [
    ...due,
    ...notices.slice(0, 8).map((n) => ({
      id: `notice-${n.id}`,
      title: n.title,
      content: '平台公告',
      time: n.published_at,
      url: `${platformInformationResource.route}?vuexNoticeId=${n.id}`,
    })),
  ];
};

/** 事件动态: the latest event reports (to the event list) and order changes (to the order list). */
const eventPanel = async (db: Db, caller: Caller): Promise<EventItem[]> =>
  (await recentRepairActivity(db, caller, 10)).map((a) => ({
    id: `${a.kind}-${a.id}`,
    title: a.title,
    content: a.content,
    time: a.time,
    status: a.status,
    url: a.kind === 'order' ? REPAIR_LIST : '',
  }));

/** 异常列表: the caller's open alerts he has not opened yet. */
const alertPanel = async (db: Db, caller: Caller): Promise<AlertItem[]> =>
  (await getAbnormal(db, caller)).abnormal_list
    .slice(0, 10)
    .map((a) => ({ id: a.id, title: a.title, type: a.type, time: a.create_time, village: a.village_name }));

type PanelCtx = { db: Db; caller: Caller; revenue: () => Promise<RevenueFigures> };
/** panels whose data the workbench loads (base_data comes with the workbench's head) */
type DataPanel = keyof PanelData;

/**
 * Each panel's loader by its name; the titles are the contract's (indexModuleTitles). A new panel is its loader
 * here, its data type in PanelData and its component in the web's panel registry.
 */
const panelLoaders: { [K in DataPanel]-?: (ctx: PanelCtx) => Promise<NonNullable<PanelData[K]>> } = {
  count_panel: async (ctx) =>
    countPanel(
      ctx.db,
      ctx.caller,
      ctx.revenue().then((r) => num(r.collection.find((s) => s.name === '已收金额')?.value)),
    ),
  // the panel's keys are the page's: sftj 收费统计, skzc 收款组成, qftj 欠费统计
  revenue_amount: (ctx) => ctx.revenue().then((r) => ({ sftj: r.collection, skzc: r.composition, qftj: r.arrears })),
  estate_revenue: (ctx) => estateRevenuePanel(ctx.db, ctx.caller),
  report_repair: (ctx) => reportRepairPanel(ctx.db, ctx.caller),
  notice: (ctx) => noticePanel(ctx.db, ctx.caller),
  event_dynamics: (ctx) => eventPanel(ctx.db, ctx.caller),
  early_list: (ctx) => alertPanel(ctx.db, ctx.caller),
};
const hasData = (m: IndexModule): m is DataPanel => m in panelLoaders;

/**
 * The data of every panel the caller was given, in one answer (the workbench makes one call):
 * each panel reads the caller's company and villages only, through the owning modules' exports.
 */
export const panelData = async (db: Db, caller: Caller, modules: readonly IndexModule[]): Promise<PanelData> => {
  // the revenue panel and the count panel's 本年实收 share one read
  let revenueRead: Promise<RevenueFigures> | undefined;
  const ctx: PanelCtx = { db, caller, revenue: () => (revenueRead ??= revenueFigures(db, caller)) };
  const shown = [...new Set(modules)].filter(hasData);
  const loaded = await Promise.all(shown.map(async (m) => [m, await panelLoaders[m](ctx)] as const));
  return Object.fromEntries(loaded) as PanelData;
};
