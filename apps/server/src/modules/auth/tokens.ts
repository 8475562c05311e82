import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../core/db/client.ts';
import { dbKey } from '../../core/db/identity.ts';
import { announce, onChange } from '../../core/bus/index.ts';
import { authTokens, users } from './schema.ts';
import type { Actor } from '../../core/auth/actor.ts';

/** One day, as long as the login cookies live. */
export const TOKEN_TTL_MS = 24 * 3600_000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const insertToken = async (db: Db, userId: number, scope: 'api' | 'url', ip: string, sessionId: number | null) => {
  const token = randomBytes(32).toString('base64url');
  const [row] = await db
    .insert(authTokens)
    .values({
      tokenHash: hashToken(token),
      userId,
      scope,
      ip,
      sessionId,
      expiresAt: new Date(Date.now() + TOKEN_TTL_MS),
    })
    .returning({ id: authTokens.id });
  return { token, id: row!.id };
};

/** A login: the api token and the url token for file links, linked so the session ends as one. */
export const issueSession = async (db: Db, userId: number, ip: string) => {
  const api = await insertToken(db, userId, 'api', ip, null);
  const url = await insertToken(db, userId, 'url', ip, api.id);
  return { token: api.token, urlToken: url.token };
};

/**
 * Resolved tokens are kept for a few seconds, so a page view costs no token query; keyed by the database too, so a
 * token of one app's database never answers for another's. A revocation drops the entries at once in this process
 * and, through the cluster bus, in the other processes on the same database (TOKEN_CACHE_MS bounds it when the bus
 * is down).
 */
export const TOKEN_CACHE_MS = 5_000;
type Cached = { actor: Actor; tokenId: number; until: number };
const resolved = new Map<string, Cached>();
/** bumped by every revocation: a lookup that raced one is answered but not cached */
let revocations = 0;

onChange((c) => {
  if (c.kind !== 'tokens' && c.kind !== 'users') return;
  revocations++;
  const ids = new Set(c.ids);
  for (const [k, v] of resolved) if (ids.has(c.kind === 'tokens' ? v.tokenId : v.actor.id)) resolved.delete(k);
});

/** Missing, unknown, expired, revoked or disabled → null (the caller answers 50008). */
export const resolveToken = async (db: Db, token: string, scope: 'api' | 'url' = 'api'): Promise<Actor | null> => {
  if (!token || token.length > 200) return null;
  const key = `${dbKey(db)}:${scope}:${hashToken(token)}`;
  const hit = resolved.get(key);
  if (hit && hit.until > Date.now()) return hit.actor;
  if (hit) resolved.delete(key);
  const seen = revocations;
  const rows = await db
    .select({
      expiresAt: authTokens.expiresAt,
      tokenId: authTokens.id,
      id: users.id,
      kind: users.kind,
      tenantId: users.tenantId,
      operatorId: users.operatorId,
      isSuper: users.isSuper,
      mustChangePassword: users.mustChangePassword,
      name: users.name,
      userName: users.userName,
    })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(
      and(
        eq(authTokens.tokenHash, hashToken(token)),
        eq(authTokens.scope, scope),
        isNull(authTokens.revokedAt),
        gt(authTokens.expiresAt, sql`now()`),
        eq(users.status, 1),
      ),
    )
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  const { expiresAt, ...actor } = row;
  if (resolved.size > 10_000) resolved.clear();
  if (seen === revocations)
    resolved.set(key, {
      actor,
      tokenId: actor.tokenId,
      until: Math.min(Date.now() + TOKEN_CACHE_MS, expiresAt.getTime()),
    });
  return actor;
};

const revokeWhere = async (db: Db, where: SQL | undefined) => {
  const done = await db
    .update(authTokens)
    .set({ revokedAt: new Date() })
    .where(and(where, isNull(authTokens.revokedAt)))
    .returning({ id: authTokens.id });
  if (done.length) announce({ kind: 'tokens', ids: done.map((r) => r.id) });
};

/** Logout: the api token and every url token of the same login. */
export const revokeSession = (db: Db, tokenId: number) =>
  revokeWhere(db, or(eq(authTokens.id, tokenId), eq(authTokens.sessionId, tokenId)));

/** Password change: every session of the user but the one making the change. */
export const revokeOtherSessions = (db: Db, userId: number, keepTokenId: number) =>
  revokeWhere(
    db,
    and(
      eq(authTokens.userId, userId),
      ne(authTokens.id, keepTokenId),
      or(isNull(authTokens.sessionId), ne(authTokens.sessionId, keepTokenId)),
    ),
  );

/** A user's cached actors are stale (his first-login password was changed): the next call reads him again. */
export const forgetUserActors = (userId: number) => announce({ kind: 'users', ids: [userId] });

/** A disabled (or otherwise shut out) user: all his api and url tokens, so enabling him again revives none. */
export const revokeUserTokens = async (db: Db, userId: number) => {
  await revokeWhere(db, eq(authTokens.userId, userId));
  announce({ kind: 'users', ids: [userId] });
};
