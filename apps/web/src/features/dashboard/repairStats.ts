import type { MonthSeries } from '@5a/contracts';
import type { RepairStatsBody } from '@5a/contracts/endpoints/dashboard';

export type { RepairStats } from '@5a/contracts/endpoints/dashboard';

/** The request body: 0 is every village; a half-chosen range is no range (the server's default, the last twelve months). */
export const statsBody = (
  villageId: number,
  range: [string | undefined, string | undefined] | null,
): RepairStatsBody => {
  const [from, to] = range ?? [undefined, undefined];
  return from && to ? { village_id: villageId, start_month: from, end_month: to } : { village_id: villageId };
};

/** The paid-service chart: order counts as bars and the amount (yuan) as a line on a second axis. */
export const splitPaid = (bx: MonthSeries | undefined) => ({
  months: bx?.months ?? [],
  count: bx?.series[0]?.data ?? [],
  amount: bx?.series[1]?.data ?? [],
});
