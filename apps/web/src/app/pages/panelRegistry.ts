import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { IndexModule } from '@5a/contracts';
import type { PanelProps } from '../../features/dashboard/types.ts';

type Panel = LazyExoticComponent<ComponentType<PanelProps>>;
const load = (pick: (m: typeof import('../../features/dashboard/panels.ts')) => ComponentType<PanelProps>): Panel =>
  lazy(() => import('../../features/dashboard/panels.ts').then((m) => ({ default: pick(m) })));

/**
 * Workbench panels by module name (the user's indexModule): each loads on first use, so ECharts
 * and the panels stay out of the workbench's first load. A new panel is one entry here.
 */
export const panelRegistry: Record<IndexModule, Panel> = {
  base_data: load((m) => m.BaseDataPanel),
  count_panel: load((m) => m.CountPanel),
  report_repair: load((m) => m.ReportRepairPanel),
  revenue_amount: load((m) => m.RevenuePanel),
  estate_revenue: load((m) => m.EstateRevenuePanel),
  notice: load((m) => m.NoticePanel),
  event_dynamics: load((m) => m.EventDynamicsPanel),
  early_list: load((m) => m.EarlyListPanel),
};
