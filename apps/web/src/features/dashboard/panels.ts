/** The workbench panels, one lazy chunk (app/pages/panelRegistry.ts keys them by module name). */
export { BaseDataPanel } from './BaseDataPanel.tsx';
export { CountPanel } from './CountPanel.tsx';
export { EarlyListPanel } from './EarlyListPanel.tsx';
export { EstateRevenuePanel } from './EstateRevenuePanel.tsx';
export { EventDynamicsPanel } from './EventDynamicsPanel.tsx';
export { NoticePanel } from './NoticePanel.tsx';
export { ReportRepairPanel } from './ReportRepairPanel.tsx';
export { RevenuePanel } from './RevenuePanel.tsx';
