import { inArray } from 'drizzle-orm';
import type { Actor, Caller } from '../../core/auth/actor.ts';
import type { Tx } from '../../core/engine/types.ts';
import { invalid } from '../../core/errors.ts';
import { roleMenus, roleResources, roles } from './schema.ts';
import type { AppRegistry } from '../../core/engine/registry.ts';
import { grantsOf, isManagementPerm, loadAccess, loadMenus } from './service.ts';

type Scoped = { dataScope: number; villageIds: readonly number[] };

/** A role's data scope lies within a village scope (null = every village of the company). */
export const scopeWithin = (scope: readonly number[] | null, role: Scoped) =>
  scope === null || (role.dataScope === 2 && role.villageIds.every((v) => scope.includes(v)));

/**
 * Refuses roles the caller may not hand out. Nobody grants more than he holds: every menu, action
 * and village of the role must be his own. Roles with user or role management only come from a super
 * administrator, since whoever holds them could hand himself anything.
 */
export const refuseUngrantableRoles = async (
  registry: AppRegistry,
  db: Tx,
  actor: Actor,
  roleIds: readonly number[],
) => {
  if (!roleIds.length || actor.isSuper) return;
  const ids = [...roleIds];
  const [rows, rm, rr, all, access] = await Promise.all([
    db
      .select({ id: roles.id, name: roles.name, dataScope: roles.dataScope, villageIds: roles.villageIds })
      .from(roles)
      .where(inArray(roles.id, ids)),
    db
      .select({ roleId: roleMenus.roleId, menuId: roleMenus.menuId })
      .from(roleMenus)
      .where(inArray(roleMenus.roleId, ids)),
    db
      .select({ roleId: roleResources.roleId, resourceId: roleResources.resourceId })
      .from(roleResources)
      .where(inArray(roleResources.roleId, ids)),
    loadMenus(db, actor.kind),
    loadAccess(registry, db, actor),
  ]);
  const byId = new Map(all.map((m) => [m.id, m]));
  for (const role of rows) {
    const g = grantsOf(
      byId,
      rm.filter((r) => r.roleId === role.id).map((r) => r.menuId),
      rr.filter((r) => r.roleId === role.id).map((r) => r.resourceId),
    );
    if ([...g.perms].some(isManagementPerm))
      throw invalid('只有超级管理员可以分配含用户或角色管理权限的角色', 'role_ids');
    const within =
      [...g.menuIds].every((id) => access.menuIds.has(id)) &&
      [...g.perms].every((p) => access.perms.has(p)) &&
      scopeWithin(access.villageIds, role);
    if (!within) throw invalid(`无权分配该角色：${role.name}`, 'role_ids');
  }
};

/** A role's data scope stays within the editing user's own villages (he could otherwise widen his own role). */
export const refuseWiderScope = ({ actor, villageIds }: Caller, rolesAfter: Scoped[]) => {
  if (actor.isSuper) return;
  if (rolesAfter.some((r) => !scopeWithin(villageIds, r)))
    throw invalid('数据范围不能超出自己可见的小区', 'data_scope');
};
