import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { MenuNode } from '@5a/contracts';
import type { Db } from '../../core/db/client.ts';
import type { Actor } from '../../core/auth/actor.ts';
import { appSlot, type AppRegistry } from '../../core/engine/registry.ts';
import { announce, onChange } from '../../core/bus/index.ts';
import { menus, roleMenus, roleResources, roles, userRoles } from './schema.ts';

export type MenuRow = typeof menus.$inferSelect;
export type Access = {
  menuIds: ReadonlySet<number>;
  perms: ReadonlySet<string>;
  /** null = every village of the tenant (data scope all) */
  villageIds: readonly number[] | null;
};

/**
 * Resource suffix → permission actions (five suffixes, docs/conventions.md; '_remove' is the delete right).
 * Import rides on add, drag sort and batch changes on edit (docs/conventions.md).
 */
const resourceActions: Record<string, string[]> = {
  add: ['add', 'import'],
  remove: ['remove'],
  edit: ['edit', 'drag', 'batch'],
  view: ['view'],
  export: ['export'],
};

/**
 * Bumped whenever menus, roles or grants change; cached access sets of older versions are
 * ignored, so a revoked right stops working on the next call. One counter for the process: a change
 * in one app makes every app re-read its own grants (never see another's), and the bumping hooks need no app;
 * the cluster bus bumps it in the other processes on the same database.
 */
let version = 0;
onChange((c) => {
  if (c.kind === 'access') version += 1;
});
export const bumpAccessVersion = () => announce({ kind: 'access' });
const CACHE_MS = 30_000;

/** A database or a transaction: the access sets are read the same in both. */
type Q = Pick<Db, 'select' | 'execute'>;

export const loadMenus = (db: Q, appType: Actor['kind']) =>
  db.select().from(menus).where(eq(menus.appType, appType)).orderBy(asc(menus.sort), asc(menus.id));

/**
 * The menus a company's users may not see now (a service it has not taken or let lapse): lent at start-up
 * by the module that sells services. The ids include every descendant of a hidden group.
 */
export type MenuGate = (db: Q, actor: Actor) => Promise<ReadonlySet<number> | null>;
export type { Q as AccessReader };

/** Per app: its menu gate and its cache of access sets by user id (two apps may share user ids, not grants). */
const accessSlot = appSlot('rbac.access', () => ({
  gate: null as MenuGate | null,
  cache: new Map<number, { version: number; at: number; access: Access }>(),
}));
export const setMenuGate = (registry: AppRegistry, gate: MenuGate | null) => {
  registry.slot(accessSlot).gate = gate;
  bumpAccessVersion();
};

/** Rights only a super administrator hands out: whoever holds them could grant himself anything. */
export const managementRoutes: ReadonlySet<string> = new Set(['SystemUser', 'SystemRole']);
export const isManagementPerm = (perm: string) => managementRoutes.has(perm.split(':')[0]!);

/**
 * The menus only a super administrator holds: the pages declared `superOnly` and what is below them (their buttons).
 * Nobody grants them, and a grant of them stored earlier gives nobody else anything.
 */
export const superOnlyMenus = (registry: AppRegistry, all: readonly MenuRow[]): ReadonlySet<number> => {
  const names = registry.superOnly();
  const ids = new Set(all.filter((m) => m.routeName !== '' && names.has(m.routeName)).map((m) => m.id));
  for (let grew = ids.size > 0; grew;) {
    grew = false;
    for (const m of all)
      if (!ids.has(m.id) && ids.has(m.parentId)) {
        ids.add(m.id);
        grew = true;
      }
  }
  return ids;
};

/** Code of the hidden per-user role that holds a user's own grants (the per-user permission screen). */
export const personalRoleCode = (userId: number) => `__user_${userId}`;
export const isPersonalCode = (code: string) => code.startsWith('__user_');

/**
 * The menus and permission codes some menu ids and resource ids grant: a resource grants its page and
 * actions, a granted page its view and a granted button its perms, a granted child shows its groups.
 */
export const grantsOf = (
  byId: ReadonlyMap<number, MenuRow>,
  menuIds: Iterable<number>,
  resourceIds: Iterable<string>,
) => {
  const granted = new Set<number>();
  const perms = new Set<string>();
  for (const id of menuIds) if (byId.has(id)) granted.add(id);
  for (const r of resourceIds) {
    const [idPart, act] = r.split('_');
    const menu = byId.get(Number(idPart));
    const actions = resourceActions[act ?? ''];
    if (!menu || !actions || !menu.routeName) continue;
    granted.add(menu.id);
    for (const a of actions) perms.add(`${menu.routeName}:${a}`);
  }
  for (const id of [...granted]) {
    let p = byId.get(id)?.parentId ?? 0;
    while (p && byId.has(p) && !granted.has(p)) {
      granted.add(p);
      p = byId.get(p)?.parentId ?? 0;
    }
  }
  for (const id of granted) {
    const m = byId.get(id)!;
    if (m.menuType === 1 && m.routeName) perms.add(`${m.routeName}:view`);
    if (m.menuType === 2 && m.perms) for (const p of m.perms.split(',')) perms.add(p.trim());
  }
  return { menuIds: granted, perms };
};

