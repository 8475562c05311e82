import type { Module } from '../types.ts';
import { estateRoutes } from './routes.ts';
import { buildingResource, houseResource } from './resource-building.ts';
import { gatePersonResource } from './resource-person.ts';
import { workerResource } from './resource.ts';

/** Buildings, houses, residents, workers and the estate views; its own plugin so its hooks stay local. */
export const estateModule: Module = {
  name: 'estate',
  register: async (api, deps) => api.register(async (scope) => estateRoutes(scope, deps)),
  screens: [buildingResource, houseResource, gatePersonResource, workerResource],
};
