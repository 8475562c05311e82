import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Code, type MenuReply } from '@5a/contracts';
import { setupApp, type TestApp } from '../../test/harness.ts';
import { demoIds } from '../estate/testing.ts';
import { makeRole, makeUser, pageId, roleIdsOf } from './testing.ts';

/**
 * Nobody hands out more than he holds: roles and grants stay within the granting user's own menus,
 * resources and villages; nobody changes his own roles; user and role management only from a super
 * administrator.
 */
let t: TestApp;
let property: string;
let staffId: number;
let staffRole: number;
let finance: number;
let buildingViewer: number;
let userAdmin: number;
let sub: { token: string; id: number };
let roleAdmin: { token: string; id: number };
let building: number;

const permsOf = async (token: string) => (await t.post<MenuReply>('/Common/Menu/Menu', {}, token)).body.data.perms;

beforeAll(async () => {
  t = await setupApp();
  property = await t.login('property');
  staffId = (await t.one<{ id: number }>(sql`select id from users where user_name = 'staff'`)).id;
  staffRole = (await roleIdsOf(t, staffId))[0]!;
  building = await pageId(t, 'Building');
  finance = await makeRole(t, '财务', {
    pages: { RenewalList: 'all', RefundDue: 'all', SystemConfig: 'all' },
    villages: null,
  });
  buildingViewer = await makeRole(t, '楼栋查看', { pages: { Building: ['view'] }, villages: null });
  // user management, and buildings to look at only
  userAdmin = await makeRole(t, '用户管理员', { pages: { SystemUser: 'all', Building: ['view'] }, villages: null });
  sub = await makeUser(t, 'subadmin', [userAdmin]);
  const roleAdminRole = await makeRole(t, '角色管理员', {
    pages: { SystemRole: 'all', Building: ['view'] },
    villages: null,
  });
  roleAdmin = await makeUser(t, 'roleadmin', [roleAdminRole]);
});
afterAll(() => t.close());

describe('granting roles to users', () => {
  it('refuses a user manager editing himself into another role', async () => {
    const res = await t.post('/System/User/edit', { row: { id: sub.id, role_ids: [userAdmin, finance] } }, sub.token);
    expect(res.body.code).not.toBe(0);
    expect(await roleIdsOf(t, sub.id)).toEqual([userAdmin]);
    const perms = await permsOf(sub.token);
    expect(perms).not.toContain('RefundDue:view');
    expect(perms).not.toContain('SystemConfig:edit');
  });

  it('lets him save his own form when his roles stay the same', async () => {
    const res = await t.post(
      '/System/User/edit',
      { row: { id: sub.id, name: '子管理员', role_ids: [userAdmin] } },
      sub.token,
    );
    expect(res.body.code).toBe(0);
    expect((await t.one<{ name: string }>(sql`select name from users where id = ${sub.id}`)).name).toBe('子管理员');
  });

  it('refuses him swapping his own role, even for a smaller one', async () => {
    const res = await t.post('/System/User/edit', { row: { id: sub.id, role_ids: [buildingViewer] } }, sub.token);
    expect(res.body).toMatchObject({ code: Code.validation, msg: '不能修改自己的角色' });
    expect(await roleIdsOf(t, sub.id)).toEqual([userAdmin]);
  });

  it('refuses granting another user a role with rights he does not hold', async () => {
    const edit = await t.post('/System/User/edit', { row: { id: staffId, role_ids: [staffRole, finance] } }, sub.token);
    expect(edit.body).toMatchObject({ code: Code.validation, msg: '无权分配该角色：财务' });
    expect(await roleIdsOf(t, staffId)).toEqual([staffRole]);
    const add = await t.post(
      '/System/User/add',
      { row: { user_name: 'cashier9', name: '收银', user_password: 'Cash_2026', role_ids: [finance] } },
      sub.token,
    );
    expect(add.body).toMatchObject({ code: Code.validation, msg: '无权分配该角色：财务' });
    expect(await t.rows(sql`select id from users where user_name = 'cashier9'`)).toEqual([]);
  });

  it('refuses a role with a wider data scope than his own', async () => {
    const { sunshine, jade } = await demoIds(t);
    const scoped = await makeRole(t, '阳光用户管理员', {
      pages: { SystemUser: 'all', Building: ['view'] },
      villages: [sunshine.id],
    });
    const narrow = await makeUser(t, 'subnarrow', [scoped]);
    const jadeViewer = await makeRole(t, '翠湖楼栋查看', { pages: { Building: ['view'] }, villages: [jade.id] });
    const sunViewer = await makeRole(t, '阳光楼栋查看', { pages: { Building: ['view'] }, villages: [sunshine.id] });
    for (const role of [buildingViewer, jadeViewer]) {
      const res = await t.post(
        '/System/User/add',
        { row: { user_name: `v${role}`, name: '查看', user_password: 'View_2026', role_ids: [role] } },
        narrow.token,
      );
      expect(res.body.code).toBe(Code.validation);
    }
    const ok = await t.post(
      '/System/User/add',
      { row: { user_name: 'vsun', name: '查看', user_password: 'View_2026', role_ids: [sunViewer] } },
      narrow.token,
    );
    expect(ok.body.code).toBe(0);
  });

  it('grants a role within his own rights', async () => {
    const res = await t.post<{ id: number }>(
      '/System/User/add',
      { row: { user_name: 'viewer1', name: '查看员', user_password: 'View_2026', role_ids: [buildingViewer] } },
      sub.token,
    );
    expect(res.body.code).toBe(0);
    expect(await roleIdsOf(t, res.body.data.id)).toEqual([buildingViewer]);
  });

  it('leaves user and role management to a super administrator', async () => {
    const res = await t.post(
      '/System/User/add',
      { row: { user_name: 'subadmin2', name: '子管理员2', user_password: 'Sub_2026', role_ids: [userAdmin] } },
      sub.token,
    );
    expect(res.body).toMatchObject({ code: Code.validation, msg: '只有超级管理员可以分配含用户或角色管理权限的角色' });
    expect(await t.rows(sql`select id from users where user_name = 'subadmin2'`)).toEqual([]);
    const byProperty = await t.post(
      '/System/User/add',
      { row: { user_name: 'subadmin2', name: '子管理员2', user_password: 'Sub_2026', role_ids: [userAdmin] } },
      property,
    );
    expect(byProperty.body.code).toBe(0);
  });
});

