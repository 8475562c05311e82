import type { Actor } from '../../core/auth/actor.ts';
import type { Db } from '../../core/db/client.ts';

/** A company past its expiry and grace days may read, not write (renewing stays open). */
export const tenantWriteGate = async (_db: Db, _actor: Actor, _perms: readonly string[]): Promise<string | null> =>
  null;
