import type { Module } from '../types.ts';
import { villageResource } from './resource.ts';
import { villagesOf } from './villages.ts';

/** Operators, companies and villages: the bottom of the module graph, it imports no other module. */
export const tenancyModule: Module = {
  name: 'tenancy',
  register: () => undefined,
  screens: [villageResource],
  platform: { villagesOf },
};

/** Other modules name a company or a village (a notice's audience, an alert's village) through these. */
export { operators, tenants, villages } from './schema.ts';

/** The village list, which other modules link to. */
export { villageResource } from './resource.ts';

/** The 所属小区 field village-owned screens share. */
export { villageField } from './fields.ts';
