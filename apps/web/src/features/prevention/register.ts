import { lazyComponent } from '../../engine/registry/lazyComponent.tsx';
import { registerCell } from '../../engine/registry/cells.ts';
import { registerRowAction } from '../../engine/registry/rowActions.ts';

/** 防控名单: the health code slot and the 防控 dialog (关爱规则 and 数据保留 register themselves by file name). */
export const registerPreventionExtensions = (): void => {
  registerCell(
    'healthCode',
    lazyComponent(() => import('./HealthCodeCell.tsx').then((m) => m.HealthCodeCell)),
  );
  registerRowAction(
    'epidemicControl',
    lazyComponent(() => import('./ControlDialog.tsx').then((m) => m.ControlRowAction)),
  );
};
