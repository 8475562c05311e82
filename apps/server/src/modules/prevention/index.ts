import type { Module } from '../types.ts';
import { registerDoorRules } from './doors.ts';
import { registerEpidemicRoutes } from './epidemic/routes.ts';
import { preventionSweep } from './jobs.ts';
import { protectionResource } from './resource.ts';
import { registerPreventionRoutes } from './routes.ts';

/**
 * 防控与关爱: residents' prevention controls (health code, pass status, isolation) that the doors obey, the care
 * rules of the company's resident tags, and the epidemic screen's figures.
 */
export const preventionModule: Module = {
  name: 'prevention',
  register: (app, deps) => {
    registerDoorRules(deps.registry);
    registerPreventionRoutes(app, deps);
    registerEpidemicRoutes(app, deps);
  },
  screens: [protectionResource],
  jobs: [preventionSweep],
};

export { careRules, preventionControlHistory, preventionControls, preventionSettings } from './schema.ts';
export { endIsolations, raiseCareAlerts, wipeExpiredHealth } from './jobs.ts';
