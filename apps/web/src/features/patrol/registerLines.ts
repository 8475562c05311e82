import { lazyComponent } from '../../engine/registry/lazyComponent.tsx';
import { registerAction } from '../../engine/registry/actions.ts';
import { registerCell } from '../../engine/registry/cells.ts';
import { registerInput } from '../../engine/registry/inputs.ts';
import { registerRowAction } from '../../engine/registry/rowActions.ts';

/** Patrol screens' lines part: the time picker, the point chain, 巡更派发 and 线路二维码. */
export const registerPatrolLines = (): void => {
  registerInput(
    'patrolTime',
    lazyComponent(() => import('./LinesInputs.tsx').then((m) => m.PatrolTimePicker)),
  );
  registerInput(
    'pointChain',
    lazyComponent(() => import('./LinesInputs.tsx').then((m) => m.PointChainInput)),
  );
  registerCell(
    'pointChain',
    lazyComponent(() => import('./LinesInputs.tsx').then((m) => m.PointChainCell)),
  );
  registerAction(
    'patrolSend',
    lazyComponent(() => import('./LinesActions.tsx').then((m) => m.PatrolSendAction)),
    { perm: (config) => ({ allOf: [`${config.name}:patrolSend`] }) },
  );
  registerRowAction(
    'lineQr',
    lazyComponent(() => import('./LinesActions.tsx').then((m) => m.LineQrRowAction)),
  );
};
