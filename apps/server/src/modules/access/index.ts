import { lendDeviceFigures } from '../operator/index.ts';
import { doorCounts } from './figures.ts';
import type { Module } from '../types.ts';
import { registerDeviceApi } from './device-api/routes.ts';
import { accessDeviceResource } from './devices/resource.ts';
import { registerDeviceRoutes } from './devices/routes.ts';
import { accessRecordResource } from './records/resource.ts';
import { registerSettingRoutes } from './settings/routes.ts';
import { registerFaceRoutes } from './faces/routes.ts';
import { registerSyncRoutes } from './sync/routes.ts';
import { faceSyncJob } from './sync/push.ts';

/**
 * 门禁: the villages' door controllers and face terminals, their signed calls (heartbeat, passages, the faces they
 * hold) and the passages they recorded (通行记录, which the village view shows too); who may open which door
 * (computed), faces kept only with consent, and each door's list reconciled against what it holds. A stranger's
 * face, an unknown card or an unapproved resident at a door raises a face-comparison alert (识别阈值 per village).
 */
export const accessModule: Module = {
  name: 'access',
  register: async (app, deps) => {
    // the platform home and the operator cockpit count the doors
    lendDeviceFigures(deps.registry, doorCounts);
    registerDeviceRoutes(app, deps);
    registerSettingRoutes(app, deps);
    await registerDeviceApi(app, deps);
    registerFaceRoutes(app, deps);
    registerSyncRoutes(app, deps);
  },
  screens: [accessDeviceResource, accessRecordResource],
  jobs: [faceSyncJob],
};

/** devices online/offline by type, passages in/out by hour today and by month, for the dashboards */
export {
  accessByHour,
  accessByMonth,
  deviceFigures,
  type AccessScope,
  type DeviceTypeFigure,
  type HourFigure,
  type MonthFigure,
} from './figures.ts';
export { OFFLINE_AFTER_MINUTES } from './devices/online.ts';
export { accessDevices, accessDeviceFaces } from './schema.ts';
export { accessFaceConsents, accessPersonPasses, accessFaceSyncs } from './schema-faces.ts';
/** who may open a door; another module (visitors) adds its people through addExpectedSource */
export {
  addExpectedExclusion,
  addExpectedSource,
  expectedPeople,
  residentKey,
  workerKey,
  type ExpectedExclusion,
  type ExpectedPerson,
  type ExpectedSource,
} from './rights/expected.ts';
export { readQr, type QrClaim } from './rights/credential.ts';
/** another module's people a passage may name by face id (a visitor's V<id>) */
export { addPassageIdentity, type PassageIdentity } from './device-api/identities.ts';
/** residents another module stops at the doors (a home isolation): their passage raises an alert with its reason */
export { addPassageHold, type PassageHold } from './device-api/identities.ts';
