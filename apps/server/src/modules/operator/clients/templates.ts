import { and, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idOf, idSchema } from '@5a/contracts';
import { rbacApi } from '@5a/contracts/endpoints/rbac';
import { systemApi } from '@5a/contracts/endpoints/system';
import type { Db } from '../../../core/db/client.ts';
import { defineResource, type AppRegistry } from '../../../core/engine/registry.ts';
import { actorOf } from '../../../core/http/access.ts';
import { invalid } from '../../../core/errors.ts';
import { serve, withMsg } from '../../../core/http/endpoint.ts';
import {
  bumpAccessVersion,
  grantResourcesReply,
  grantsReply,
  menus,
  roleMenus,
  roleResources,
  roles,
  saveTemplateAuth,
  templateAuthView,
  templateMenuResources,
  type TemplateApp,
} from '../../rbac/index.ts';
import { refuseTakenTemplateCode } from './onboard.ts';

const isTemplate = and(ne(roles.template, ''), isNull(roles.tenantId), isNull(roles.operatorId));

/**
 * 角色模板: platform-owned roles copied, with their grants, into every new company ('web') or operator
 * ('operator'). Their grants are set over that app's menus (分配权限, the common variant).
 */
export const roleTemplateResource = defineResource({
  route: '/Sys/Permission/RoleTemplate/listConfig',
  title: '角色模板',
  name: 'RoleTemplate',
  menu: { app: 'sys', group: 'system', order: 8, buttons: ['add', 'edit', 'remove'] },
  table: roles,
  ownership: 'global',
  toolbar: ['add'],
  rowActions: [
    'edit',
    'delete',
    { type: 'commonAuth', title: '分配权限', api: rbacApi.template.grants.path },
    // a company template also carries the workbench panels its copies start with
    {
      type: 'indexModule',
      title: '首页模块',
      api: systemApi.roleModules.path,
      showRule: { key: 'template', val: 'web' },
    },
  ],
  order: [
    { column: 'sort', dir: 'asc' },
    { column: 'id', dir: 'asc' },
  ],
  fields: [
    { prop: 'name', label: '角色名称', type: 'text', required: true, maxLength: 64, search: true, width: 160 },
    {
      prop: 'code',
      label: '角色编码',
      type: 'text',
      required: true,
      maxLength: 64,
      pattern: { source: '^[A-Za-z][A-Za-z0-9_]*$', message: '角色编码只能是字母开头的字母、数字或下划线' },
      search: true,
      width: 140,
    },
    {
      prop: 'template',
      label: '模板类型',
      type: 'select',
      options: [
        { label: '物业公司', value: 'web' },
        { label: '运营商', value: 'operator' },
      ],
      required: true,
      edit: false,
      search: 'eq',
      width: 100,
    },
    { prop: 'sort', label: '排序', type: 'number', min: 0, max: 9999, defaultValue: 0, width: 80 },
    { prop: 'remark', label: '备注', type: 'textarea', maxLength: 500, width: 220 },
  ],
  hooks: {
    scope: ({ actor }) => (actor.kind === 'sys' ? isTemplate : sql`false`),
    beforeSave: async ({ db }, values, existing) => {
      const template = String(values.template ?? existing?.template ?? '');
      if (template !== 'web' && template !== 'operator') throw invalid('请选择模板类型', 'template');
      if (typeof values.code === 'string')
        await refuseTakenTemplateCode(db, template, values.code, existing?.id as number);
      return { ...values, template, tenantId: null, operatorId: null, dataScope: 1 };
    },
    afterSave: () => bumpAccessVersion(),
  },
});

const appBody = {
  menuType: z.enum(['web', 'app'], { error: 'menuType 格式错误' }).default('web').describe('web 端或移动端菜单'),
  appType: z.enum(['tenant', 'operator'], { error: 'appType 格式错误' }).default('tenant').describe('物业公司或运营商'),
};
const appOf = (appType: 'tenant' | 'operator'): TemplateApp => (appType === 'operator' ? 'operator' : 'web');
const empty = { list: [], menuIdList: [], resourcelist: [], resourc: [] };

/** 分配权限 of a template role: its app's menu tree, a page's five resources, save. The mobile app has no menus yet. */
export const registerTemplateRoutes = (app: FastifyInstance, db: Db, registry: AppRegistry) => {
  const tags = ['角色模板'];
  const access = { perm: 'RoleTemplate:edit' } as const;
  const { template } = rbacApi;
  const target = z.object({ id: idSchema, ...appBody });
  serve(
    app,
    template.grants,
    { tags, summary: '角色模板的菜单树与已选权限', body: target, reply: grantsReply, access, writes: false },
    async (body) =>
      body.menuType === 'app' ? empty : await templateAuthView(registry, db, body.id, appOf(body.appType)),
  );
  serve(
    app,
    template.resources,
    { tags, summary: '菜单的五项资源', body: target, reply: grantResourcesReply, access, writes: false },
    async (body) =>
      body.menuType === 'app' ? [] : await templateMenuResources(registry, db, appOf(body.appType), body.id),
  );
  serve(
    app,
    template.save,
    {
      tags,
      summary: '保存角色模板权限',
      body: z.object({
        id: idSchema,
        menu: z.array(idOf('menu'), { error: 'menu 格式错误' }).default([]),
        resource: z
          .array(z.string().regex(/^\d+_[a-z]+$/, 'resource 格式错误'), { error: 'resource 格式错误' })
          .default([]),
        ...appBody,
      }),
      reply: z.null(),
      access,
      writes: true,
    },
    async (body, req) => {
      if (body.menuType === 'app') throw invalid('移动端暂无菜单', 'menuType');
      await saveTemplateAuth(registry, db, actorOf(req), body.id, appOf(body.appType), body.menu, body.resource);
      return withMsg(null, '保存成功!');
    },
  );
};

/** The templates a new installation starts with; never added again once the platform has any template. */
const defaults = [
  { name: '物业管理员模板', code: 'property_admin', template: 'web', remark: '物业公司除系统设置外的全部菜单' },
  { name: '运营专员模板', code: 'operator_staff', template: 'operator', remark: '运营商的全部菜单' },
] as const;

export const seedTemplates = async (db: Db) => {
  const [any] = await db.select({ id: roles.id }).from(roles).where(isTemplate).limit(1);
  if (any) return;
  await db.transaction(async (tx) => {
    for (const [i, d] of defaults.entries()) {
      const [role] = await tx
        .insert(roles)
        .values({ ...d, sort: i + 1, dataScope: 1 })
        .returning({ id: roles.id });
      const roleId = role!.id;
      // every menu of the app (pages, groups, buttons), the company's 系统设置 group and what is below it aside
      await tx.execute(sql`
        with recursive excluded as (
          select id from ${menus} where app_type = ${d.template} and menu_key = ${`${d.template}:group:system`}
            and ${d.template} = 'web'
          union all
          select m.id from ${menus} m join excluded e on m.parent_id = e.id
        )
        insert into ${roleMenus} (role_id, menu_id)
        select ${roleId}, id from ${menus} where app_type = ${d.template} and id not in (select id from excluded)`);
      await tx.execute(sql`
        insert into ${roleResources} (role_id, resource_id)
        select ${roleId}, m.id || '_' || a from ${menus} m join ${roleMenus} rm on rm.menu_id = m.id and rm.role_id = ${roleId}
        cross join unnest(array['add', 'remove', 'edit', 'view', 'export']) a
        where m.menu_type = 1 and m.route_path <> ''`);
    }
  });
  bumpAccessVersion();
};
