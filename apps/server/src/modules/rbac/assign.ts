import { and, eq, isNull, like, not } from 'drizzle-orm';
import { resourceActions } from '@5a/contracts';
import type { GrantNode as AuthNode, Grants as AuthView } from '@5a/contracts/endpoints/rbac';
import type { AppRegistry } from '../../core/engine/registry.ts';
import { recordCustomAudit } from '../../core/engine/audit.ts';
import type { Db } from '../../core/db/client.ts';
import { ownerOf, type Actor } from '../../core/auth/actor.ts';
import { fail, invalid, notFound } from '../../core/errors.ts';
import { users } from '../auth/index.ts';
import { roleMenus, roleResources, roles, userRoles } from './schema.ts';
import {
  bumpAccessVersion,
  grantsOf,
  isManagementPerm,
  loadAccess,
  loadMenus,
  personalRoleCode,
  superOnlyMenus,
  type MenuRow,
} from './service.ts';

export type { AuthNode, AuthView };

const resourceNames: Record<(typeof resourceActions)[number], string> = {
  add: '新增',
  remove: '删除',
  edit: '编辑',
  view: '查看',
  export: '导出',
};
export { personalRoleCode };
export const isPersonalRole = like(roles.code, '\\_\\_user\\_%');
export const notPersonalRole = not(isPersonalRole);

const ownerWhere = (actor: Actor) => {
  const o = ownerOf(actor);
  return and(
    o.tenantId === null ? isNull(roles.tenantId) : eq(roles.tenantId, o.tenantId),
    o.operatorId === null ? isNull(roles.operatorId) : eq(roles.operatorId, o.operatorId),
  );
};

/** The menu id a resource id ('<menuId>_<action>') names */
const menuOfResource = (r: string) => Number(r.split('_')[0]);

/**
 * Refuses a grant of a page only the super administrator holds (or of its buttons) by the page's name, before the
 * general 无权分配: the caller may well hold it himself.
 */
const refuseSuperOnly = (
  superOnly: ReadonlySet<number>,
  byId: ReadonlyMap<number, MenuRow>,
  menu: readonly number[],
  resource: readonly string[],
) => {
  const menuHit = menu.find((id) => superOnly.has(id));
  const resHit = resource.map(menuOfResource).find((id) => superOnly.has(id));
  const hit = menuHit ?? resHit;
  if (hit === undefined) return;
  // a button names its page
  let page = byId.get(hit);
  while (page && superOnly.has(page.parentId)) page = byId.get(page.parentId);
  throw invalid(
    `「${page?.menuName ?? hit}」仅限超级管理员使用，不能分配给角色或用户`,
    menuHit !== undefined ? 'menu' : 'resource',
  );
};

/** The menu tree a caller may hand out: never more than the caller holds, never what only a super administrator holds. */
const grantable = async (registry: AppRegistry, db: Db, actor: Actor) => {
  const access = await loadAccess(registry, db, actor);
  const all = await loadMenus(db, actor.kind);
  const superOnly = superOnlyMenus(registry, all);
  const rows = all.filter((m) => m.menuType === 1 && access.menuIds.has(m.id) && !superOnly.has(m.id));
  const ids = new Set(rows.map((m) => m.id));
  const build = (parentId: number): AuthNode[] =>
    rows.filter((m) => m.parentId === parentId).map((m) => ({ id: m.id, label: m.menuName, children: build(m.id) }));
  const list = build(0);
  const leaves = new Set(rows.filter((m) => !rows.some((c) => c.parentId === m.id)).map((m) => m.id));
  return { list, ids, leaves, rows, access, superOnly, byId: new Map(all.map((m) => [m.id, m])) };
};

const roleOf = async (db: Db, actor: Actor, roleId: number) => {
  const [role] = await db
    .select()
    .from(roles)
    .where(and(eq(roles.id, roleId), ownerWhere(actor)));
  if (!role) throw notFound('角色');
  return role;
};

/** Loads a role's grants as the permission screen wants them. */
export const roleAuthView = async (registry: AppRegistry, db: Db, actor: Actor, roleId: number): Promise<AuthView> => {
  await roleOf(db, actor, roleId);
  const g = await grantable(registry, db, actor);
  const [menus, resources] = await Promise.all([
    db.select({ id: roleMenus.menuId }).from(roleMenus).where(eq(roleMenus.roleId, roleId)),
    db.select({ id: roleResources.resourceId }).from(roleResources).where(eq(roleResources.roleId, roleId)),
  ]);
  // only leaves are reported checked: the tree derives its parents' state from them
  const menuIdList = menus.map((m) => m.id).filter((id) => g.leaves.has(id));
  // a super-only page an older release let be granted is not shown as granted: the next save drops it
  const resourcelist = resources.map((r) => r.id).filter((r) => !g.superOnly.has(menuOfResource(r)));
  return { list: g.list, menuIdList, resourcelist, resourc: resourcelist };
};