describe('per-user grants', () => {
  it('refuses a user changing his own grants', async () => {
    const res = await t.post(
      '/System/User/saveauthsource',
      { id: sub.id, menu: [building], resource: [`${building}_view`] },
      sub.token,
    );
    expect(res.body.code).not.toBe(0);
    expect(await roleIdsOf(t, sub.id)).toEqual([userAdmin]);
  });

  it('refuses a resource the granting user does not hold himself', async () => {
    const res = await t.post(
      '/System/User/saveauthsource',
      { id: staffId, menu: [building], resource: [`${building}_view`, `${building}_remove`] },
      sub.token,
    );
    expect(res.body).toMatchObject({ code: Code.validation, msg: `资源不存在或无权分配：${building}_remove` });
    expect(await permsOf(await t.login('staff'))).not.toContain('Building:remove');
    const ok = await t.post(
      '/System/User/saveauthsource',
      { id: staffId, menu: [building], resource: [`${building}_view`] },
      sub.token,
    );
    expect(ok.body.code).toBe(0);
  });

  it('leaves user management grants to a super administrator', async () => {
    const users = await pageId(t, 'SystemUser');
    const res = await t.post(
      '/System/User/saveauthsource',
      { id: staffId, menu: [users], resource: [`${users}_view`, `${users}_edit`] },
      sub.token,
    );
    expect(res.body.code).toBe(Code.validation);
    expect(await permsOf(await t.login('staff'))).not.toContain('SystemUser:edit');
  });
});

describe('role permission screen', () => {
  it('refuses a resource the granting user does not hold himself', async () => {
    const res = await t.post(
      '/System/Role/rolePermissionSave',
      { id: buildingViewer, menu: [building], resource: [`${building}_view`, `${building}_remove`] },
      roleAdmin.token,
    );
    expect(res.body).toMatchObject({ code: Code.validation, msg: `资源不存在或无权分配：${building}_remove` });
    expect(await t.rows(sql`select resource_id from role_resources where role_id = ${buildingViewer}`)).toEqual([
      { resource_id: `${building}_view` },
    ]);
    const ok = await t.post(
      '/System/Role/rolePermissionSave',
      { id: buildingViewer, menu: [building], resource: [`${building}_view`] },
      roleAdmin.token,
    );
    expect(ok.body.code).toBe(0);
  });

  it('leaves role management rights to a super administrator', async () => {
    const rolesPage = await pageId(t, 'SystemRole');
    const res = await t.post(
      '/System/Role/rolePermissionSave',
      { id: buildingViewer, menu: [building, rolesPage], resource: [`${building}_view`, `${rolesPage}_edit`] },
      roleAdmin.token,
    );
    expect(res.body.code).toBe(Code.validation);
    expect(await t.rows(sql`select menu_id from role_menus where role_id = ${buildingViewer}`)).toEqual([
      { menu_id: building },
    ]);
  });

  it('refuses a role manager widening a role past his own villages', async () => {
    const { sunshine } = await demoIds(t);
    const scoped = await makeRole(t, '阳光角色管理员', { pages: { SystemRole: 'all' }, villages: [sunshine.id] });
    const narrow = await makeUser(t, 'rolenarrow', [scoped]);
    const edit = await t.post('/System/Role/edit', { row: { id: scoped, data_scope: 1 } }, narrow.token);
    expect(edit.body.code).toBe(Code.validation);
    const batch = await t.post('/System/Role/batch', { ids: [scoped], row: { data_scope: 1 } }, narrow.token);
    expect(batch.body).toMatchObject({ code: Code.validation, msg: '数据范围不能超出自己可见的小区' });
    expect(
      (await t.one<{ data_scope: number }>(sql`select data_scope from roles where id = ${scoped}`)).data_scope,
    ).toBe(2);
    const add = await t.post('/System/Role/add', { row: { name: '全部小区', data_scope: 1 } }, narrow.token);
    expect(add.body.code).toBe(Code.validation);
    const own = await t.post(
      '/System/Role/add',
      { row: { name: '阳光小区', data_scope: 2, village_ids: [sunshine.id] } },
      narrow.token,
    );
    expect(own.body.code).toBe(0);
  });

  it('keeps the personal role code to per-user grants', async () => {
    // such a role would be hidden from the role list and give no villages
    const res = await t.post('/System/Role/add', { row: { name: '伪装', code: `__user_${sub.id}` } }, property);
    expect(res.body).toMatchObject({ code: Code.validation, msg: '角色编码不能以__user_开头' });
    expect(await t.rows(sql`select id from roles where name = '伪装'`)).toEqual([]);
  });
});
