import type { FastifyInstance } from 'fastify';
import { everySweep } from '../../../core/jobs/schedule.ts';
import type { JobDefinition } from '../../../core/jobs/types.ts';
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

export const registerTaskRoutes = (api: FastifyInstance, deps: ModuleDeps): void => taskRoutes(api, deps);

/** every sweep interval: the next seven days' tasks exist (a re-run writes nothing), closed windows become 已漏巡 */
export const patrolSweep: JobDefinition = {
  name: 'patrol-sweep',
  schedule: everySweep,
  run: async ({ db }) => {
    await generatePatrolTasks(db, { days: 7 });
    await checkMissedPatrols(db, new Date(), raiseAlert);
  },
};
