import type { SQL } from 'drizzle-orm';
import type { Db } from '../../../core/db/client.ts';
import { appSlot, type AppRegistry } from '../../../core/engine/registry.ts';

/** devices of one kind: those working (a door heard from lately, a lane or camera switched on) and the others */
export type DeviceTally = { on: number; off: number };
export type DeviceKind = 'door' | 'unitDoor' | 'parking' | 'video';
/** what the device modules count over a set of villages; a kind no module lends is not connected ('未接入') */
export type DeviceFigures = Partial<Record<DeviceKind, DeviceTally>> & { carInToday?: number };
/** villageIds: a subquery of village ids (the caller's area) */
export type DeviceFiguresSource = (db: Db, villageIds: SQL) => Promise<DeviceFigures>;

// per app: the access, parking and video modules (after this one) lend their counts at registration
const lentSlot = appSlot('operator.deviceFigures', () => ({ sources: [] as DeviceFiguresSource[] }));

export const lendDeviceFigures = (registry: AppRegistry, source: DeviceFiguresSource): void => {
  registry.slot(lentSlot).sources.push(source);
};

/** every lent source over the villages, merged */
export const deviceFiguresOf = async (registry: AppRegistry, db: Db, villageIds: SQL): Promise<DeviceFigures> => {
  const parts = await Promise.all(registry.slot(lentSlot).sources.map((s) => s(db, villageIds)));
  return Object.assign({}, ...parts) as DeviceFigures;
};
