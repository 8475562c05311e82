import { hash, verify } from '@node-rs/argon2';
import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import { Code, decryptPassword, type LoginData, type LoginKind, type LoginRequest, type UserEdit } from '@5a/contracts';
import type { Db } from '../../core/db/client.ts';
import type { Actor } from '../../core/auth/actor.ts';
import { forgetUserActors, issueSession, revokeOtherSessions } from './tokens.ts';
import { fail } from '../../core/errors.ts';
import { operators, tenants } from '../tenancy/index.ts';
import { loginFailures, loginForms, users } from './schema.ts';

export const LOGIN_WINDOW_MS = 300_000;
export const LOCK_FAILURES = 5;
export const LOCK_MINUTES = 15;

export const hashPassword = (plain: string) => hash(plain, { algorithm: 2 });
export const checkPassword = async (stored: string, plain: string) => {
  try {
    return await verify(stored, plain);
  } catch {
    return false;
  }
};

/**
 * An argon2id hash of a throw-away password, made with hashPassword's parameters: a name that does
 * not exist is checked against it, so its answer takes as long as a wrong password of a real name.
 */
export const DUMMY_PASSWORD_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$qEfggiXWdvFGl71DqrbkdQ$FD7sybz3TigvPO9VktUm5NKq7SzS4Lz+j7OgiEz8/38';

export type LoginContext = { ip: string; documentServer: string; iotServer: string; now?: number };

const lockedError = () => fail(`登录失败次数过多，账号已锁定，请${LOCK_MINUTES}分钟后再试`, Code.locked);

/** The lock is per user name, whatever the entrance (or the password change) the failures came from. */
const recentFailures = async (db: Db, userName: string) => {
  const [row] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(
      and(
        eq(loginFailures.userName, userName),
        gt(loginFailures.createdAt, sql`now() - make_interval(mins => ${LOCK_MINUTES})`),
      ),
    );
  return Number(row?.n ?? 0);
};

const isLocked = async (db: Db, userName: string) => (await recentFailures(db, userName)) >= LOCK_FAILURES;

/** Records one failure; the tries left before the lock, 0 when it is now locked. */
const recordFailure = async (db: Db, kind: LoginKind, userName: string, ip: string) => {
  await db.insert(loginFailures).values({ kind, userName, ip });
  return Math.max(0, LOCK_FAILURES - (await recentFailures(db, userName)));
};

const loginFailure = async (db: Db, kind: LoginKind, userName: string, ip: string) => {
  const left = await recordFailure(db, kind, userName, ip);
  return left === 0 ? lockedError() : fail(`用户名或密码错误，还可尝试${left}次`, Code.loginFailed);
};

const clearFailures = (db: Db, userName: string) =>
  db.delete(loginFailures).where(eq(loginFailures.userName, userName));

/**
 * Login. Order matters: stale and replayed requests are refused before anything else,
 * a locked name is refused even with the right password (at every entrance), and the login kind is
 * told apart only after the password proved right (so the endpoint does not reveal which names exist).
 */
