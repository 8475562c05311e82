import type { EventItem, IndexModule, MonthSeries, ReminderItem } from '@5a/contracts';

/** Where a click on a today-reminder goes: its own page, else the workbench. */
export const reminderTarget = (r: Pick<ReminderItem, 'url'>) => r.url || '/Web/Basic/Index/index';
/** Where a click on an event goes: its own page, else the event-report list. */
export const eventTarget = (e: Pick<EventItem, 'url'>) => e.url || '/Web/Repair/ReportThings/listConfig';

/** Received as a share of receivable, 0–100 with one decimal (nothing receivable → 0). */
export const percentOf = (received: number, receivable: number) => {
  if (!(receivable > 0)) return 0;
  return Math.min(100, Math.max(0, Math.round((received / receivable) * 1000) / 10));
};

/** Chart panels take a whole row on narrow screens and half on wide ones; lists and the table half too. */
export const panelSpan = (m: IndexModule): { xs: number; lg: number } =>
  m === 'base_data' || m === 'count_panel' || m === 'revenue_amount' ? { xs: 24, lg: 24 } : { xs: 24, lg: 12 };

/** Money as the product shows it: two decimals. */
export const money = (v: number | string) => {
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n.toFixed(2) : '0.00';
};

/** True when a month series has nothing to draw (every value 0 or no months). */
export const isEmptySeries = (s: MonthSeries | undefined) =>
  !s || s.months.length === 0 || s.series.every((x) => x.data.every((v) => !v));
