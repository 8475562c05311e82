import type { Module } from '../types.ts';
import { estateRoutes } from './routes.ts';
import { buildingResource, houseResource } from './resource-building.ts';
import { gatePersonResource } from './resource-person.ts';
import { workerResource } from './resource.ts';
import { villages } from '../tenancy/index.ts';
import { buildings, workers } from './schema.ts';

export { baseCountsOf, workbenchHead } from './views.ts';
/** the tables other domains read: a repair order's house, a service bill's house, a village's workers */
export { buildings, houses, workers } from './schema.ts';

/** Buildings, houses, residents, workers and the estate views; its hooks stay in its own plugin scope (registerModule). */
export const estateModule: Module = {
  name: 'estate',
  register: estateRoutes,
  // a village with buildings or workers is not deleted; the village screen (tenancy) knows neither table
  dependents: [
    {
      of: villages,
      table: buildings,
      column: 'village_id',
      message: (v, n) => `小区“${String(v.name)}”下有${n}栋楼，不能删除`,
    },
    {
      of: villages,
      table: workers,
      column: 'village_id',
      message: (v, n) => `小区“${String(v.name)}”下有${n}名员工，不能删除`,
    },
  ],
  screens: [buildingResource, houseResource, gatePersonResource, workerResource],
};
/** What the fees module bills and shows: a house in the caller's scope, the house list, residents, a masked phone. */
export { findHouse, scopeOfCaller, type HouseRef, type Scope } from './service.ts';
export { houseResource } from './resource-building.ts';
export { accessRecords, gatePersons } from './schema.ts';
export { maskIdcard, maskPhone } from './format.ts';
export { phonesAsAllowed } from './phone-views.ts';

/** The resident list, which other modules link to. */
export { gatePersonResource } from './resource-person.ts';
/** The sensitive right and its view log: visitors' phones and the access module's face pictures are masked and
 * logged the same way. */
export { logSensitiveViews } from './service.ts';
export { SENSITIVE_PERM } from './resource-person.ts';
