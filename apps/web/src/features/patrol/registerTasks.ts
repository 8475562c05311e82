import { registerAction } from '../../engine/registry/actions.ts';
import { registerRowAction } from '../../engine/registry/rowActions.ts';
import { PatrolCorrectRowAction, PatrolGenerateAction, PatrolTaskDetailRowAction } from './TasksActions.tsx';

/** Patrol screens' tasks part: 生成任务, 巡更详情 and 校正 (the check-in page is a route of the app). */
export const registerPatrolTasks = (): void => {
  registerAction('patrolGenerate', PatrolGenerateAction);
  registerRowAction('patrolTaskDetail', PatrolTaskDetailRowAction);
  registerRowAction('patrolCorrect', PatrolCorrectRowAction);
};
