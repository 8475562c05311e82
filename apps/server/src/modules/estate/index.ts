import type { Module } from '../types.ts';
import { estateRoutes } from './routes.ts';
import { buildingResource, houseResource } from './resource-building.ts';
import { gatePersonResource } from './resource-person.ts';
import { workerResource } from './resource.ts';

export { baseCountsOf, workbenchHead } from './views.ts';
/** the tables other domains read: a repair order's house, a service bill's house, a village's workers */
export { buildings, houses, workers } from './schema.ts';

/** Buildings, houses, residents, workers and the estate views; its hooks stay in its own plugin scope (registerModule). */
export const estateModule: Module = {
  name: 'estate',
  register: estateRoutes,
  screens: [buildingResource, houseResource, gatePersonResource, workerResource],
};
