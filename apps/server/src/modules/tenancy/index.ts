import type { Module } from '../types.ts';
import { tenancyRoutes } from './routes.ts';
import { villageResource } from './resource.ts';

export const tenancyModule: Module = { name: 'tenancy', register: tenancyRoutes, screens: [villageResource] };
