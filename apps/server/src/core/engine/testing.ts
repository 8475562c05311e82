import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../../test/harness.ts';
import type { Caller } from './scope.ts';

/** A demo company user as the engine's caller, super administrator of his company (tests call services directly). */
export const superCallerOf = async (db: Db, userName: string): Promise<Caller> => {
  const [u] = rowsOf<{ id: number; tenant_id: number; name: string }>(
    await db.execute(sql`select id, tenant_id, name from users where user_name = ${userName}`),
  );
  if (!u) throw new Error(`no demo user ${userName}`);
  const actor = {
    id: u.id,
    kind: 'web',
    tenantId: u.tenant_id,
    operatorId: null,
    isSuper: true,
    name: u.name,
    userName,
    tokenId: 0,
  } as const;
  return { actor, perms: new Set(), villageIds: null };
};
