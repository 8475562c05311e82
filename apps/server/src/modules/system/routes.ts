import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq, ilike, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { registerCrud } from '../../core/crud.ts';
import { actorOf } from '../../core/http/access.ts';
import { ok } from '../../core/http/envelope.ts';
import type { ModuleDeps } from '../types.ts';
import { menus } from '../rbac/schema.ts';
import { buildMenuTree } from '../rbac/service.ts';
import { configCrud, deptCrud, dictCrud, dictDataCrud, menuCrud, postCrud, roleCrud, userCrud } from './resource.ts';
import { configs, depts, dictData } from './schema.ts';

export const systemRoutes = (app: FastifyInstance, { db }: ModuleDeps) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  registerCrud(app, db, userCrud);
  registerCrud(app, db, roleCrud);
  const dept = registerCrud(app, db, deptCrud);
  registerCrud(app, db, postCrud);
  registerCrud(app, db, dictCrud);
  const data = registerCrud(app, db, dictDataCrud);
  const cfg = registerCrud(app, db, configCrud);
  registerCrud(app, db, menuCrud);

  /** Every dictionary the caller can read, grouped by type: {type: [{label, value}]} */
  api.post(
    '/api/dict',
    {
      schema: { tags: ['字典'], summary: '字典项（按类型分组）', body: z.object({ dict_type: z.string().optional() }).optional() },
      config: { access: 'user' },
    },
    async (req) => {
      const actor = actorOf(req);
      const type = req.body?.dict_type;
      const rows = await db
        .select()
        .from(dictData)
        .where(and(data.ownerWhere(actor, false), eq(dictData.status, 1), type ? eq(dictData.dictType, type) : undefined))
        .orderBy(asc(dictData.dictType), asc(dictData.dictNumber), asc(dictData.id));
      const out: Record<string, { label: string; value: string }[]> = {};
      for (const r of rows) (out[r.dictType] ??= []).push({ label: r.dictLabel, value: r.dictValue });
      return ok(out);
    },
  );

  api.post(
    '/api/menu/find_menus',
    {
      schema: {
        tags: ['菜单'],
        summary: '下级菜单',
        body: z.object({ parent_id: z.coerce.number({ error: 'parent_id 格式错误' }).int().min(0).default(0), app_type: z.enum(['sys', 'operator', 'web']).optional() }),
      },
      config: { access: { perm: 'SystemMenu:view' } },
    },
    async (req) => {
      const rows = await db
        .select()
        .from(menus)
        .where(and(eq(menus.parentId, req.body.parent_id), req.body.app_type ? eq(menus.appType, req.body.app_type) : undefined))
        .orderBy(asc(menus.sort), asc(menus.id));
      const parents = new Set((await db.select({ p: menus.parentId }).from(menus).where(inArray(menus.parentId, rows.map((r) => r.id).concat(-1)))).map((r) => r.p));
      return ok(rows.map((r) => ({ ...menuToApi(r), hasChildren: parents.has(r.id) })));
    },
  );

  api.post(
    '/api/menu/menus',
    {
      schema: { tags: ['菜单'], summary: '菜单树', body: z.object({ app_type: z.enum(['sys', 'operator', 'web']).default('web') }).optional() },
      config: { access: { perm: 'SystemMenu:view' } },
    },
    async (req) => {
      const appType = req.body?.app_type ?? 'web';
      const rows = await db.select().from(menus).where(eq(menus.appType, appType)).orderBy(asc(menus.sort), asc(menus.id));
      return ok(buildMenuTree(rows, () => true));
    },
  );

  api.post(
    '/api/configs/find_all',
    {
      schema: { tags: ['参数配置'], summary: '按类型读取配置', body: z.object({ type: z.coerce.number().int().default(0) }).optional() },
      config: { access: 'user' },
    },
    async (req) => {
      const rows = await db
        .select()
        .from(configs)
        .where(and(cfg.ownerWhere(actorOf(req), false), eq(configs.type, req.body?.type ?? 0)))
        .orderBy(asc(configs.id));
      return ok(rows.map((r) => ({ id: r.id, name: r.name, config_key: r.configKey, config_value: r.configValue, type: r.type })));
    },
  );

  api.post(
    '/api/dept/findall',
    {
      schema: { tags: ['部门'], summary: '全部部门（可按名称过滤）', body: z.object({ filter: z.string().optional() }).optional() },
      config: { access: { perm: 'SystemDept:view' } },
    },
    async (req) => {
      const f = req.body?.filter?.trim();
      const rows = await db
        .select()
        .from(depts)
        .where(and(dept.ownerWhere(actorOf(req), false), f ? ilike(depts.name, `%${f}%`) : undefined))
        .orderBy(asc(depts.sort), asc(depts.id));
      return ok(rows.map(dept.toApi));
    },
  );
};

const menuToApi = (r: typeof menus.$inferSelect) => ({
  id: r.id,
  parent_id: r.parentId,
  app_type: r.appType,
  menu_name: r.menuName,
  menu_type: r.menuType,
  visible: r.visible,
  icon: r.icon,
  url: r.url,
  is_open: r.isOpen,
  route_name: r.routeName,
  route_path: r.routePath,
  route_component: r.routeComponent,
  route_cache: r.routeCache,
  perms: r.perms,
  sort: r.sort,
});
