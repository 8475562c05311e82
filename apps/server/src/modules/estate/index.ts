import type { Module } from '../types.ts';
import { estateRoutes } from './routes.ts';

/** Buildings, houses, residents, workers and the estate views; its own plugin so its hooks stay local. */
export const estateModule: Module = { name: 'estate', register: async (api, deps) => api.register(async (scope) => estateRoutes(scope, deps)) };
