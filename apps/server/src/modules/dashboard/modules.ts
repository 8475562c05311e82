import { and, eq, isNull } from 'drizzle-orm';
import { defaultIndexModules, indexModules, indexModuleTitles, isIndexModule, type IndexModule } from '@5a/contracts';
import type { Db } from '../../core/db/client.ts';
import { ownerOf, type Actor } from '../../core/auth/actor.ts';
import { invalid, notFound } from '../../core/errors.ts';
import { users } from '../auth/index.ts';
import { roles, userRoles } from '../rbac/index.ts';

/** 'a,b' → known names in product order, duplicates and unknown names dropped (a stored list may outlive a module). */
export const parseModules = (text: string | null | undefined): IndexModule[] => {
  const picked = new Set((text ?? '').split(',').map((m) => m.trim()));
  return indexModules.filter((m) => picked.has(m));
};

/**
 * The panels a user chose: his own list if he has one, else the union of his enabled roles' lists,
 * else the fallback (by default the product's), so a role change reaches every user of the role who chose nothing.
 */
export const modulesOfUser = async (
  db: Db,
  userId: number,
  fallback: readonly IndexModule[] = defaultIndexModules,
): Promise<IndexModule[]> => {
  const [u] = await db.select({ own: users.indexModule }).from(users).where(eq(users.id, userId)).limit(1);
  const own = parseModules(u?.own);
  if (own.length) return own;
  const rs = await db
    .select({ m: roles.indexModule })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.userId, userId), eq(roles.status, 1)));
  const union = parseModules(rs.map((r) => r.m).join(','));
  return union.length ? union : [...fallback];
};

/** A role of the caller's own company (or operator / platform): another owner's role does not exist for him. */
const ownRole = async (db: Db, actor: Actor, id: number) => {
  const o = ownerOf(actor);
  const [r] = await db
    .select({ id: roles.id, name: roles.name, code: roles.code, indexModule: roles.indexModule })
    .from(roles)
    .where(
      and(
        eq(roles.id, id),
        o.tenantId === null ? isNull(roles.tenantId) : eq(roles.tenantId, o.tenantId),
        o.operatorId === null ? isNull(roles.operatorId) : eq(roles.operatorId, o.operatorId),
      ),
    )
    .limit(1);
  // a user's hidden personal role (his own grants) is no role one assigns panels to
  if (!r || r.code.startsWith('__user_')) throw notFound();
  return r;
};

const options = indexModules.map((m) => ({ value: m, label: indexModuleTitles[m] }));

/** The assignment dialog: every module with its title, and the role's current choice. */
export const roleModules = async (db: Db, actor: Actor, id: number) => {
  const r = await ownRole(db, actor, id);
  return { id: r.id, name: r.name, index_module: parseModules(r.indexModule), options };
};

/** Saves a role's panels; an unknown name refuses the whole list and writes nothing. */
export const saveRoleModules = async (db: Db, actor: Actor, id: number, picked: readonly string[]) => {
  const unknown = picked.filter((m) => !isIndexModule(m));
  if (unknown.length) throw invalid(`首页模块不存在：${unknown.join('、')}`, 'index_module');
  await ownRole(db, actor, id);
  const value = parseModules(picked.join(',')).join(',');
  await db.update(roles).set({ indexModule: value, updatedAt: new Date() }).where(eq(roles.id, id));
  return { id, index_module: value ? value.split(',') : [] };
};

export const moduleOptions = () => options;
