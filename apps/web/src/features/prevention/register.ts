import { lazyComponent } from '../../engine/registry/lazyComponent.tsx';
import { registerCell } from '../../engine/registry/cells.ts';
import { registerInput } from '../../engine/registry/inputs.ts';
import { SelectInput } from '../../engine/inputs/basic.tsx';
import { registerRowAction } from '../../engine/registry/rowActions.ts';

/** 防控名单: the health code slot and the 防控 dialog (关爱规则 and 数据保留 register themselves by file name). */
export const registerPreventionExtensions = (): void => {
  registerCell(
    'healthCode',
    lazyComponent(() => import('./HealthCodeCell.tsx').then((m) => m.HealthCodeCell)),
  );
  // searched (and shown in forms) as a choice of its three codes
  registerInput('healthCode', SelectInput);
  registerRowAction(
    'epidemicControl',
    lazyComponent(() => import('./ControlDialog.tsx').then((m) => m.ControlRowAction)),
  );
};
