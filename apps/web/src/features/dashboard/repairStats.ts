import type { MonthSeries, PanelSlice } from '@5a/contracts';

export const REPAIR_STATS_URL = '/Web/DataAnalysis/Repair/index';

export type RepairStats = {
  villages: { id: number; name: string }[];
  village_id: number;
  start_month: string;
  end_month: string;
  taskNumList: { key: string; title: string; num: number }[];
  bxinfo: { trend: MonthSeries; byVillage: MonthSeries; byCategory: PanelSlice[] };
  bsinfo: MonthSeries;
  yc: MonthSeries;
  bx: MonthSeries;
};

export type StatsQuery = { village_id: number; start_month?: string; end_month?: string };

/** The request body: 0 is every village; a half-chosen range is no range (the server's default, the last twelve months). */
export const statsBody = (villageId: number, range: [string | undefined, string | undefined] | null): StatsQuery => {
  const [from, to] = range ?? [undefined, undefined];
  return from && to ? { village_id: villageId, start_month: from, end_month: to } : { village_id: villageId };
};

/** The paid-service chart: order counts as bars and the amount (yuan) as a line on a second axis. */
export const splitPaid = (bx: MonthSeries | undefined) => ({
  months: bx?.months ?? [],
  count: bx?.series[0]?.data ?? [],
  amount: bx?.series[1]?.data ?? [],
});
