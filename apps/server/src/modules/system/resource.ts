import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { emailRule, mobileRule, passwordRule, passwordRuleMsg, usernameRule } from '@5a/contracts';
import { intField, oneOf, optionalText, text, type CrudSpec } from '../../core/crud.ts';
import { fail } from '../../core/errors.ts';
import { ownerOf } from '../../core/auth/actor.ts';
import { users } from '../auth/schema.ts';
import { hashPassword } from '../auth/service.ts';
import { villages } from '../tenancy/schema.ts';
import { menus, roles, userRoles } from '../rbac/schema.ts';
import { bumpAccessVersion } from '../rbac/service.ts';
import { configs, depts, dictData, dicts, posts } from './schema.ts';

const status = oneOf('状态', [1, 2]).optional();
const sort = intField('排序').optional();
const idList = (label: string) => z.array(z.coerce.number({ error: `${label}格式错误` }).int().positive(), { error: `${label}格式错误` });

export const userCrud: CrudSpec<typeof users> = {
  name: 'user',
  title: '用户',
  table: users,
  perm: 'SystemUser',
  ownership: 'owner',
  hidden: ['password_hash'],
  input: z.object({
    user_name: text('用户名', 12).regex(usernameRule, '用户名为3-12位字母、数字或下划线'),
    name: text('用户昵称', 32),
    user_password: z.string({ error: '密码不能为空' }).regex(passwordRule, passwordRuleMsg).optional(),
    phone: z.string().trim().regex(mobileRule, '手机号码格式错误！').or(z.literal('')).optional(),
    email: z.string().trim().regex(emailRule, '邮箱格式错误').or(z.literal('')).optional(),
    status,
    dept_id: z.coerce.number().int().positive().nullable().optional(),
    post_id: z.coerce.number().int().positive().nullable().optional(),
    index_module: optionalText('首页模块', 500),
    remark: optionalText('备注', 500),
    role_ids: idList('角色').optional(),
  }),
  search: { user_name: 'like', name: 'like', phone: 'like', status: 'eq' },
  scope: (a) => eq(users.kind, a.kind),
  beforeSave: async ({ actor }, values, existing, input) => {
    const out = { ...values };
    const plain = input.user_password as string | undefined;
    if (!existing) {
      if (!plain) throw fail('密码不能为空', 10001, { field: 'user_password' });
      out.kind = actor.kind;
    }
    if (plain) out.passwordHash = await hashPassword(plain);
    if (existing && existing.id === actor.id && values.status === 2) throw fail('不能停用当前登录的账号');
    return out;
  },
  afterSave: async ({ tx, actor }, id, input) => {
    const roleIds = input.role_ids as number[] | undefined;
    if (!roleIds) return;
    const o = ownerOf(actor);
    const own = roleIds.length
      ? await tx
          .select({ id: roles.id })
          .from(roles)
          .where(and(inArray(roles.id, roleIds), o.tenantId === null ? sql`${roles.tenantId} is null` : eq(roles.tenantId, o.tenantId), o.operatorId === null ? sql`${roles.operatorId} is null` : eq(roles.operatorId, o.operatorId)))
      : [];
    if (own.length !== roleIds.length) throw fail('角色不存在', 10004, { field: 'role_ids' });
    await tx.delete(userRoles).where(eq(userRoles.userId, id));
    if (own.length) await tx.insert(userRoles).values(own.map((r) => ({ userId: id, roleId: r.id })));
    bumpAccessVersion();
  },
  beforeDelete: ({ actor }, existing) => {
    if (existing.id === actor.id) throw fail('不能删除当前登录的账号');
    if (existing.isSuper) throw fail('超级管理员不能删除');
  },
  decorate: async (db, rows) => {
    const ids = rows.map((r) => Number(r.id));
    if (!ids.length) return rows;
    const links = await db.select().from(userRoles).where(inArray(userRoles.userId, ids));
    return rows.map((r) => ({ ...r, role_ids: links.filter((l) => l.userId === r.id).map((l) => l.roleId) }));
  },
};

export const roleCrud: CrudSpec<typeof roles> = {
  name: 'role',
  title: '角色',
  table: roles,
  perm: 'SystemRole',
  ownership: 'owner',
  input: z.object({
    name: text('角色名称', 64),
    code: optionalText('角色编码', 64),
    data_scope: oneOf('数据范围', [1, 2]).optional(),
    village_ids: idList('小区').optional(),
    status,
    sort,
    remark: optionalText('备注', 500),
  }),
  search: { name: 'like', code: 'like', status: 'eq' },
  order: [{ column: 'sort', dir: 'asc' }, { column: 'id', dir: 'asc' }],
  beforeSave: async ({ tx, actor }, values) => {
    const ids = values.villageIds as number[] | undefined;
    if (ids?.length) {
      if (actor.kind !== 'web' || actor.tenantId === null) throw fail('只有物业公司的角色可以指定小区', 10001, { field: 'village_ids' });
      const found = await tx.select({ id: villages.id }).from(villages).where(and(inArray(villages.id, ids), eq(villages.tenantId, actor.tenantId)));
      if (found.length !== new Set(ids).size) throw fail('小区不存在', 10004, { field: 'village_ids' });
    }
    return values;
  },
  afterSave: () => bumpAccessVersion(),
  beforeDelete: async ({ tx }, existing) => {
    const [n] = await tx.select({ n: sql<number>`count(*)::int` }).from(userRoles).where(eq(userRoles.roleId, Number(existing.id)));
    if ((n?.n ?? 0) > 0) throw fail(`该角色已分配给${n?.n}个用户，不能删除`);
    bumpAccessVersion();
  },
};

