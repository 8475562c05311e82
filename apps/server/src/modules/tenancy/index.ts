import type { Module } from '../types.ts';
import { tenancyRoutes } from './routes.ts';

export const tenancyModule: Module = { name: 'tenancy', register: tenancyRoutes };
