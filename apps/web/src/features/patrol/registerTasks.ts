import { lazyComponent } from '../../engine/registry/lazyComponent.tsx';
import { registerAction } from '../../engine/registry/actions.ts';
import { registerRowAction } from '../../engine/registry/rowActions.ts';

/** Patrol screens' tasks part: 生成任务, 巡更详情 and 校正 (the check-in page is a route of the app). */
export const registerPatrolTasks = (): void => {
  registerAction(
    'patrolGenerate',
    lazyComponent(() => import('./TasksActions.tsx').then((m) => m.PatrolGenerateAction)),
  );
  registerRowAction(
    'patrolTaskDetail',
    lazyComponent(() => import('./TasksActions.tsx').then((m) => m.PatrolTaskDetailRowAction)),
  );
  registerRowAction(
    'patrolCorrect',
    lazyComponent(() => import('./TasksActions.tsx').then((m) => m.PatrolCorrectRowAction)),
  );
};
