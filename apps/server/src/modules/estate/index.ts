import type { Module } from '../types.ts';
import { estateRoutes } from './routes.ts';
import { buildingResource, houseResource } from './resource-building.ts';
import { gatePersonResource } from './resource-person.ts';
import { workerResource } from './resource.ts';

/** Buildings, houses, residents, workers and the estate views; its hooks stay in its own plugin scope (registerModule). */
export const estateModule: Module = {
  name: 'estate',
  register: estateRoutes,
  screens: [buildingResource, houseResource, gatePersonResource, workerResource],
};
