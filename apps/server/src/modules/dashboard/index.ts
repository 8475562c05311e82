import { everySweep } from '../../core/jobs/schedule.ts';
import { formatDate } from '../../core/time.ts';
import type { Module } from '../types.ts';
import { rollUp } from './screens/daily-figures.ts';
import { dashboardRoutes } from './routes.ts';
import { registerScreenRoutes } from './screens/routes.ts';
import { setWeatherSandbox } from './weather/service.ts';

/** The home dashboard's panels (read from the other modules' exports), a role's panel assignment and the repair statistics. */
export const dashboardModule: Module = {
  name: 'dashboard',
  register: async (app, deps) => {
    setWeatherSandbox(deps.registry, deps.config.weatherSandbox);
    await dashboardRoutes(app, deps);
    registerScreenRoutes(app, deps);
  },
  // the big screens' per-village daily rollups: the last days rebuilt each sweep, today read live
  jobs: [
    {
      name: 'dashboard-rollups',
      schedule: everySweep,
      run: ({ db }) => rollUp(db, formatDate(new Date())).then(() => {}),
    },
  ],
};

export { refreshRollups, rollUp } from './screens/daily-figures.ts';
