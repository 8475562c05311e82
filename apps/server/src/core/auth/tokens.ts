import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { authTokens, users } from '../db/schema.ts';
import type { Actor } from './actor.ts';

/** One day, the spec's cookie lifetime. */
export const TOKEN_TTL_MS = 24 * 3600_000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const issueToken = async (db: Db, userId: number, scope: 'api' | 'url', ip: string) => {
  const token = randomBytes(32).toString('base64url');
  await db.insert(authTokens).values({
    tokenHash: hashToken(token),
    userId,
    scope,
    ip,
    expiresAt: new Date(Date.now() + TOKEN_TTL_MS),
  });
  return token;
};

/**
 * Resolved tokens are kept for a few seconds (DESIGN §9: sessions are cached), so a page view costs
 * no token query; logout in this process drops the entry at once, a disabled user or a revocation
 * by another process takes effect within TOKEN_CACHE_MS.
 */
export const TOKEN_CACHE_MS = 5_000;
type Cached = { actor: Actor; tokenId: number; until: number };
const resolved = new Map<string, Cached>();

const forgetToken = (tokenId: number) => {
  for (const [k, v] of resolved) if (v.tokenId === tokenId) resolved.delete(k);
};

/** Missing, unknown, expired, revoked or disabled → null (the caller answers 50008). */
export const resolveToken = async (db: Db, token: string, scope: 'api' | 'url' = 'api'): Promise<Actor | null> => {
  if (!token || token.length > 200) return null;
  const key = `${scope}:${hashToken(token)}`;
  const hit = resolved.get(key);
  if (hit && hit.until > Date.now()) return hit.actor;
  if (hit) resolved.delete(key);
  const rows = await db
    .select({
      expiresAt: authTokens.expiresAt,
      tokenId: authTokens.id,
      id: users.id,
      kind: users.kind,
      tenantId: users.tenantId,
      operatorId: users.operatorId,
      isSuper: users.isSuper,
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
  resolved.set(key, { actor, tokenId: actor.tokenId, until: Math.min(Date.now() + TOKEN_CACHE_MS, expiresAt.getTime()) });
  return actor;
};

/** Logout revokes the api token and every url token of the same login. */
export const revokeToken = async (db: Db, tokenId: number) => {
  await db.update(authTokens).set({ revokedAt: new Date() }).where(eq(authTokens.id, tokenId));
  forgetToken(tokenId);
};

export const revokeUserTokens = async (db: Db, userId: number) => {
  await db.update(authTokens).set({ revokedAt: new Date() }).where(and(eq(authTokens.userId, userId), isNull(authTokens.revokedAt)));
  for (const [k, v] of resolved) if (v.actor.id === userId) resolved.delete(k);
};
