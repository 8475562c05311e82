import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../core/db/client.ts';
import { appSlot, type AppRegistry } from '../../../core/engine/registry.ts';

/** Ad slots over a set of villages: let, ending within 30 days, free, and the companies letting them. */
export type AdvertFigures = {
  slots: number;
  occupied: number;
  expiring: number;
  free: number;
  /** companies with a let slot */
  tenants: number;
  /** companies with a slot whose booking ends within 30 days */
  expiringTenants: number;
  /** what bookings paid within the period asked for brought in (fen; 0 when no period was asked) */
  incomeFen: number;
  /** a subquery of the bills that bill bookings: their money is ad income, not 其他收费 */
  bills: SQL;
};

/** a period of payments, [from, to), as SQL instants */
export type PaidWithin = { from: SQL; to: SQL };

/** villageIds: a subquery of village ids (the cockpit's area, or one village) */
export type AdvertFiguresSource = (db: Db, villageIds: SQL, paid?: PaidWithin) => Promise<AdvertFigures>;

export const NO_ADVERTS: AdvertFigures = {
  slots: 0,
  occupied: 0,
  expiring: 0,
  free: 0,
  tenants: 0,
  expiringTenants: 0,
  incomeFen: 0,
  bills: sql`select null::int where false`,
};

// per app: the community module (after this one) lends its figures at registration
const lentSlot = appSlot('operator.advertFigures', () => ({ source: null as AdvertFiguresSource | null }));

export const lendAdvertFigures = (registry: AppRegistry, source: AdvertFiguresSource): void => {
  registry.slot(lentSlot).source = source;
};

/** The lent figures; an app without the community module has no slots. */
export const advertFiguresOf =
  (registry: AppRegistry): AdvertFiguresSource =>
  async (db, villageIds, paid) => {
    const source = registry.slot(lentSlot).source;
    return source ? source(db, villageIds, paid) : NO_ADVERTS;
  };
