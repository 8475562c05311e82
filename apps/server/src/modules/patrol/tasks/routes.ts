import type { FastifyInstance } from 'fastify';
import type { Screen } from '../../../core/screens/define.ts';
import { raiseAlert } from '../../notice/index.ts';
import type { ModuleDeps } from '../../types.ts';
import { generatePatrolTasks } from './generate.ts';
import { checkMissedPatrols } from './missed.ts';
import { patrolRecordResource, patrolTaskResource } from './resource.ts';
import { taskRoutes } from './endpoints.ts';

export { generatePatrolTasks, type GenerateOptions } from './generate.ts';
export { checkMissedPatrols, type RaisePatrolAlert } from './missed.ts';

/** 巡更任务 and 巡更记录: task generation, check-ins, missed windows, completion figures and the report. */
export const tasksScreens: readonly Screen[] = [patrolTaskResource, patrolRecordResource];

export const registerTaskRoutes = (api: FastifyInstance, deps: ModuleDeps): void => {
  taskRoutes(api, deps);
  // every sweep interval: the next seven days' tasks exist (a re-run writes nothing), closed windows become 已漏巡
  const timer = setInterval(() => {
    void generatePatrolTasks(deps.db, { days: 7 })
      .then(() => checkMissedPatrols(deps.db, new Date(), raiseAlert))
      .catch((e: unknown) => api.log.error(e, 'patrol sweep failed'));
  }, deps.config.sweepIntervalMs);
  timer.unref();
  api.addHook('onClose', async () => clearInterval(timer));
};
