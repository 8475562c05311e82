import { and, eq, sql } from 'drizzle-orm';
import { defineResource } from '../../core/engine/registry.ts';
import { invalid } from '../../core/errors.ts';
import { users } from '../auth/index.ts';
import { roles } from '../rbac/index.ts';
import { workers } from './schema.ts';
import { scopeOfCaller } from './service.ts';
import { qualified } from '../../core/db/sql.ts';
import { villageField } from '../tenancy/index.ts';

export { buildingResource, houseResource } from './resource-building.ts';
export { gatePersonResource } from './resource-person.ts';

/** 员工 (Worker): the people shown on the village view, with a role of the company. */
export const workerResource = defineResource({
  route: '/Web/Basic/Worker/listConfig',
  title: '员工',
  name: 'Worker',
  menu: {
    app: 'web',
    group: 'basic',
    title: '员工管理',
    order: 5,
    buttons: ['add', 'edit', 'remove', 'export', 'import', 'drag'],
  },
  table: workers,
  ownership: 'tenant',
  villageScoped: true,
  rowActions: ['edit', 'delete', 'detail'],
  fields: [
    villageField(),
    { prop: 'name', label: '姓名', type: 'text', required: true, maxLength: 32, search: true, width: 100 },
    {
      prop: 'tenant_role_id',
      label: '角色',
      type: 'select',
      optionsUrl: '/System/Role/options',
      table: false,
      ref: { table: roles, labelColumn: 'name', tenantScoped: true },
    },
    {
      prop: 'role_name',
      label: '角色',
      type: 'text',
      computed: sql`(select r.name from ${roles} r where r.id = ${qualified(workers.tenantRoleId)})`,
      width: 120,
    },
    { prop: 'section_name', label: '部门', type: 'text', maxLength: 50, search: true, width: 100 },
    { prop: 'phone', label: '手机号码', type: 'text', validator: 'mobile', required: true, search: true, width: 130 },
    // the login that works the repair orders dispatched to this worker (我的工单)
    {
      prop: 'user_id',
      label: '登录账号',
      type: 'select',
      optionsUrl: '/System/User/options',
      table: false,
      import: false,
    },
    { prop: 'img', label: '照片', type: 'image', jpgOnly: true, maxSize: 2097152, table: false },
    {
      prop: 'status',
      label: '状态',
      type: 'dict',
      dict: 'sys_status',
      defaultValue: '1',
      search: true,
      batch: true,
      width: 80,
    },
    { prop: 'remark', label: '备注', type: 'textarea', maxLength: 500, table: false },
    {
      prop: 'created_at',
      label: '创建时间',
      type: 'datetime',
      readonly: true,
      width: 170,
      import: false,
      search: 'range',
    },
  ],
  hooks: {
    beforeSave: async ({ db, caller }, values) => {
      const s = scopeOfCaller(caller);
      if (values.userId !== undefined && values.userId !== null) {
        const [u] = await db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.id, Number(values.userId)), eq(users.tenantId, s.tenantId)))
          .limit(1);
        if (!u) throw invalid('登录账号不存在', 'user_id');
      }
      if (values.tenantRoleId === undefined || values.tenantRoleId === null) return values;
      const [role] = await db
        .select({ id: roles.id })
        .from(roles)
        .where(and(eq(roles.id, Number(values.tenantRoleId)), eq(roles.tenantId, s.tenantId)))
        .limit(1);
      if (!role) throw invalid('角色不存在', 'tenant_role_id');
      return values;
    },
  },
});