/**
 * The caller's menus, permission codes and village scope, from the database. The village scope
 * comes from the normal roles only: a personal role (per-user grants) adds menus and actions, never
 * villages, whatever data scope an older release stored on it.
 */
export const loadAccess = async (registry: AppRegistry, db: Q, actor: Actor): Promise<Access> => {
  const { cache, gate } = registry.slot(accessSlot);
  const seen = version;
  const hit = cache.get(actor.id);
  if (hit && hit.version === seen && Date.now() - hit.at < CACHE_MS) return hit.access;
  const hidden = actor.kind === 'web' && gate ? await gate(db, actor) : null;
  const listed = await loadMenus(db, actor.kind);
  // a role never gives what only the super administrator holds, whatever it stored
  const superOnly = actor.isSuper ? null : superOnlyMenus(registry, listed);
  const all = listed.filter((m) => !hidden?.has(m.id) && !superOnly?.has(m.id));
  const byId = new Map(all.map((m) => [m.id, m]));
  let grants: ReturnType<typeof grantsOf>;
  let villageIds: number[] | null = null;

  if (actor.isSuper) {
    grants = grantsOf(byId, byId.keys(), []);
  } else {
    const myRoles = await db
      .select({ id: roles.id, code: roles.code, dataScope: roles.dataScope, villageIds: roles.villageIds })
      .from(roles)
      .innerJoin(userRoles, eq(userRoles.roleId, roles.id))
      .where(and(eq(userRoles.userId, actor.id), eq(roles.status, 1)));
    const roleIds = myRoles.map((r) => r.id);
    const scoping = myRoles.filter((r) => !isPersonalCode(r.code));
    villageIds = scoping.some((r) => r.dataScope === 1) ? null : [...new Set(scoping.flatMap((r) => r.villageIds))];
    const [rm, rr] = roleIds.length
      ? await Promise.all([
          db.select({ menuId: roleMenus.menuId }).from(roleMenus).where(inArray(roleMenus.roleId, roleIds)),
          db
            .select({ resourceId: roleResources.resourceId })
            .from(roleResources)
            .where(inArray(roleResources.roleId, roleIds)),
        ])
      : [[], []];
    grants = grantsOf(
      byId,
      rm.map((r) => r.menuId),
      rr.map((r) => r.resourceId),
    );
  }
  const access: Access = { menuIds: grants.menuIds, perms: grants.perms, villageIds };
  cache.set(actor.id, { version: seen, at: Date.now(), access });
  return access;
};

const toNode = (m: MenuRow): MenuNode => ({
  id: m.id,
  path: m.routePath,
  name: m.routeName,
  title: m.menuName,
  icon: m.icon,
  component: m.routeComponent,
  cache: m.routeCache === 1,
  hidden: m.visible === 2,
  external: m.isOpen === 1,
  url: m.url,
  children: [],
});

/** Menu-type rows as a tree (buttons are permissions, not menu entries). */
export const buildMenuTree = (rows: readonly MenuRow[], keep: (m: MenuRow) => boolean): MenuNode[] => {
  const nodes = new Map<number, MenuNode>();
  const shown = rows.filter((m) => m.menuType === 1 && keep(m));
  for (const m of shown) nodes.set(m.id, toNode(m));
  const roots: MenuNode[] = [];
  for (const m of shown) {
    const node = nodes.get(m.id)!;
    const parent = m.parentId ? nodes.get(m.parentId) : undefined;
    if (parent) parent.children.push(node);
    else if (!m.parentId) roots.push(node);
  }
  // a group left without any page is noise
  const prune = (list: MenuNode[]): MenuNode[] =>
    list.filter((n) => {
      n.children = prune(n.children);
      return n.path !== '' || n.children.length > 0;
    });
  return prune(roots);
};

export const callerMenu = async (registry: AppRegistry, db: Db, actor: Actor) => {
  const access = await loadAccess(registry, db, actor);
  const rows = await loadMenus(db, actor.kind);
  return { menus: buildMenuTree(rows, (m) => access.menuIds.has(m.id)), perms: [...access.perms].sort() };
};

export const countUsersWithRole = (db: Db, roleId: number) =>
  db
    .select({ n: sql<number>`count(*)::int` })
    .from(userRoles)
    .where(eq(userRoles.roleId, roleId));
