import type { Module } from '../types.ts';
import { tenancyRoutes } from './routes.ts';
import { villageResource } from './resource.ts';
import { villagesOf } from './villages.ts';

export const tenancyModule: Module = { name: 'tenancy', register: tenancyRoutes, screens: [villageResource], platform: { villagesOf } };

/** Other modules name a company or a village (a notice's audience, an alert's village) through these. */
export { tenants, villages } from './schema.ts';
