import type { FastifyInstance } from 'fastify';
import { and, asc, eq, ilike, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { INT2_MAX, intOf, menuNodeSchema, optionSchema, parentIdOf } from '@5a/contracts';
import { systemApi } from '@5a/contracts/endpoints/system';
import { callerOf } from '../../core/http/access.ts';
import { resourceService } from '../../core/engine/service.ts';
import { apiRow, registerApiCrud } from '../../core/engine/api-crud.ts';
import { scopeWhere } from '../../core/engine/scope.ts';
import { toApiRow } from '../../core/engine/columns.ts';
import { permCodes } from '../../core/engine/config.ts';
import { dictionaries } from './dicts.ts';
import { serve } from '../../core/http/endpoint.ts';
import type { ModuleDeps } from '../types.ts';
import { buildMenuTree, menus } from '../rbac/index.ts';
import { deptResource, menuResource, systemResources } from './resource.ts';
import { configResource } from './resource-config.ts';
import { configSecretKey, encryptPlainSecrets, maskConfigRow, setConfigSecretKey } from './config-secret.ts';
import { configs, depts } from './schema.ts';
import { tenantInfoForm } from './tenant-info.ts';
import { registerForm } from '../../core/engine/form.ts';

export const systemRoutes = async (app: FastifyInstance, { db, config, registry }: ModuleDeps) => {
  setConfigSecretKey(registry, config.configSecretKey);
  // secret settings an older release stored as plain text are encrypted once a key is set
  await encryptPlainSecrets(db, configSecretKey(registry));
  for (const { def, api: name } of systemResources) registerApiCrud(app, def, name, resourceService(db, def, registry));
  // 物业信息: the company's own record (tenancy) and its service settings (configs, kept here)
  registerForm(app, db, registry, tenantInfoForm);

  const rows = z.array(apiRow);
  /** Every dictionary the caller can read, grouped by type: {type: [{label, value}]} */
  serve(
    app,
    systemApi.dict,
    {
      tags: ['字典'],
      summary: '字典项（按类型分组）',
      body: z.object({ dict_type: z.string().optional() }).optional(),
      reply: z.record(z.string(), z.array(optionSchema)),
      access: 'user',
      writes: false,
    },
    (body, req) => dictionaries(db, callerOf(req), body?.dict_type ? [body.dict_type] : undefined),
  );

  const appType = z.enum(['sys', 'operator', 'web'], { error: 'app_type 只能是 sys/operator/web' });
  const menuView = { access: { perm: 'SystemMenu:view' }, writes: false } as const;
  serve(
    app,
    systemApi.menuChildren,
    {
      tags: ['菜单'],
      summary: '下级菜单',
      body: z.object({ parent_id: parentIdOf('parent_id').default(0), app_type: appType.optional() }),
      reply: z.array(z.looseObject({ hasChildren: z.boolean().describe('是否有下级') })),
      ...menuView,
    },
    async (body) => {
      const found = await db
        .select()
        .from(menus)
        .where(and(eq(menus.parentId, body.parent_id), body.app_type ? eq(menus.appType, body.app_type) : undefined))
        .orderBy(asc(menus.sort), asc(menus.id));
      const ids = found.map((r) => r.id);
      const parents = new Set(
        ids.length
          ? (await db.select({ p: menus.parentId }).from(menus).where(inArray(menus.parentId, ids))).map((r) => r.p)
          : [],
      );
      return found.map((r) => ({ ...toApiRow(menuResource, r), hasChildren: parents.has(r.id) }));
    },
  );

  serve(
    app,
    systemApi.menuTree,
    {
      tags: ['菜单'],
      summary: '菜单树',
      body: z.object({ app_type: appType.default('web') }).optional(),
      reply: z.array(menuNodeSchema),
      ...menuView,
    },
    async (body) => {
      const found = await db
        .select()
        .from(menus)
        .where(eq(menus.appType, body?.app_type ?? 'web'))
        .orderBy(asc(menus.sort), asc(menus.id));
      return buildMenuTree(found, () => true);
    },
  );

  serve(
    app,
    systemApi.configs,
    {
      tags: ['参数配置'],
      summary: '按类型读取配置（密钥类参数只显示是否已设置）',
      body: z.object({ type: intOf('type', 0, INT2_MAX).default(0) }).optional(),
      reply: rows,
      access: { anyOf: permCodes(configResource, 'view') },
      writes: false,
    },
    async (body, req) => {
      const caller = callerOf(req);
      const found = await db
        .select()
        .from(configs)
        .where(and(scopeWhere(configResource, caller, false), eq(configs.type, body?.type ?? 0)))
        .orderBy(asc(configs.id));
      return found.map((r) => maskConfigRow(toApiRow(configResource, r)));
    },
  );

  serve(
    app,
    systemApi.depts,
    {
      tags: ['部门'],
      summary: '全部部门（可按名称过滤）',
      body: z.object({ filter: z.string().optional() }).optional(),
      reply: rows,
      access: { perm: 'SystemDept:view' },
      writes: false,
    },
    async (body, req) => {
      const caller = callerOf(req);
      const f = body?.filter?.trim();
      const found = await db
        .select()
        .from(depts)
        .where(and(scopeWhere(deptResource, caller, false), f ? ilike(depts.name, `%${f}%`) : undefined))
        .orderBy(asc(depts.sort), asc(depts.id));
      return found.map((r) => toApiRow(deptResource, r));
    },
  );
};
