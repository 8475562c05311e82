import type { Module } from '../types.ts';
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
};
