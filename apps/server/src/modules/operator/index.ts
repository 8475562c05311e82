import type { Module } from '../types.ts';
import { tenantWriteGate } from './subscriptions/expiry.ts';
import { homeScreens, registerHomeRoutes } from './home/routes.ts';
import { onboardScreens, registerOnboardRoutes } from './clients/routes.ts';
import { expiryReminderSweep, registerServiceRoutes, serviceScreens } from './subscriptions/routes.ts';

/**
 * The platform and its operators: operators, their property companies and villages, the services sold to
 * them (and the menus each unlocks), expiry and renewal orders, the operator home and analysis data.
 */
export const operatorModule: Module = {
  name: 'operator',
  register: async (app, deps) => {
    await registerOnboardRoutes(app, deps);
    await registerServiceRoutes(app, deps);
    await registerHomeRoutes(app, deps);
  },
  screens: [...onboardScreens, ...serviceScreens, ...homeScreens],
  jobs: [expiryReminderSweep],
};

export { tenantWriteGate };

/** The cockpit's and the one-map's ad figures, lent by the community module (which comes after this one). */
export {
  advertFiguresOf,
  NO_ADVERTS,
  lendAdvertFigures,
  type AdvertFigures,
  type AdvertFiguresSource,
} from './home/advert-figures.ts';
/** The caller's area (an operator's regions and companies, the platform's all): the one-map reads it too. */
export { areaOf } from './home/analysis.ts';
/** The home's, the cockpit's and the city centre's device counts, lent by the access, parking and video modules. */
export {
  deviceFiguresOf,
  lendDeviceFigures,
  type DeviceFigures,
  type DeviceFiguresSource,
  type DeviceKind,
  type DeviceTally,
} from './home/device-figures.ts';
