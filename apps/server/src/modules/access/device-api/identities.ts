import type { SQL } from 'drizzle-orm';
import { appSlot, type AppRegistry } from '../../../core/engine/registry.ts';

/**
 * Another module's people a door may name by face id (a visitor's `V<id>`): the id's letter, and a lookup as one SQL
 * part over the event `e` (other_id, at) and the device `d` (tenant_id, village_id) that selects at most one row of
 * `id, name, pic, valid, barred, qr_version` — valid: his right to pass holds at the event's time.
 */
export type PassageIdentity = { prefix: string; lookup: SQL };

const identitiesSlot = appSlot('access.passageIdentities', () => ({ list: [] as PassageIdentity[] }));

/** lets the doors' passages name another module's people (visitors) by the face ids that module gives them */
export const addPassageIdentity = (registry: AppRegistry, identity: PassageIdentity) => {
  if (!/^[A-Z]$/.test(identity.prefix) || ['F', 'W'].includes(identity.prefix))
    throw new Error(`人员编号前缀 ${identity.prefix} 不可用`);
  registry.slot(identitiesSlot).list.push(identity);
};

export const passageIdentities = (registry: AppRegistry): readonly PassageIdentity[] =>
  registry.slot(identitiesSlot).list;

/**
 * A reason the doors must not let a resident through although his right holds (a home isolation, a ban of a later
 * module): one SQL text expression over the resident `p` (a gate_persons row) that gives the reason, or null. A
 * passage of such a resident is recorded and raises the face-comparison alert with that reason.
 */
export type PassageHold = SQL;

const holdsSlot = appSlot('access.passageHolds', () => ({ list: [] as PassageHold[] }));

/** lets another module stop residents at the doors (the passage still recorded, with an alert) */
export const addPassageHold = (registry: AppRegistry, hold: PassageHold) => {
  registry.slot(holdsSlot).list.push(hold);
};

export const passageHolds = (registry: AppRegistry): readonly PassageHold[] => registry.slot(holdsSlot).list;
