import { registerPatrolLines } from './registerLines.ts';
import { registerPatrolPoints } from './registerPoints.ts';
import { registerPatrolTasks } from './registerTasks.ts';

/** Patrol screens: QR printing, the route's point chain and time picker, dispatch, tasks and check-ins. */
export const registerPatrolExtensions = () => {
  registerPatrolPoints();
  registerPatrolLines();
  registerPatrolTasks();
};
