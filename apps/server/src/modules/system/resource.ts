import { and, eq, inArray, sql } from 'drizzle-orm';
import { rbacApi } from '@5a/contracts/endpoints/rbac';
import { systemApi } from '@5a/contracts/endpoints/system';
import { defineResource } from '../../core/engine/registry.ts';
import { fail, invalid } from '../../core/errors.ts';
import { villages } from '../tenancy/index.ts';
import {
  bumpAccessVersion,
  isPersonalCode,
  menus,
  notPersonalRole,
  refuseWiderScope,
  roles,
  userRoles,
} from '../rbac/index.ts';
import { depts, posts } from './schema.ts';
import { configResource } from './resource-config.ts';
import { dictDataResource, dictResource } from './resource-dict.ts';
import { userResource } from './resource-user.ts';
import { createdAt, remark, sort, status } from './fields.ts';

export const roleResource = defineResource({
  route: '/System/Role/index',
  title: '角色',
  name: 'SystemRole',
  menu: {
    app: ['sys', 'operator', 'web'],
    group: 'system',
    title: '角色管理',
    order: 2,
    buttons: ['add', 'edit', 'remove', 'export', 'import', 'drag'],
  },
  table: roles,
  ownership: 'owner',
  sort: { column: 'sort', titleProp: 'name' },
  rowActions: [
    'edit',
    'delete',
    { type: 'assignAuth', title: '分配权限', api: rbacApi.role.grants.path },
    { type: 'indexModule', title: '首页模块', api: systemApi.roleModules.path },
  ],
  fields: [
    { prop: 'name', label: '角色名称', type: 'text', required: true, maxLength: 64, search: true },
    { prop: 'code', label: '角色编码', type: 'text', maxLength: 64, search: true },
    { prop: 'data_scope', label: '数据范围', type: 'dict', dict: 'data_scope', defaultValue: '1', batch: true },
    {
      prop: 'village_ids',
      label: '小区',
      type: 'select',
      multiple: true,
      optionsUrl: '/Web/Basic/Village/options',
      table: false,
      import: false,
    },
    { ...status },
    { ...sort },
    remark,
    createdAt,
  ],
  hooks: {
    // per-user grants live in hidden personal roles, not shown as roles; templates have their own screen
    scope: () => and(notPersonalRole, eq(roles.template, '')),
    beforeSave: async ({ db, actor, caller }, values, existing) => {
      if (typeof values.code === 'string' && isPersonalCode(values.code))
        throw invalid('角色编码不能以__user_开头', 'code');
      const after = { ...existing, ...values };
      refuseWiderScope(caller, [
        { dataScope: Number(after.dataScope ?? 1), villageIds: (after.villageIds as number[] | undefined) ?? [] },
      ]);
      const ids = values.villageIds as number[] | undefined;
      if (ids?.length) {
        if (actor.kind !== 'web' || actor.tenantId === null)
          throw invalid('只有物业公司的角色可以指定小区', 'village_ids');
        const found = await db
          .select({ id: villages.id })
          .from(villages)
          .where(and(inArray(villages.id, ids), eq(villages.tenantId, actor.tenantId)));
        if (found.length !== new Set(ids).size) throw invalid('小区不存在', 'village_ids');
      }
      return values;
    },
    beforeBatch: async ({ caller }, rows, input) => {
      if (input.data_scope === undefined) return;
      refuseWiderScope(
        caller,
        rows.map((r) => ({
          dataScope: Number(input.data_scope),
          villageIds: (r.villageIds as number[] | undefined) ?? [],
        })),
      );
    },
    afterSave: () => bumpAccessVersion(),
    beforeDelete: async ({ db }, existing) => {
      const [n] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(userRoles)
        .where(eq(userRoles.roleId, Number(existing.id)));
      if ((n?.n ?? 0) > 0) throw fail(`该角色已分配给${n?.n}个用户，不能删除`);
      bumpAccessVersion();
    },
  },
});

