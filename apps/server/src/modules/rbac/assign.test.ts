import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Code, type ListReply, type MenuReply } from '@5a/contracts';
import { rowsOf, setupApp, type TestApp } from '../../test/harness.ts';
import type { AuthNode, AuthView } from './assign.ts';
import { bumpAccessVersion } from './service.ts';
import { makeRole } from './testing.ts';

let t: TestApp;
let property: string;
let propertyb: string;
let staffRoleId: number;
const flat = (nodes: AuthNode[]): AuthNode[] => nodes.flatMap((n) => [n, ...flat(n.children)]);
const menuId = async (routeName: string) =>
  rowsOf<{ id: number }>(
    await t.db.execute(
      sql`select id from menus where app_type = 'web' and menu_type = 1 and route_name = ${routeName}`,
    ),
  )[0]!.id;

beforeAll(async () => {
  t = await setupApp();
  [property, propertyb] = await Promise.all([t.login('property'), t.login('propertyb')]);
  staffRoleId = (await t.post<ListReply>('/api/role/index', { name: '维修巡更员' }, property)).body.data.records[0]!
    .id as number;
});
afterAll(() => t.close());

describe('permission assignment', () => {
  it('loads the grantable tree, the checked leaves and the resources of a role', async () => {
    const view = (await t.post<AuthView>('/System/Role/roleMenu', { id: staffRoleId }, property)).body.data;
    expect(view.list.map((n) => n.label)).toContain('基础数据');
    const labels = new Map(flat(view.list).map((n) => [n.id, n.label]));
    expect(view.menuIdList.map((id) => labels.get(id))).toEqual(
      expect.arrayContaining(['事件上报', '报修管理', '巡更点位']),
    );
    expect(view.menuIdList.map((id) => labels.get(id))).not.toContain('基础数据');
    // nine repair and patrol pages (4 repair; patrol points, routes, tasks, records, report), five resources each,
    // and viewing the workbench
    expect(view.resourcelist).toHaveLength(46);
    expect(view.resourcelist).toEqual(
      expect.arrayContaining([`${view.menuIdList.find((id) => labels.get(id) === '事件上报')}_view`]),
    );
  });

  it('lists the five resources of a page', async () => {
    const id = await menuId('Building');
    const rows = (await t.post<{ id: string; name: string }[]>('/System/Role/sourcemenu', { id }, property)).body.data;
    expect(rows).toEqual([
      { id: `${id}_add`, name: '新增' },
      { id: `${id}_remove`, name: '删除' },
      { id: `${id}_edit`, name: '编辑' },
      { id: `${id}_view`, name: '查看' },
      { id: `${id}_export`, name: '导出' },
    ]);
  });

  it('needs at least one selection', async () => {
    const res = await t.post('/System/Role/rolePermissionSave', { id: staffRoleId, menu: [], resource: [] }, property);
    expect(res.body.msg).toBe('至少选择一个选项');
  });

  it('changes what the staff user sees and may call', async () => {
    const staff = await t.login('staff');
    expect((await t.post('/System/Post/list', {}, staff)).body.code).toBe(Code.forbidden);
    const view = (await t.post<AuthView>('/System/Role/roleMenu', { id: staffRoleId }, property)).body.data;
    const post = await menuId('SystemPost');
    const group = flat(view.list).find((n) => n.children.some((c) => c.id === post))!;
    const save = await t.post(
      '/System/Role/rolePermissionSave',
      { id: staffRoleId, menu: [...view.menuIdList, post, group.id], resource: [`${post}_view`, `${post}_add`] },
      property,
    );
    expect(save.body).toMatchObject({ code: 0, msg: '保存成功!' });

    const menu = (await t.post<MenuReply>('/Common/Menu/Menu', {}, staff)).body.data;
    expect(menu.menus.map((m) => m.title)).toEqual(['工作台', '报修管理', '巡更管理', '系统设置']);
    expect(menu.perms).toEqual(expect.arrayContaining(['SystemPost:view', 'SystemPost:add', 'SystemPost:import']));
    expect(menu.perms).not.toContain('SystemPost:remove');
    expect((await t.post('/System/Post/list', {}, staff)).body.code).toBe(0);
    expect((await t.post('/System/Post/add', { row: { name: '新岗位' } }, staff)).body.code).toBe(0);
    expect((await t.post('/System/Post/del', { id: 1 }, staff)).body.code).toBe(Code.forbidden);

    // the save replaced the role's resources: repair buttons are gone, the post page's are in
    expect(menu.perms).not.toContain('RepairManagement:add');
    const again = (await t.post<AuthView>('/System/Role/roleMenu', { id: staffRoleId }, property)).body.data;
    expect(again.resourcelist.sort()).toEqual([`${post}_add`, `${post}_view`]);
  });

  it('refuses menus the caller cannot grant and roles of another tenant', async () => {
    const sysMenu = rowsOf<{ id: number }>(
      await t.db.execute(sql`select id from menus where app_type = 'sys' limit 1`),
    )[0]!.id;
    const res = await t.post(
      '/System/Role/rolePermissionSave',
      { id: staffRoleId, menu: [sysMenu], resource: [] },
      property,
    );
    expect(res.body.code).toBe(Code.validation);
    expect((await t.post('/System/Role/roleMenu', { id: staffRoleId }, propertyb)).body.code).toBe(Code.notFound);
    expect(
      (await t.post('/System/Role/rolePermissionSave', { id: staffRoleId, menu: [sysMenu] }, propertyb)).body.code,
    ).toBe(Code.notFound);
  });

  it('grants per user through a hidden personal role', async () => {
    const users = (await t.post<ListReply>('/api/user/index', { user_name: 'staff' }, property)).body.data.records;
    const staffId = users[0]!.id as number;
    expect((await t.post<AuthView>('/System/User/authmenu', { id: staffId }, property)).body.data.menuIdList).toEqual(
      [],
    );
    const village = await menuId('Village');
    expect(
      (
        await t.post(
          '/System/User/saveauthsource',
          { id: staffId, menu: [village], resource: [`${village}_view`] },
          property,
        )
      ).body.code,
    ).toBe(0);
    const staff = await t.login('staff');
    const menu = (await t.post<MenuReply>('/Common/Menu/Menu', {}, staff)).body.data;
    expect(menu.menus.map((m) => m.title)).toContain('基础数据');
    expect((await t.post<AuthView>('/System/User/authmenu', { id: staffId }, property)).body.data.menuIdList).toEqual([
      village,
    ]);
    const roles = (await t.post<ListReply>('/api/role/index', { size: 100 }, property)).body.data.records;
    expect(roles.map((r) => r.name)).not.toContain(`用户${staffId}的个人权限`);
  });

  it('never offers nor grants 数据导出, which only the super administrator holds', async () => {
    const exportPage = await menuId('CompanyExport');
    const refusal = '「数据导出」仅限超级管理员使用，不能分配给角色或用户';
    // not in the tree of a role, nor of a user, though the super administrator holds it himself
    const own = (await t.post<MenuReply>('/Common/Menu/Menu', {}, property)).body.data;
    expect(own.perms).toContain('CompanyExport:view');
    const roleTree = (await t.post<AuthView>('/System/Role/roleMenu', { id: staffRoleId }, property)).body.data;
    expect(flat(roleTree.list).map((n) => n.id)).not.toContain(exportPage);
    expect(flat(roleTree.list).map((n) => n.label)).toContain('系统设置');
    const staffId = (await t.post<ListReply>('/api/user/index', { user_name: 'staff' }, property)).body.data.records[0]!
      .id as number;
    const userTree = (await t.post<AuthView>('/System/User/authmenu', { id: staffId }, property)).body.data;
    expect(flat(userTree.list).map((n) => n.id)).not.toContain(exportPage);
    expect((await t.post('/System/Role/sourcemenu', { id: exportPage }, property)).body.code).toBe(Code.notFound);
    // sent anyway: refused by name, as a page or as a resource, and nothing is written
    const before = (await t.post<AuthView>('/System/Role/roleMenu', { id: staffRoleId }, property)).body.data;
    for (const body of [
      { id: staffRoleId, menu: [...before.menuIdList, exportPage], resource: before.resourcelist },
      { id: staffRoleId, menu: before.menuIdList, resource: [...before.resourcelist, `${exportPage}_view`] },
    ]) {
      const res = await t.post('/System/Role/rolePermissionSave', body, property);
      expect(res.body).toMatchObject({ code: Code.validation, msg: refusal });
    }
    const user = await t.post(
      '/System/User/saveauthsource',
      { id: staffId, menu: [exportPage], resource: [`${exportPage}_view`] },
      property,
    );
    expect(user.body).toMatchObject({ code: Code.validation, msg: refusal });
    const after = (await t.post<AuthView>('/System/Role/roleMenu', { id: staffRoleId }, property)).body.data;
    expect(after.resourcelist.sort()).toEqual(before.resourcelist.sort());
  });

  it('gives nobody 数据导出 through a grant stored before it was kept to the super administrator', async () => {
    const role = await makeRole(t, '旧导出角色', {
      pages: { CompanyExport: ['view'], Building: ['view'] },
      villages: null,
    });
    const staffId = (await t.one<{ id: number }>(sql`select id from users where user_name = 'staff'`)).id;
    await t.db.execute(sql`insert into user_roles (user_id, role_id) values (${staffId}, ${role})`);
    bumpAccessVersion();
    const staff = await t.login('staff');
    const menu = (await t.post<MenuReply>('/Common/Menu/Menu', {}, staff)).body.data;
    expect(menu.perms).toContain('Building:view');
    expect(menu.perms.filter((p) => p.startsWith('CompanyExport:'))).toEqual([]);
    const titles = (nodes: MenuReply['menus']): string[] => nodes.flatMap((n) => [n.title, ...titles(n.children)]);
    expect(titles(menu.menus)).not.toContain('数据导出');
    expect((await t.post('/Web/Setting/DataExport/status', {}, staff)).body.code).toBe(Code.forbidden);
    // the role's dialog does not show it as granted: the next save drops it
    const exportPage = await menuId('CompanyExport');
    const view = (await t.post<AuthView>('/System/Role/roleMenu', { id: role }, property)).body.data;
    expect(view.resourcelist).toEqual([`${await menuId('Building')}_view`]);
    expect(view.resourcelist.some((r) => r.startsWith(`${exportPage}_`))).toBe(false);
    await t.db.execute(sql`delete from user_roles where role_id = ${role}`);
    await t.db.execute(sql`delete from roles where id = ${role}`);
    bumpAccessVersion();
  });

  it('refuses the screen to callers without the role edit right', async () => {
    const staff = await t.login('staff');
    expect((await t.post('/System/Role/roleMenu', { id: staffRoleId }, staff)).body.code).toBe(Code.forbidden);
  });
});