/** The five resources of one page ('<menuId>_add|_remove|_edit|_view|_export'). */
export const menuResources = async (registry: AppRegistry, db: Db, actor: Actor, menuId: number) => {
  const g = await grantable(registry, db, actor);
  if (!g.ids.has(menuId)) throw notFound('菜单');
  return resourceActions.map((a) => ({ id: `${menuId}_${a}`, name: resourceNames[a] }));
};

/** Menus and resources the caller may hand out: within his own rights, management only from a super administrator. */
const checkGrants = async (registry: AppRegistry, db: Db, actor: Actor, menu: number[], resource: string[]) => {
  const g = await grantable(registry, db, actor);
  refuseSuperOnly(g.superOnly, g.byId, menu, resource);
  const badMenu = menu.find((id) => !g.ids.has(id));
  if (badMenu !== undefined) throw invalid(`菜单不存在或无权分配：${badMenu}`, 'menu');
  // a resource is within the caller's rights only if every action it grants is one he holds
  const badRes = resource.find((r) => {
    const [id, act] = r.split('_');
    if (!g.ids.has(Number(id)) || !resourceActions.includes(act as (typeof resourceActions)[number])) return true;
    return !actor.isSuper && [...grantsOf(g.byId, [], [r]).perms].some((p) => !g.access.perms.has(p));
  });
  if (badRes !== undefined) throw invalid(`资源不存在或无权分配：${badRes}`, 'resource');
  if (!actor.isSuper && [...grantsOf(g.byId, menu, resource).perms].some(isManagementPerm))
    throw invalid('只有超级管理员可以分配用户或角色管理权限', 'menu');
};

/** where a grant was saved, for the audit trail: the role's screen, or the user's (his personal role) */
type GrantTarget = { registry: AppRegistry; actor: Actor; screen: 'SystemRole' | 'SystemUser'; recordId: number };
const grantTitles = { SystemRole: '角色管理', SystemUser: '用户管理' } as const;

const writeGrants = async (roleId: number, menu: number[], resource: string[], db: Db, target: GrantTarget) => {
  await db.transaction(async (tx) => {
    const before = {
      menus: (await tx.select({ id: roleMenus.menuId }).from(roleMenus).where(eq(roleMenus.roleId, roleId)))
        .map((r) => r.id)
        .sort((a, b) => a - b),
      resources: (
        await tx.select({ id: roleResources.resourceId }).from(roleResources).where(eq(roleResources.roleId, roleId))
      )
        .map((r) => r.id)
        .sort(),
    };
    await tx.delete(roleMenus).where(eq(roleMenus.roleId, roleId));
    await tx.delete(roleResources).where(eq(roleResources.roleId, roleId));
    const menuIds = [...new Set(menu)];
    if (menuIds.length) await tx.insert(roleMenus).values(menuIds.map((menuId) => ({ roleId, menuId })));
    const resIds = [...new Set(resource)];
    if (resIds.length) await tx.insert(roleResources).values(resIds.map((resourceId) => ({ roleId, resourceId })));
    await recordCustomAudit(target.registry, tx, target.actor, {
      screen: target.screen,
      screenTitle: grantTitles[target.screen],
      action: 'grant',
      recordId: target.recordId,
      before,
      after: { menus: menuIds.sort((a, b) => a - b), resources: resIds.sort() },
    });
  });
  bumpAccessVersion();
};

/** Replaces a role's grants; the buttons under a checked page follow its resources. */
export const saveRoleAuth = async (
  registry: AppRegistry,
  db: Db,
  actor: Actor,
  roleId: number,
  menu: number[],
  resource: string[],
) => {
  if (!menu.length && !resource.length) throw fail('至少选择一个选项');
  await roleOf(db, actor, roleId);
  await checkGrants(registry, db, actor, menu, resource);
  await writeGrants(roleId, menu, resource, db, { registry, actor, screen: 'SystemRole', recordId: roleId });
};

const userOf = async (db: Db, actor: Actor, userId: number) => {
  const o = ownerOf(actor);
  const [user] = await db
    .select({ id: users.id, isSuper: users.isSuper })
    .from(users)
    .where(
      and(
        eq(users.id, userId),
        eq(users.kind, actor.kind),
        o.tenantId === null ? isNull(users.tenantId) : eq(users.tenantId, o.tenantId),
      ),
    );
  if (!user) throw notFound('用户');
  return user;
};

/** Per-user variant: the user's personal role, created on first save. */
const personalRole = async (db: Db, actor: Actor, userId: number, create: boolean) => {
  const o = ownerOf(actor);
  await userOf(db, actor, userId);
  const [role] = await db
    .select()
    .from(roles)
    .where(and(eq(roles.code, personalRoleCode(userId)), ownerWhere(actor)));
  if (role || !create) return role ?? null;
  // no villages of its own: the user's data scope stays what his normal roles give (loadAccess)
  const [made] = await db
    .insert(roles)
    .values({ ...o, name: `用户${userId}的个人权限`, code: personalRoleCode(userId), dataScope: 2, villageIds: [] })
    .returning();
  await db.insert(userRoles).values({ userId, roleId: made!.id }).onConflictDoNothing();
  return made!;
};