export const deptResource = defineResource({
  route: '/System/Dept/index',
  title: '部门',
  name: 'SystemDept',
  menu: {
    app: ['sys', 'operator', 'web'],
    group: 'system',
    title: '部门管理',
    order: 3,
    buttons: ['add', 'edit', 'remove', 'export'],
  },
  table: depts,
  ownership: 'owner',
  tree: { parentColumn: 'parent_id' },
  order: [
    { column: 'sort', dir: 'asc' },
    { column: 'id', dir: 'asc' },
  ],
  toolbar: ['add', 'export'],
  fields: [
    {
      prop: 'parent_id',
      label: '上级部门',
      type: 'treeSelect',
      treeUrl: '/System/Dept/lazyTree',
      table: false,
      search: 'eq',
      import: false,
    },
    { prop: 'name', label: '部门名称', type: 'text', required: true, maxLength: 64, search: true },
    { prop: 'leader', label: '负责人', type: 'text', maxLength: 32 },
    { prop: 'phone', label: '联系电话', type: 'text', validator: 'mobile' },
    { ...sort },
    { ...status },
    createdAt,
  ],
});

export const postResource = defineResource({
  route: '/System/Post/index',
  title: '岗位',
  name: 'SystemPost',
  menu: {
    app: ['sys', 'operator', 'web'],
    group: 'system',
    title: '岗位管理',
    order: 4,
    buttons: ['add', 'edit', 'remove', 'export', 'import', 'drag'],
  },
  table: posts,
  ownership: 'owner',
  sort: { column: 'sort', titleProp: 'name' },
  fields: [
    { prop: 'name', label: '岗位名称', type: 'text', required: true, maxLength: 64, search: true },
    { prop: 'code', label: '岗位编码', type: 'text', maxLength: 64, search: true },
    { ...sort },
    { ...status },
    remark,
    createdAt,
  ],
});

export const menuResource = defineResource({
  route: '/System/Menu/index',
  title: '菜单',
  name: 'SystemMenu',
  menu: { app: 'sys', group: 'system', title: '菜单管理', order: 7, buttons: ['add', 'edit', 'remove', 'drag'] },
  table: menus,
  ownership: 'global',
  labelProp: 'menu_name',
  tree: { parentColumn: 'parent_id' },
  sort: { column: 'sort', titleProp: 'menu_name' },
  toolbar: ['add', 'drag'],
  fields: [
    {
      prop: 'app_type',
      label: '所属端',
      type: 'select',
      required: true,
      search: true,
      options: [
        { label: '平台', value: 'sys' },
        { label: '运营商', value: 'operator' },
        { label: '物业', value: 'web' },
      ],
      defaultValue: 'web',
    },
    {
      prop: 'parent_id',
      label: '上级菜单',
      type: 'treeSelect',
      treeUrl: '/System/Menu/lazyTree',
      table: false,
      search: 'eq',
      import: false,
    },
    { prop: 'menu_name', label: '菜单名称', type: 'text', required: true, maxLength: 64, search: true },
    { prop: 'menu_type', label: '菜单类型', type: 'dict', dict: 'menu_type', defaultValue: '1' },
    { prop: 'visible', label: '是否显示', type: 'dict', dict: 'sys_yes_no', defaultValue: '1' },
    { prop: 'icon', label: '图标', type: 'text', maxLength: 64 },
    { prop: 'route_path', label: '路由地址', type: 'text', maxLength: 255 },
    { prop: 'route_name', label: '路由名称', type: 'text', maxLength: 100 },
    { prop: 'route_component', label: '组件', type: 'text', maxLength: 100 },
    { prop: 'route_cache', label: '缓存', type: 'dict', dict: 'sys_yes_no', defaultValue: '2', table: false },
    { prop: 'perms', label: '权限标识', type: 'text', maxLength: 100 },
    { prop: 'url', label: '链接地址', type: 'text', maxLength: 255, table: false },
    { prop: 'is_open', label: '外部打开', type: 'dict', dict: 'sys_yes_no', defaultValue: '2', table: false },
    { ...sort },
  ],
  hooks: {
    afterSave: () => bumpAccessVersion(),
    beforeDelete: () => bumpAccessVersion(),
  },
});

/** Screens and their names under the generic CRUD api (/api/{name}/index|create|update|delete). */
export const systemResources = [
  { def: userResource, api: 'user' },
  { def: roleResource, api: 'role' },
  { def: deptResource, api: 'dept' },
  { def: postResource, api: 'post' },
  { def: dictResource, api: 'dict' },
  { def: dictDataResource, api: 'dictData' },
  { def: configResource, api: 'configs' },
  { def: menuResource, api: 'menu' },
] as const;
