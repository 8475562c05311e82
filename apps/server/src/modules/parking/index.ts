import { lendDeviceFigures } from '../operator/index.ts';
import type { Module } from '../types.ts';
import { laneCounts } from './stats/device-counts.ts';
import { everySweep } from '../../core/jobs/schedule.ts';
import { assocScreens, registerAssocRoutes } from './associations/routes.ts';
import { sweepSpaceStatus } from './associations/associations.ts';
import { gateScreens, registerGateRoutes } from './gate/routes.ts';
import { lotsScreens, registerLotsRoutes } from './lots/routes.ts';
import { registerTempPayRoutes } from './temp-pay/routes.ts';
import { residentCarExtension, residentCarResource } from './lots/resident-cars.ts';
import { parkingOverviewPage, registerStatsRoutes } from './stats/routes.ts';

/**
 * Parking: car parks and their lanes, spaces, vehicles and space associations, monthly-card packages, and the
 * barrier cameras' signed entry/exit events with their open/deny decisions and temporary fees.
 */
export const parkingModule: Module = {
  name: 'parking',
  register: async (app, deps) => {
    // the platform home and the operator cockpit count the lanes and today's cars
    lendDeviceFigures(deps.registry, laneCounts);
    await registerLotsRoutes(app, deps);
    await registerGateRoutes(app, deps);
    await registerTempPayRoutes(app, deps);
    registerAssocRoutes(app, deps);
    registerStatsRoutes(app, deps);
  },
  screens: [...lotsScreens, ...gateScreens, ...assocScreens, parkingOverviewPage, residentCarResource],
  extensions: [residentCarExtension],
  // a space whose association ended yesterday is free today: every sweep interval, not in the request path
  jobs: [{ name: 'parking-space-status', schedule: everySweep, run: ({ db }) => sweepSpaceStatus(db) }],
};

/** occupancy, today's passages and revenue per lot, for the dashboards */
export { parkingFigures, type ParkingFigures } from './stats/stats.ts';
