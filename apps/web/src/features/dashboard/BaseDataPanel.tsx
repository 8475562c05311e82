import { BaseDataPanel as Shortcuts } from '../estate/BaseDataPanel.tsx';
import type { PanelProps } from './types.ts';

/** 基础数据: the estate's shortcut cards with the caller's counts. */
export const BaseDataPanel = ({ title, baseData }: PanelProps) => (
  <div data-testid="workbench-module-base_data">
    <Shortcuts items={baseData} title={title} />
  </div>
);
