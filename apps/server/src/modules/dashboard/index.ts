import type { Module } from '../types.ts';
import { registerCityRoutes } from './city/routes.ts';
import { dashboardRoutes } from './routes.ts';
import { registerApictureRoutes } from './apicture/routes.ts';
import { registerScreenRoutes } from './screens/routes.ts';
import { setWeatherSandbox } from './weather/service.ts';

/**
 * The home dashboard's panels (read from the other modules' exports), a role's panel assignment, the repair
 * statistics and the big screens (社区大数据, 物业一张图, 一张图, 城市信息中心).
 */
export const dashboardModule: Module = {
  name: 'dashboard',
  register: async (app, deps) => {
    setWeatherSandbox(deps.registry, deps.config.weatherSandbox);
    await dashboardRoutes(app, deps);
    registerScreenRoutes(app, deps);
    registerCityRoutes(app, deps);
    registerApictureRoutes(app, deps);
  },
};