export const login = async (db: Db, kind: LoginKind, req: LoginRequest, ctx: LoginContext): Promise<LoginData> => {
  const now = ctx.now ?? Date.now();
  if (Math.abs(now - req.timestamp) > LOGIN_WINDOW_MS)
    throw fail('登录请求已过期，请检查本机时间后刷新页面重试', Code.staleTimestamp);
  const fresh = await db
    .insert(loginForms)
    .values({ formId: req.form_id })
    .onConflictDoNothing()
    .returning({ formId: loginForms.formId });
  if (fresh.length === 0) throw fail('登录请求已失效（重复提交），请刷新页面后重试', Code.replay);
  if (Math.random() < 0.01) await db.delete(loginForms).where(lt(loginForms.createdAt, sql`now() - interval '1 day'`));

  const userName = req.user_name;
  if (await isLocked(db, userName)) throw lockedError();

  const password = await decryptPassword(userName, req.timestamp, req.form_id, req.user_password);
  const candidates = await db.select().from(users).where(eq(users.userName, userName));
  const user = candidates.find((u) => u.kind === kind);
  if (!password) throw await loginFailure(db, kind, userName, ctx.ip);
  if (!user) {
    // an unknown name costs one hash check too, so its answer is not faster than a wrong password's
    if (candidates.length === 0) await checkPassword(DUMMY_PASSWORD_HASH, password);
    for (const other of candidates)
      if (await checkPassword(other.passwordHash, password))
        throw fail('该账号不能在此登录，请使用对应的登录入口', Code.wrongKind);
    throw await loginFailure(db, kind, userName, ctx.ip);
  }
  if (!(await checkPassword(user.passwordHash, password))) throw await loginFailure(db, kind, userName, ctx.ip);
  if (user.status !== 1) throw fail('账号已被禁用，请联系管理员', Code.disabled);
  // a company past its expiry still logs in: it reads, renews, and writes nothing (the write gate)
  if (user.kind === 'web' && user.tenantId) {
    const [t] = await db.select().from(tenants).where(eq(tenants.id, user.tenantId));
    if (!t || t.status !== 1) throw fail('所属物业公司已停用，请联系运营商', Code.disabled);
  }
  if (user.kind === 'operator' && user.operatorId) {
    const [o] = await db.select({ status: operators.status }).from(operators).where(eq(operators.id, user.operatorId));
    if (!o || o.status !== 1) throw fail('所属运营商已停用，请联系平台', Code.disabled);
  }
  await clearFailures(db, userName);
  const { token, urlToken } = await issueSession(db, user.id, ctx.ip);
  return {
    userId: user.id,
    token,
    urlToken,
    documentServer: ctx.documentServer,
    iotServer: ctx.iotServer,
    theme: user.theme,
    kind: user.kind,
    super: user.isSuper,
    mustChangePassword: user.mustChangePassword,
  };
};

export const getUserInfo = async (db: Db, actor: Actor) => {
  const [u] = await db.select().from(users).where(eq(users.id, actor.id));
  if (!u) throw fail('用户不存在');
  const tenantName = u.tenantId
    ? ((await db.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, u.tenantId)))[0]?.name ?? null)
    : null;
  return {
    id: u.id,
    name: u.name,
    user_name: u.userName,
    kind: u.kind,
    super: u.isSuper,
    theme: u.theme,
    tenantName,
    mustChangePassword: u.mustChangePassword,
    indexModule: u.indexModule ? u.indexModule.split(',') : [],
  };
};

/**
 * User settings: the nickname always, the password only with the old one verified. A wrong
 * old password counts toward the same lock as a failed login (a stolen session cannot guess it), and a
 * new password ends every other session of the user, keeping the one that made the change.
 */
export const editOwnInfo = async (db: Db, actor: Actor, input: UserEdit, ip = '') => {
  const [u] = await db.select().from(users).where(eq(users.id, actor.id));
  if (!u) throw fail('用户不存在');
  const patch: Partial<typeof users.$inferInsert> = { name: input.name, updatedAt: new Date() };
  if (input.user_password) {
    if (await isLocked(db, u.userName)) throw lockedError();
    if (!(await checkPassword(u.passwordHash, input.old_password ?? ''))) {
      const left = await recordFailure(db, u.kind, u.userName, ip);
      if (left === 0) throw lockedError();
      throw fail(`修改失败，旧密码不正确，还可尝试${left}次`, Code.validation, { field: 'old_password' });
    }
    patch.passwordHash = await hashPassword(input.user_password);
    patch.mustChangePassword = false;
  }
  await db.transaction(async (tx) => {
    await tx.update(users).set(patch).where(eq(users.id, actor.id));
    if (input.user_password) await revokeOtherSessions(tx, actor.id, actor.tokenId);
  });
  if (input.user_password) await clearFailures(db, u.userName);
  // the cached actor of this very token still says 'must change': read him again on the next call
  if (input.user_password && u.mustChangePassword) forgetUserActors(u.id);
};

export const updateTheme = async (db: Db, actor: Actor, theme: string) => {
  await db.update(users).set({ theme, updatedAt: new Date() }).where(eq(users.id, actor.id));
};
