import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq, ilike, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { INT2_MAX, intOf, parentIdOf } from '@5a/contracts';
import { callerOf } from '../../core/http/access.ts';
import { resourceService } from '../../core/engine/service.ts';
import { registerApiCrud } from '../../core/engine/api-crud.ts';
import { scopeWhere } from '../../core/engine/scope.ts';
import { toApiRow } from '../../core/engine/columns.ts';
import { permCodes } from '../../core/engine/config.ts';
import { dictionaries } from './dicts.ts';
import { ok } from '../../core/http/envelope.ts';
import type { ModuleDeps } from '../types.ts';
import { buildMenuTree, menus } from '../rbac/index.ts';
import { deptResource, menuResource, systemResources } from './resource.ts';
import { configResource } from './resource-config.ts';
import { encryptPlainSecrets, maskConfigRow, setConfigSecretKey } from './config-secret.ts';
import { configs, depts } from './schema.ts';
import { tenantInfoForm } from './tenant-info.ts';
import { registerForm } from '../../core/engine/form.ts';

export const systemRoutes = async (app: FastifyInstance, { db, config }: ModuleDeps) => {
  setConfigSecretKey(config.configSecretKey);
  // secret settings an older release stored as plain text are encrypted once a key is set
  await encryptPlainSecrets(db);
  const api = app.withTypeProvider<ZodTypeProvider>();
  for (const { def, api: name } of systemResources) registerApiCrud(app, def, name, resourceService(db, def));
  // 物业信息: the company's own record (tenancy) and its service settings (configs, kept here)
  registerForm(app, db, tenantInfoForm);

  /** Every dictionary the caller can read, grouped by type: {type: [{label, value}]} */
  api.post(
    '/api/dict',
    {
      schema: {
        tags: ['字典'],
        summary: '字典项（按类型分组）',
        body: z.object({ dict_type: z.string().optional() }).optional(),
      },
      config: { access: 'user', writes: false },
    },
    async (req) => {
      const type = req.body?.dict_type;
      return ok(await dictionaries(db, callerOf(req), type ? [type] : undefined));
    },
  );

  const appType = z.enum(['sys', 'operator', 'web'], { error: 'app_type 只能是 sys/operator/web' });
  api.post(
    '/api/menu/find_menus',
    {
      schema: {
        tags: ['菜单'],
        summary: '下级菜单',
        body: z.object({ parent_id: parentIdOf('parent_id').default(0), app_type: appType.optional() }),
      },
      config: { access: { perm: 'SystemMenu:view' }, writes: false },
    },
    async (req) => {
      const rows = await db
        .select()
        .from(menus)
        .where(
          and(
            eq(menus.parentId, req.body.parent_id),
            req.body.app_type ? eq(menus.appType, req.body.app_type) : undefined,
          ),
        )
        .orderBy(asc(menus.sort), asc(menus.id));
      const ids = rows.map((r) => r.id);
      const parents = new Set(
        ids.length
          ? (await db.select({ p: menus.parentId }).from(menus).where(inArray(menus.parentId, ids))).map((r) => r.p)
          : [],
      );
      return ok(rows.map((r) => ({ ...toApiRow(menuResource, r), hasChildren: parents.has(r.id) })));
    },
  );

  api.post(
    '/api/menu/menus',
    {
      schema: { tags: ['菜单'], summary: '菜单树', body: z.object({ app_type: appType.default('web') }).optional() },
      config: { access: { perm: 'SystemMenu:view' }, writes: false },
    },
    async (req) => {
      const rows = await db
        .select()
        .from(menus)
        .where(eq(menus.appType, req.body?.app_type ?? 'web'))
        .orderBy(asc(menus.sort), asc(menus.id));
      return ok(buildMenuTree(rows, () => true));
    },
  );

  api.post(
    '/api/configs/find_all',
    {
      schema: {
        tags: ['参数配置'],
        summary: '按类型读取配置（密钥类参数只显示是否已设置）',
        body: z.object({ type: intOf('type', 0, INT2_MAX).default(0) }).optional(),
      },
      config: { access: { anyOf: permCodes(configResource, 'view') }, writes: false },
    },
    async (req) => {
      const caller = callerOf(req);
      const rows = await db
        .select()
        .from(configs)
        .where(and(scopeWhere(configResource, caller, false), eq(configs.type, req.body?.type ?? 0)))
        .orderBy(asc(configs.id));
      return ok(rows.map((r) => maskConfigRow(toApiRow(configResource, r))));
    },
  );

  api.post(
    '/api/dept/findall',
    {
      schema: {
        tags: ['部门'],
        summary: '全部部门（可按名称过滤）',
        body: z.object({ filter: z.string().optional() }).optional(),
      },
      config: { access: { perm: 'SystemDept:view' }, writes: false },
    },
    async (req) => {
      const caller = callerOf(req);
      const f = req.body?.filter?.trim();
      const rows = await db
        .select()
        .from(depts)
        .where(and(scopeWhere(deptResource, caller, false), f ? ilike(depts.name, `%${f}%`) : undefined))
        .orderBy(asc(depts.sort), asc(depts.id));
      return ok(rows.map((r) => toApiRow(deptResource, r)));
    },
  );
};
