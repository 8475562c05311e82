import { registerAction } from '../../engine/registry/actions.ts';
import { registerCell } from '../../engine/registry/cells.ts';
import { registerInput } from '../../engine/registry/inputs.ts';
import { registerRowAction } from '../../engine/registry/rowActions.ts';
import { LineQrRowAction, PatrolSendAction } from './LinesActions.tsx';
import { PatrolTimePicker, PointChainCell, PointChainInput } from './LinesInputs.tsx';

/** Patrol screens' lines part: the time picker, the point chain, 巡更派发 and 线路二维码. */
export const registerPatrolLines = (): void => {
  registerInput('patrolTime', PatrolTimePicker);
  registerInput('pointChain', PointChainInput);
  registerCell('pointChain', PointChainCell);
  registerAction('patrolSend', PatrolSendAction, { perm: (config) => ({ allOf: [`${config.name}:patrolSend`] }) });
  registerRowAction('lineQr', LineQrRowAction);
};
