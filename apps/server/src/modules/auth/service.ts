import { hash, verify } from '@node-rs/argon2';
import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import { Code, decryptPassword, type LoginData, type LoginKind, type LoginRequest, type UserEdit } from '@5a/contracts';
import type { AppRegistry } from '../../core/engine/registry.ts';
import { recordCustomAudit } from '../../core/engine/audit.ts';
import type { Db } from '../../core/db/client.ts';
import type { Actor } from '../../core/auth/actor.ts';
import { forgetUserActors, issueSession, revokeOtherSessions } from './tokens.ts';
import { fail } from '../../core/errors.ts';
import { operators, tenants } from '../tenancy/index.ts';
import { loginFailures, loginForms, users } from './schema.ts';
import { redeemCaptcha } from './captcha.ts';

export const LOGIN_WINDOW_MS = 300_000;
/** failures of one name within the window after which its logins need a captcha */
export const CAPTCHA_AFTER_FAILURES = 3;
/** failures from one address (any names) after which its logins need a captcha */
export const CAPTCHA_AFTER_IP_FAILURES = 10;
export const FAILURE_WINDOW_MINUTES = 15;
/** wrong old passwords a session may try within the window before the password change waits */
export const PASSWORD_CHANGE_TRIES = 5;
/** each recent failure of the name slows its next wrong-password answer by this much, up to the cap */
const SLOWDOWN_MS_PER_FAILURE = 100;
const SLOWDOWN_CAP_MS = 1_500;

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

export type LoginContext = {
  ip: string;
  documentServer: string;
  iotServer: string;
  now?: number;
  /** the app's registry: a login is written to the audit trail */
  registry?: AppRegistry;
};

/** the kind of a failure recorded by the password change (logins record their entrance) */
const PASSWORD_CHANGE_KIND = 'password';

const recent = () => sql`now() - make_interval(mins => ${FAILURE_WINDOW_MINUTES})`;

/** Failures of one name, whatever the entrance (or the password change) they came from. */
const recentFailures = async (db: Db, userName: string, kind?: string) => {
  const [row] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(
      and(
        eq(loginFailures.userName, userName),
        kind ? eq(loginFailures.kind, kind) : undefined,
        gt(loginFailures.createdAt, recent()),
      ),
    );
  return Number(row?.n ?? 0);
};

const recentIpFailures = async (db: Db, ip: string) => {
  const [row] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.ip, ip), gt(loginFailures.createdAt, recent())));
  return Number(row?.n ?? 0);
};

/**
 * A name or an address with recent failures must prove a person is typing: a captcha, never a lock, so
 * nobody can keep the owner of a name out by failing on purpose.
 */
const captchaNeeded = async (db: Db, userName: string, ip: string) =>
  (await recentFailures(db, userName)) >= CAPTCHA_AFTER_FAILURES ||
  (await recentIpFailures(db, ip)) >= CAPTCHA_AFTER_IP_FAILURES;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Records one failed login and answers it, slower the more the name failed lately (guessing gets costly). */
const loginFailure = async (db: Db, kind: LoginKind, userName: string, ip: string) => {
  await db.insert(loginFailures).values({ kind, userName, ip });
  const failures = await recentFailures(db, userName);
  await sleep(Math.min(SLOWDOWN_CAP_MS, failures * SLOWDOWN_MS_PER_FAILURE));
  return (await captchaNeeded(db, userName, ip))
    ? fail('用户名或密码错误，请输入验证码后重试', Code.captchaRequired)
    : fail('用户名或密码错误', Code.loginFailed);
};

const clearFailures = (db: Db, userName: string) =>
  db.delete(loginFailures).where(eq(loginFailures.userName, userName));

/**
 * Login. Order matters: stale and replayed requests are refused before anything else, a name or address
 * with recent failures needs a valid captcha before its password is even checked (at every entrance), and
 * the login kind is told apart only after the password proved right (so the endpoint does not reveal which
 * names exist).
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
  if (await captchaNeeded(db, userName, ctx.ip)) {
    if (!req.randstr || !req.ticket) throw fail('请输入验证码', Code.captchaRequired, { field: 'ticket' });
    // a wrong captcha is not a wrong password: it counts toward nothing, the next picture is one call away
    if (!(await redeemCaptcha(db, req.randstr, req.ticket)))
      throw fail('验证码错误或已过期，请重新输入', Code.captchaRequired, { field: 'ticket' });
  }

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
  if (ctx.registry)
    await recordCustomAudit(ctx.registry, db, user, {
      screen: 'Login',
      screenTitle: '登录',
      action: 'login',
      recordId: user.id,
      after: { kind: user.kind },
    });
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
 * User settings: the nickname always, the password only with the old one verified. A wrong old password
 * counts toward the name's captcha at login, and after a few the change itself waits out the window (only
 * this session's holder can cause that, so nobody else can block it). A new password ends every other
 * session of the user, keeping the one that made the change.
 */
export const editOwnInfo = async (db: Db, actor: Actor, input: UserEdit, ip = '') => {
  const [u] = await db.select().from(users).where(eq(users.id, actor.id));
  if (!u) throw fail('用户不存在');
  const patch: Partial<typeof users.$inferInsert> = { name: input.name, updatedAt: new Date() };
  if (input.user_password) {
    const tooMany = () =>
      fail(`旧密码错误次数过多，请${FAILURE_WINDOW_MINUTES}分钟后再修改密码`, Code.validation, {
        field: 'old_password',
      });
    if ((await recentFailures(db, u.userName, PASSWORD_CHANGE_KIND)) >= PASSWORD_CHANGE_TRIES) throw tooMany();
    if (!(await checkPassword(u.passwordHash, input.old_password ?? ''))) {
      await db.insert(loginFailures).values({ kind: PASSWORD_CHANGE_KIND, userName: u.userName, ip });
      const left = PASSWORD_CHANGE_TRIES - (await recentFailures(db, u.userName, PASSWORD_CHANGE_KIND));
      if (left <= 0) throw tooMany();
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
