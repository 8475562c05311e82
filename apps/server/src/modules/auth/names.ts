import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../core/db/client.ts';
import type { Tx } from '../../core/engine/types.ts';
import { users } from './schema.ts';

type Reader = Db | Tx;

/**
 * True when a company (web) login name is one a platform or operator account already uses. Such a twin would
 * share that account's failed-login count (and captcha) and make the wrong-entrance answer tell who exists,
 * so a company may not take it.
 */
export const clashesWithStaffAccount = async (db: Reader, userName: unknown) => {
  if (typeof userName !== 'string' || !userName) return false;
  const [hit] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.kind, ['sys', 'operator']), eq(users.userName, userName)))
    .limit(1);
  return !!hit;
};
