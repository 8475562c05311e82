import type { Module } from '../types.ts';
import { registerEpidemicRoutes } from './epidemic/routes.ts';

/**
 * 防控与关爱: residents' prevention controls (health code, pass status, isolation) that the doors obey, the care
 * rules of the company's resident tags, and the epidemic screen's figures.
 */
export const preventionModule: Module = {
  name: 'prevention',
  register: (app, deps) => {
    registerEpidemicRoutes(app, deps);
  },
};

export { careRules, preventionControlHistory, preventionControls, preventionSettings } from './schema.ts';
