import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { ownerOf, type Actor, type Caller } from '../../core/auth/actor.ts';
import type { Row, Tx } from '../../core/engine/types.ts';
import type { AppRegistry } from '../../core/engine/registry.ts';
import { fail, invalid } from '../../core/errors.ts';
import { clashesWithStaffAccount, users } from '../auth/index.ts';
import {
  bumpAccessVersion,
  isPersonalCode,
  personalRoleCode,
  refuseUngrantableRoles,
  roles,
  userRoles,
} from '../rbac/index.ts';
import { depts, posts } from './schema.ts';

/** Rows of the caller's own company (or operator, or the platform) among the shared system tables. */
const ownedBy = (actor: Actor, t: { tenantId: PgColumn; operatorId: PgColumn }) => {
  const o = ownerOf(actor);
  return and(
    o.tenantId === null ? isNull(t.tenantId) : eq(t.tenantId, o.tenantId),
    o.operatorId === null ? isNull(t.operatorId) : eq(t.operatorId, o.operatorId),
  );
};

/**
 * A new login name must be free in every company (names are unique across them); only who may
 * create users learns that it is taken, anyone else (an import-only right) gets a plain refusal.
 * A company's name may not be a platform or operator account's either (auth's clashesWithStaffAccount).
 */
export const refuseTakenName = async (db: Tx, { actor, perms }: Caller, userName: unknown) => {
  if (typeof userName !== 'string' || !userName) return;
  if (actor.kind === 'web' && (await clashesWithStaffAccount(db, userName)))
    throw invalid('用户名与平台或运营商账号重名，请更换用户名', 'user_name');
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.kind, actor.kind), eq(users.userName, userName)))
    .limit(1);
  if (!taken) return;
  throw fail(perms.has('SystemUser:add') ? '用户已存在，请勿重复添加' : '保存失败，请联系管理员');
};

/** Disabling: never oneself (one would lock oneself out), never the company's super administrator. */
export const refuseDisable = (actor: Actor, rows: Row[], status: unknown) => {
  if (Number(status) !== 2) return;
  if (rows.some((r) => Number(r.id) === actor.id)) throw fail('不能停用当前登录的账号');
  if (rows.some((r) => r.isSuper === true)) throw fail('超级管理员不能停用');
};

const refs: {
  prop: string;
  table: PgTable & { id: PgColumn; tenantId: PgColumn; operatorId: PgColumn };
  msg: string;
}[] = [
  { prop: 'dept_id', table: depts, msg: '部门不存在' },
  { prop: 'post_id', table: posts, msg: '岗位不存在' },
];

/** The department and post a user points at exist in the caller's own company. */
export const checkDeptPost = async (db: Tx, actor: Actor, input: Row) => {
  for (const { prop, table, msg } of refs) {
    const v = input[prop];
    if (v === undefined || v === null || v === '') continue;
    const id = Number(v);
    if (!Number.isInteger(id) || id <= 0 || id > 2147483647) throw invalid(msg, prop);
    const [hit] = await db
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.id, id), ownedBy(actor, table)))
      .limit(1);
    if (!hit) throw invalid(msg, prop);
  }
};

/**
 * Saves a user's roles from the form (an emptied selection removes them all). Only a real change is checked: nobody changes his own roles,
 * nor (someone else) a super administrator's, and each added role must be one the caller may hand
 * out. The user's personal role (per-user grants) is not picked here and stays as it is.
 */
export const saveUserRoles = async (registry: AppRegistry, db: Tx, actor: Actor, userId: number, input: Row) => {
  // not sent: unchanged; sent empty ([], null, ''): no role at all
  if (!('role_ids' in input)) return;
  const sent = input.role_ids;
  const wanted = (Array.isArray(sent) ? sent : sent === null || sent === undefined ? [] : [sent]).map(Number);
  if (!wanted.every((id) => Number.isInteger(id) && id > 0 && id <= 2147483647))
    throw invalid('角色不存在', 'role_ids');
  const picked = wanted.length
    ? await db
        .select({ id: roles.id, code: roles.code })
        .from(roles)
        .where(and(inArray(roles.id, wanted), ownedBy(actor, roles)))
    : [];
  if (
    picked.length !== new Set(wanted).size ||
    picked.some((r) => isPersonalCode(r.code) && r.code !== personalRoleCode(userId))
  )
    throw invalid('角色不存在', 'role_ids');
  const next = new Set(picked.filter((r) => !isPersonalCode(r.code)).map((r) => r.id));
  const held = await db
    .select({ id: roles.id, code: roles.code })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId));
  const current = held.filter((r) => !isPersonalCode(r.code)).map((r) => r.id);
  const added = [...next].filter((id) => !current.includes(id));
  const removed = current.filter((id) => !next.has(id));
  if (!added.length && !removed.length) return;
  if (userId === actor.id) throw invalid('不能修改自己的角色', 'role_ids');
  const [target] = await db.select({ isSuper: users.isSuper }).from(users).where(eq(users.id, userId));
  if (target?.isSuper) throw invalid('不能修改超级管理员的角色', 'role_ids');
  await refuseUngrantableRoles(registry, db, actor, added);
  if (removed.length)
    await db.delete(userRoles).where(and(eq(userRoles.userId, userId), inArray(userRoles.roleId, removed)));
  if (added.length) await db.insert(userRoles).values(added.map((roleId) => ({ userId, roleId })));
  bumpAccessVersion();
};
