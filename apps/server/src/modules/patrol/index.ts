import type { Module } from '../types.ts';
import { pointsScreens, registerPointRoutes } from './points/routes.ts';
import { linesScreens, registerLineRoutes } from './lines/routes.ts';
import { patrolSweep, registerTaskRoutes, tasksScreens } from './tasks/routes.ts';
import { registerReportRoutes } from './report/routes.ts';

/** 巡更: points with QR codes, routes walked at set times, tasks generated from them, check-ins and completion. */
export const patrolModule: Module = {
  name: 'patrol',
  register: (api, deps) => {
    registerPointRoutes(api, deps);
    registerLineRoutes(api, deps);
    registerTaskRoutes(api, deps);
    registerReportRoutes(api, deps);
  },
  screens: [...pointsScreens, ...linesScreens, ...tasksScreens],
  jobs: [patrolSweep],
};

export { checkMissedPatrols, generatePatrolTasks, type GenerateOptions } from './tasks/routes.ts';

export { patrolFigures } from './report/routes.ts';

/** The task list, which the workbench's counters link to. */
export { patrolTaskResource } from './tasks/resource.ts';