export const deptCrud: CrudSpec<typeof depts> = {
  name: 'dept',
  title: '部门',
  table: depts,
  perm: 'SystemDept',
  ownership: 'owner',
  input: z.object({
    name: text('部门名称', 64),
    parent_id: intField('上级部门').optional(),
    leader: optionalText('负责人', 32),
    phone: z.string().trim().regex(mobileRule, '手机号码格式错误！').or(z.literal('')).optional(),
    sort,
    status,
  }),
  search: { name: 'like', status: 'eq', parent_id: 'eq' },
  order: [{ column: 'sort', dir: 'asc' }, { column: 'id', dir: 'asc' }],
  beforeDelete: async ({ tx }, existing) => {
    const [n] = await tx.select({ n: sql<number>`count(*)::int` }).from(depts).where(eq(depts.parentId, Number(existing.id)));
    if ((n?.n ?? 0) > 0) throw fail('存在下级部门，不能删除');
  },
};

export const postCrud: CrudSpec<typeof posts> = {
  name: 'post',
  title: '岗位',
  table: posts,
  perm: 'SystemPost',
  ownership: 'owner',
  input: z.object({ name: text('岗位名称', 64), code: optionalText('岗位编码', 64), sort, status, remark: optionalText('备注', 500) }),
  search: { name: 'like', code: 'like', status: 'eq' },
  order: [{ column: 'sort', dir: 'asc' }, { column: 'id', dir: 'asc' }],
};

const dictType = text('字典类型', 64).regex(/^[a-z][a-z0-9_]*$/, '字典类型只能是小写字母、数字和下划线，以字母开头');

export const dictCrud: CrudSpec<typeof dicts> = {
  name: 'dict',
  title: '字典',
  table: dicts,
  perm: 'SystemDict',
  ownership: 'owner+shared',
  input: z.object({ dict_name: text('字典名称', 64), dict_type: dictType, status, remark: optionalText('备注', 500) }),
  search: { dict_name: 'like', dict_type: 'like', status: 'eq' },
};

export const dictDataCrud: CrudSpec<typeof dictData> = {
  name: 'dictData',
  title: '字典数据',
  table: dictData,
  perm: 'SystemDict',
  ownership: 'owner+shared',
  maxPageSize: 9999,
  input: z.object({
    dict_type: dictType,
    dict_label: text('字典标签', 100),
    dict_value: text('字典键值', 100),
    dict_number: intField('字典排序').optional(),
    status,
    remark: optionalText('备注', 500),
  }),
  search: { dict_type: 'eq', dict_label: 'like', status: 'eq' },
  order: [{ column: 'dict_number', dir: 'asc' }, { column: 'id', dir: 'asc' }],
};

export const configCrud: CrudSpec<typeof configs> = {
  name: 'configs',
  title: '参数配置',
  table: configs,
  perm: 'SystemConfig',
  ownership: 'owner',
  input: z.object({
    name: text('参数名称', 64),
    config_key: text('参数键名', 100),
    config_value: z.string({ error: '参数键值格式错误' }).max(5000, '参数键值不能超过5000个字符').optional(),
    type: intField('参数类型').optional(),
    remark: optionalText('备注', 500),
  }),
  search: { name: 'like', config_key: 'like', type: 'eq' },
};

export const menuCrud: CrudSpec<typeof menus> = {
  name: 'menu',
  title: '菜单',
  table: menus,
  perm: 'SystemMenu',
  ownership: 'global',
  input: z.object({
    app_type: z.enum(['sys', 'operator', 'web'], { error: '所属端只能是 sys/operator/web' }),
    parent_id: intField('上级菜单').optional(),
    menu_name: text('菜单名称', 64),
    menu_type: oneOf('菜单类型', [1, 2]).optional(),
    visible: oneOf('是否显示', [1, 2]).optional(),
    icon: optionalText('图标', 64),
    url: optionalText('链接地址', 255),
    is_open: oneOf('外部打开', [1, 2]).optional(),
    route_name: optionalText('路由名称', 100),
    route_path: optionalText('路由地址', 255),
    route_component: optionalText('组件', 100),
    route_cache: oneOf('缓存', [1, 2]).optional(),
    perms: optionalText('权限标识', 100),
    sort,
  }),
  search: { menu_name: 'like', app_type: 'eq', parent_id: 'eq', menu_type: 'eq', visible: 'eq' },
  order: [{ column: 'sort', dir: 'asc' }, { column: 'id', dir: 'asc' }],
  afterSave: () => bumpAccessVersion(),
  beforeDelete: async ({ tx }, existing) => {
    const [n] = await tx.select({ n: sql<number>`count(*)::int` }).from(menus).where(eq(menus.parentId, Number(existing.id)));
    if ((n?.n ?? 0) > 0) throw fail('存在子菜单，不能删除');
    bumpAccessVersion();
  },
};

export const systemCruds = [userCrud, roleCrud, deptCrud, postCrud, dictCrud, dictDataCrud, configCrud, menuCrud] as const;