export const userAuthView = async (registry: AppRegistry, db: Db, actor: Actor, userId: number): Promise<AuthView> => {
  const role = await personalRole(db, actor, userId, false);
  if (role) return roleAuthView(registry, db, actor, role.id);
  const g = await grantable(registry, db, actor);
  return { list: g.list, menuIdList: [], resourcelist: [], resourc: [] };
};

/** Nobody changes his own grants, nor a super administrator's; the personal role is made only for a save that passes. */
/**
 * Replaces a user's personal grants. Nothing chosen takes them all away (his roles still give what they give):
 * emptying is how a personal grant is revoked, so it is saved, not refused.
 */
export const saveUserAuth = async (
  registry: AppRegistry,
  db: Db,
  actor: Actor,
  userId: number,
  menu: number[],
  resource: string[],
) => {
  const user = await userOf(db, actor, userId);
  if (user.id === actor.id) throw fail('不能修改自己的权限');
  if (user.isSuper) throw fail('不能修改超级管理员的权限');
  const revoke = !menu.length && !resource.length;
  if (!revoke) await checkGrants(registry, db, actor, menu, resource);
  const role = await personalRole(db, actor, userId, !revoke);
  if (role) await writeGrants(role.id, menu, resource, db, { registry, actor, screen: 'SystemUser', recordId: userId });
};

export type { MenuRow };

/** The menus a platform template role is granted from: the company's (web) or the operator's app. */
export type TemplateApp = 'web' | 'operator';

/** A platform template role of that app: never a company's, an operator's or the platform's own role. */
const templateOf = async (db: Db, roleId: number, app: TemplateApp) => {
  const [role] = await db
    .select({ id: roles.id, template: roles.template })
    .from(roles)
    .where(and(eq(roles.id, roleId), isNull(roles.tenantId), isNull(roles.operatorId)));
  if (!role || role.template === '') throw notFound('角色模板');
  if (role.template !== app) throw invalid('角色模板与菜单端不符', 'appType');
  return role;
};

/**
 * Every page and group of the app: the platform hands out anything its companies or operators have, but for what
 * only their super administrators hold.
 */
const appTree = async (registry: AppRegistry, db: Db, app: TemplateApp) => {
  const all = await loadMenus(db, app);
  const superOnly = superOnlyMenus(registry, all);
  const rows = all.filter((m) => m.menuType === 1 && !superOnly.has(m.id));
  const build = (parentId: number): AuthNode[] =>
    rows.filter((m) => m.parentId === parentId).map((m) => ({ id: m.id, label: m.menuName, children: build(m.id) }));
  const leaves = new Set(rows.filter((m) => !rows.some((c) => c.parentId === m.id)).map((m) => m.id));
  return {
    list: build(0),
    ids: new Set(rows.map((m) => m.id)),
    leaves,
    superOnly,
    byId: new Map(all.map((m) => [m.id, m])),
  };
};

export const templateAuthView = async (
  registry: AppRegistry,
  db: Db,
  roleId: number,
  app: TemplateApp,
): Promise<AuthView> => {
  await templateOf(db, roleId, app);
  const g = await appTree(registry, db, app);
  const [menus, resources] = await Promise.all([
    db.select({ id: roleMenus.menuId }).from(roleMenus).where(eq(roleMenus.roleId, roleId)),
    db.select({ id: roleResources.resourceId }).from(roleResources).where(eq(roleResources.roleId, roleId)),
  ]);
  const resourcelist = resources.map((r) => r.id).filter((r) => !g.superOnly.has(menuOfResource(r)));
  return {
    list: g.list,
    menuIdList: menus.map((m) => m.id).filter((id) => g.leaves.has(id)),
    resourcelist,
    resourc: resourcelist,
  };
};

export const templateMenuResources = async (registry: AppRegistry, db: Db, app: TemplateApp, menuId: number) => {
  const g = await appTree(registry, db, app);
  if (!g.ids.has(menuId)) throw notFound('菜单');
  return resourceActions.map((a) => ({ id: `${menuId}_${a}`, name: resourceNames[a] }));
};

/** Saves a template's grants: pages of its app only; companies and operators made later copy them. */
export const saveTemplateAuth = async (
  registry: AppRegistry,
  db: Db,
  actor: Actor,
  roleId: number,
  app: TemplateApp,
  menu: number[],
  resource: string[],
) => {
  if (!menu.length && !resource.length) throw fail('至少选择一个选项');
  await templateOf(db, roleId, app);
  const g = await appTree(registry, db, app);
  refuseSuperOnly(g.superOnly, g.byId, menu, resource);
  const badMenu = menu.find((id) => !g.ids.has(id));
  if (badMenu !== undefined) throw invalid(`菜单不存在或无权分配：${badMenu}`, 'menu');
  const badRes = resource.find((r) => {
    const [id, act] = r.split('_');
    return !g.ids.has(Number(id)) || !resourceActions.includes(act as (typeof resourceActions)[number]);
  });
  if (badRes !== undefined) throw invalid(`资源不存在或无权分配：${badRes}`, 'resource');
  await writeGrants(roleId, menu, resource, db, { registry, actor, screen: 'SystemRole', recordId: roleId });
};
