import { and, eq, inArray } from 'drizzle-orm';
import { passwordRule, passwordRuleMsg, usernameRule } from '@5a/contracts';
import { rbacApi } from '@5a/contracts/endpoints/rbac';
import { defineResource } from '../../core/engine/registry.ts';
import { fail } from '../../core/errors.ts';
import { hashPassword, revokeUserTokens, users } from '../auth/index.ts';
import { notPersonalRole, roles, userRoles } from '../rbac/index.ts';
import { depts, posts } from './schema.ts';
import { checkDeptPost, refuseDisable, refuseTakenName, saveUserRoles } from './user-rules.ts';
import { createdAt, remark, status } from './fields.ts';

/** 用户管理: accounts of the caller's kind, their roles saved and shown beside them (user-rules.ts). */
export const userResource = defineResource({
  route: '/System/User/index',
  title: '用户',
  name: 'SystemUser',
  menu: {
    app: ['sys', 'operator', 'web'],
    group: 'system',
    title: '用户管理',
    order: 1,
    buttons: ['add', 'edit', 'remove', 'export', 'import'],
  },
  table: users,
  ownership: 'owner',
  labelProp: 'name',
  toolbar: ['add', 'export', 'import', 'batchEdit', 'batchDelete'],
  rowActions: ['edit', 'delete', { type: 'userAuth', title: '分配权限', api: rbacApi.user.grants.path }],
  fields: [
    {
      prop: 'user_name',
      label: '用户名',
      type: 'text',
      required: true,
      maxLength: 12,
      pattern: { source: usernameRule.source, message: '用户名为3-12位字母、数字或下划线' },
      search: true,
      edit: false,
      width: 120,
    },
    { prop: 'name', label: '用户昵称', type: 'text', required: true, maxLength: 32, search: true, width: 120 },
    {
      prop: 'user_password',
      label: '密码',
      type: 'password',
      virtual: true,
      required: true,
      edit: false,
      import: true,
      pattern: { source: passwordRule.source, message: passwordRuleMsg },
    },
    { prop: 'phone', label: '手机号', type: 'text', validator: 'mobile', search: true, width: 130 },
    { prop: 'email', label: '邮箱', type: 'text', validator: 'email', maxLength: 100, table: false },
    {
      prop: 'dept_id',
      label: '部门',
      type: 'select',
      optionsUrl: '/System/Dept/options',
      batch: true,
      table: false,
      ref: { table: depts, labelColumn: 'name', tenantScoped: true },
    },
    {
      prop: 'post_id',
      label: '岗位',
      type: 'select',
      optionsUrl: '/System/Post/options',
      batch: true,
      table: false,
      ref: { table: posts, labelColumn: 'name', tenantScoped: true },
    },
    {
      prop: 'role_ids',
      label: '角色',
      type: 'select',
      multiple: true,
      optionsUrl: '/System/Role/options',
      virtual: true,
      import: false,
      // an emptied selection arrives as null (not "unchanged") and takes every role away
      clearable: true,
      batch: true,
    },
    { ...status },
    { prop: 'index_module', label: '首页模块', type: 'text', maxLength: 500, table: false, import: false },
    remark,
    createdAt,
  ],
  hooks: {
    scope: ({ actor }) => eq(users.kind, actor.kind),
    beforeSave: async ({ db, actor, caller }, values, existing, input) => {
      const out = { ...values };
      const plain = input.user_password as string | undefined;
      if (!existing) out.kind = actor.kind;
      if (!existing) await refuseTakenName(db, caller, input.user_name);
      if (existing) refuseDisable(actor, [existing], input.status);
      await checkDeptPost(db, actor, input);
      if (plain) out.passwordHash = await hashPassword(plain);
      return out;
    },
    // batch edit runs no save hook per row: the same refusals over every selected row
    beforeBatch: async ({ db, actor, registry }, rows, input) => {
      refuseDisable(actor, rows, input.status);
      await checkDeptPost(db, actor, input);
      for (const r of rows) await saveUserRoles(registry, db, actor, Number(r.id), input);
    },
    afterSave: async ({ db, actor, registry }, id, input) => {
      // a disabled user is logged out everywhere (api and file-url tokens), and enabling him again revives none
      if (Number(input.status) === 2) await revokeUserTokens(db, id);
      await saveUserRoles(registry, db, actor, id, input);
    },
    beforeDelete: ({ actor }, existing) => {
      if (existing.id === actor.id) throw fail('不能删除当前登录的账号');
      if (existing.isSuper) throw fail('超级管理员不能删除');
    },
    decorate: async ({ db }, rows) => {
      const ids = rows.map((r) => Number(r.id));
      if (!ids.length) return rows;
      // the personal role (per-user grants) is no role one picks on this form
      const links = await db
        .select({ userId: userRoles.userId, roleId: userRoles.roleId })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(and(inArray(userRoles.userId, ids), notPersonalRole));
      return rows.map((r) => ({ ...r, role_ids: links.filter((l) => l.userId === r.id).map((l) => l.roleId) }));
    },
  },
});
