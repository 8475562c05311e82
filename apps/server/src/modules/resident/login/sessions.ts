import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { Code } from '@5a/contracts';
import type { Db } from '../../../core/db/client.ts';
import { fail } from '../../../core/errors.ts';
import { residentSessions, type ResidentAction } from '../schema.ts';

/** a phone login lasts 30 days; a one-time link's session the day it is used */
export const SESSION_DAYS = 30;
export const LINK_SESSION_HOURS = 24;
/** the phone page sends its session here (a staff member's bearer token is another thing) */
export const RESIDENT_TOKEN_HEADER = 'x-resident-token';

export const SessionMsg = {
  signIn: '请先登录',
  otherAction: '该链接仅可用于指定的操作',
} as const;

export type ResidentSession = {
  id: number;
  tenantId: number;
  phone: string;
  /** a link's session: the one action it may do, and the person it was sent to */
  action: ResidentAction | null;
  targetId: number | null;
  personId: number | null;
};

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** a new session; only the token's hash is kept, the token is answered once */
export const openSession = async (
  db: Pick<Db, 'execute'>,
  s: { tenantId: number; phone: string; action?: ResidentAction; targetId?: number; personId?: number },
) => {
  const token = randomBytes(32).toString('base64url');
  const hours = s.action ? LINK_SESSION_HOURS : SESSION_DAYS * 24;
  const [row] = rowsOf<{ expires_at: string }>(
    await db.execute(sql`insert into ${residentSessions} (tenant_id, phone, token_hash, action, target_id, person_id,
        expires_at)
      values (${s.tenantId}, ${s.phone}, ${hashOf(token)}, ${s.action ?? null}, ${s.targetId ?? null},
        ${s.personId ?? null}, now() + make_interval(hours => ${hours}))
      returning to_char(expires_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') as expires_at`),
  );
  return { token, expires_at: row!.expires_at };
};

/** the caller's live session, from his token header; anything else is 请先登录 (the page shows its sign-in) */
export const sessionOf = async (db: Db, req: FastifyRequest): Promise<ResidentSession> => {
  const raw = req.headers[RESIDENT_TOKEN_HEADER];
  const token = typeof raw === 'string' ? raw.trim() : '';
  if (!token || token.length > 100) throw fail(SessionMsg.signIn, Code.tokenInvalid);
  const [s] = rowsOf<{
    id: number;
    tenant_id: number;
    phone: string;
    action: ResidentAction | null;
    target_id: number | null;
    person_id: number | null;
  }>(
    await db.execute(sql`select id, tenant_id, phone, action, target_id, person_id from ${residentSessions}
      where token_hash = ${hashOf(token)} and revoked_at is null and expires_at > now()`),
  );
  if (!s) throw fail(SessionMsg.signIn, Code.tokenInvalid);
  return {
    id: s.id,
    tenantId: s.tenant_id,
    phone: s.phone,
    action: s.action,
    targetId: s.target_id,
    personId: s.person_id,
  };
};

/** a link's session may do its one action on its one target only; a phone login anything the page offers */
export const requireAction = (s: ResidentSession, action: ResidentAction, targetId?: number) => {
  if (s.action === null) return;
  if (s.action !== action || (targetId !== undefined && s.targetId !== targetId))
    throw fail(SessionMsg.otherAction, Code.forbidden);
};

/** what only a phone login may do (the circle, repairs): a link's session is for its one action */
export const requireFullSession = (s: ResidentSession) => {
  if (s.action !== null) throw fail(SessionMsg.otherAction, Code.forbidden);
};

export const closeSession = (db: Db, s: ResidentSession) =>
  db.execute(sql`update ${residentSessions} set revoked_at = now() where id = ${s.id} and tenant_id = ${s.tenantId}`);
