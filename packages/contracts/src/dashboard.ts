/**
 * Home-dashboard panels a non-super user may be given (a user's own list, else his roles', else the
 * default). Zod-free: the web reads the titles on the workbench's first load.
 */
export const indexModules = [
  'base_data',
  'count_panel',
  'report_repair',
  'revenue_amount',
  'estate_revenue',
  'notice',
  'event_dynamics',
  'early_list',
] as const;
export type IndexModule = (typeof indexModules)[number];

export const indexModuleTitles: Record<IndexModule, string> = {
  base_data: '基础数据',
  count_panel: '统计面板',
  report_repair: '报事报修',
  revenue_amount: '营收统计',
  estate_revenue: '小区营收',
  notice: '今日提醒',
  event_dynamics: '事件动态',
  early_list: '异常列表',
};

/** What a user sees when neither he nor any of his roles chose panels. */
export const defaultIndexModules: readonly IndexModule[] = ['base_data', 'count_panel', 'notice'];

export const isIndexModule = (m: string): m is IndexModule => (indexModules as readonly string[]).includes(m);

/** Pie slices and list rows of the panels (money in yuan, two decimals as numbers). */
export type PanelSlice = { name: string; value: number; color?: string };
export type CountItem = { key: string; title: string; num: number | string; dw: string; url: string };
export type ReminderItem = { id: string; title: string; content: string; time: string; url: string };
export type EventItem = { id: string; title: string; content: string; time: string; status: string; url: string };
export type AlertItem = { id: number; title: string; type: number; time: string; village: string };
export type VillageRevenue = { village_id: number; name: string; receivable: number; received: number; rate: number };
/** A month series per village or per category: the x axis and one series per name. */
export type MonthSeries = { months: string[]; series: { name: string; data: number[] }[] };

export type PanelData = {
  count_panel?: CountItem[];
  report_repair?: { report_repair_bx: MonthSeries; report_repair_bs: PanelSlice[] };
  revenue_amount?: { sftj: PanelSlice[]; skzc: PanelSlice[]; qftj: PanelSlice[] };
  estate_revenue?: VillageRevenue[];
  notice?: ReminderItem[];
  event_dynamics?: EventItem[];
  early_list?: AlertItem[];
};
