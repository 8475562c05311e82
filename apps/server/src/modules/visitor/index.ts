import { addExpectedSource, addPassageIdentity } from '../access/index.ts';
import type { Module } from '../types.ts';
import { visitorDoorSource, visitorPassageIdentity } from './doors.ts';
import { visitorResource } from './resource.ts';
import { registerVisitorRoutes } from './routes.ts';

/**
 * 访客: a village's visitor QR code (expiring, revocable, the village may switch registration off), the public
 * phone page visitors register on, and 访客记录 where staff approve a pass window or refuse.
 */
export const visitorModule: Module = {
  name: 'visitor',
  register: (app, deps) => {
    registerVisitorRoutes(app, deps);
    // an approved visitor's pass window opens his village's doors
    addExpectedSource(deps.registry, visitorDoorSource);
    // and a passage naming his face id is his
    addPassageIdentity(deps.registry, visitorPassageIdentity);
  },
  screens: [visitorResource],
};

/** validVisitorPasses(db, {tenantId, villageId, at?}): approved visitors whose pass window holds `at` — for door rights. */
export { validVisitorPasses, visitorsByDay, type VisitorDay, type VisitorPass } from './passes.ts';
export { visitors, visitorQrcodes } from './schema.ts';
