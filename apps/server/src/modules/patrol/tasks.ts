import type { FastifyInstance } from 'fastify';
import type { Screen } from '../../core/screens/define.ts';
import type { ModuleDeps } from '../types.ts';

/** 巡更任务 and 巡更记录: task generation, check-ins, missed windows, completion figures and the report. */
export const tasksScreens: readonly Screen[] = [];

export const registerTaskRoutes = (_api: FastifyInstance, _deps: ModuleDeps): void => undefined;
