import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@5a/contracts';
import { setupApp, type TestApp } from '../../../test/harness.ts';

const RT = '/Sys/Permission/RoleTemplate';
const CP = '/Sys/TenantPermissionCommon';
type Node = { id: number; label: string; children: Node[] };
type View = { list: Node[]; menuIdList: number[]; resourcelist: string[] };

describe('role templates (角色模板)', () => {
  let t: TestApp;
  let admin: string;
  let ids: { web: number; operator: number };

  beforeAll(async () => {
    t = await setupApp();
    admin = await t.login('admin');
    const rows = await t.rows<{ id: number; template: 'web' | 'operator' }>(
      sql`select id, template from roles where template <> '' and tenant_id is null and operator_id is null`,
    );
    ids = {
      web: rows.find((r) => r.template === 'web')!.id,
      operator: rows.find((r) => r.template === 'operator')!.id,
    };
  });
  afterAll(() => t.close());

  it('a new installation has the two templates, on their own screen and not among the platform roles', async () => {
    const list = await t.post<{ records: { name: string; template: string }[] }>(`${RT}/list`, {}, admin);
    expect(list.body.code, list.body.msg).toBe(0);
    expect(list.body.data.records.map((r) => [r.name, r.template])).toEqual([
      ['物业管理员模板', 'web'],
      ['运营专员模板', 'operator'],
    ]);
    const platformRoles = await t.post<{ records: { name: string }[] }>('/System/Role/list', {}, admin);
    expect(platformRoles.body.code, platformRoles.body.msg).toBe(0);
    expect(platformRoles.body.data.records.map((r) => r.name)).not.toContain('物业管理员模板');
  });

  it('the company template holds every web page but 系统设置; the operator one every operator page', async () => {
    const web = await t.post<View>(`${CP}/roleMenu`, { id: ids.web, appType: 'tenant' }, admin);
    expect(web.body.code, web.body.msg).toBe(0);
    const labels = web.body.data.list.map((n) => n.label);
    expect(labels).toEqual(expect.arrayContaining(['基础数据', '系统设置']));
    const system = web.body.data.list.find((n) => n.label === '系统设置')!;
    const checked = new Set(web.body.data.menuIdList);
    expect(system.children.some((c) => checked.has(c.id))).toBe(false);
    const basic = web.body.data.list.find((n) => n.label === '基础数据')!;
    expect(basic.children.every((c) => checked.has(c.id))).toBe(true);
    const op = await t.post<View>(`${CP}/roleMenu`, { id: ids.operator, appType: 'operator' }, admin);
    expect(op.body.data.list.map((n) => n.label)).toEqual(expect.arrayContaining(['运营管理']));
    // the mobile app has no menus yet
    const app = await t.post<View>(`${CP}/roleMenu`, { id: ids.web, menuType: 'app' }, admin);
    expect(app.body.data).toMatchObject({ list: [], menuIdList: [] });
    // 数据导出 is the company super administrator's alone: no template hands it out
    const exportPage = (
      await t.one<{ id: number }>(sql`select id from menus where app_type = 'web' and route_name = 'CompanyExport'`)
    ).id;
    const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children)]);
    expect(flat(web.body.data.list).map((n) => n.id)).not.toContain(exportPage);
    expect(flat(web.body.data.list).map((n) => n.label)).toContain('物业信息');
    const refused = await t.post(
      `${CP}/rolePermissionSave`,
      { id: ids.web, appType: 'tenant', menu: [exportPage], resource: [`${exportPage}_view`] },
      admin,
    );
    expect(refused.body).toMatchObject({
      code: Code.validation,
      msg: '「数据导出」仅限超级管理员使用，不能分配给角色或用户',
    });
    expect((await t.post(`${CP}/roleMenuOperate`, { id: exportPage, appType: 'tenant' }, admin)).body.code).toBe(
      Code.notFound,
    );
    // a template is granted from its own app only
    const wrong = await t.post(`${CP}/roleMenu`, { id: ids.web, appType: 'operator' }, admin);
    expect(wrong.body.code).toBe(Code.validation);
  });

  it('saves a template’s grants, and the next operator onboarded gets exactly them', async () => {
    const op = await t.post<View>(`${CP}/roleMenu`, { id: ids.operator, appType: 'operator' }, admin);
    const group = op.body.data.list.find((n) => n.label === '运营管理')!;
    const page = group.children[0]!;
    const res = await t.post<{ id: string }[]>(`${CP}/roleMenuOperate`, { id: page.id, appType: 'operator' }, admin);
    expect(res.body.data.map((r) => r.id)).toContain(`${page.id}_view`);
    const saved = await t.post(
      `${CP}/rolePermissionSave`,
      { id: ids.operator, appType: 'operator', menu: [group.id, page.id], resource: [`${page.id}_view`] },
      admin,
    );
    expect(saved.body.code, saved.body.msg).toBe(0);
    // a web menu is not an operator template's to hold
    const [webMenu] = await t.rows<{ id: number }>(sql`select id from menus where app_type = 'web' limit 1`);
    const bad = await t.post(
      `${CP}/rolePermissionSave`,
      { id: ids.operator, appType: 'operator', menu: [webMenu!.id], resource: [] },
      admin,
    );
    expect(bad.body).toMatchObject({ code: Code.validation, data: { field: 'menu' } });

    const add = await t.post<{ id: number }>(
      '/Sys/CarrierOperator/Operator/add',
      {
        row: {
          name: '模板测试运营商',
          region_codes: ['330100'],
          contact: '某人',
          phone: '13900001111',
          start_date: '2026-01-01',
          expire_date: '2027-01-01',
          status: 1,
          user_name: 'tplop',
          user_password: 'Tpl_2026',
        },
      },
      admin,
    );
    expect(add.body.code, add.body.msg).toBe(0);
    const copy = await t.one<{ id: number; name: string }>(
      sql`select id, name from roles where operator_id = ${add.body.data.id}`,
    );
    expect(copy.name).toBe('运营专员模板');
    const menus = await t.rows<{ menu_id: number }>(
      sql`select menu_id from role_menus where role_id = ${copy.id} order by menu_id`,
    );
    expect(menus.map((m) => m.menu_id)).toEqual([group.id, page.id].sort((a, b) => a - b));
    const res2 = await t.rows<{ resource_id: string }>(
      sql`select resource_id from role_resources where role_id = ${copy.id}`,
    );
    expect(res2).toEqual([{ resource_id: `${page.id}_view` }]);
  });

  it('a company template’s workbench panels (首页模块) are what a new company’s copy starts with', async () => {
    const read = await t.post<{ index_module: string[] }>('/System/Role/indexModule', { id: ids.web }, admin);
    expect(read.body.code, read.body.msg).toBe(0);
    const saved = await t.post(
      '/System/Role/saveIndexModule',
      { id: ids.web, index_module: ['count_panel', 'notice'] },
      admin,
    );
    expect(saved.body.code, saved.body.msg).toBe(0);
    const operator = await t.one<{ id: number }>(sql`select id from operators where name = '华东智慧社区运营中心'`);
    const add = await t.post<{ id: number }>(
      '/Operator/Tenant/add',
      {
        row: {
          name: '模板测试物业',
          operator_id: operator.id,
          contact: '某人',
          phone: '13900002222',
          status: 1,
          user_name: 'tplco',
          user_password: 'Tpl_2026',
        },
      },
      admin,
    );
    expect(add.body.code, add.body.msg).toBe(0);
    const copy = await t.one<{ name: string; index_module: string }>(
      sql`select name, index_module from roles where tenant_id = ${add.body.data.id}`,
    );
    expect(copy).toEqual({ name: '物业管理员模板', index_module: 'count_panel,notice' });
  });

  it('only the platform reaches templates', async () => {
    const operator = await t.login('operator');
    const property = await t.login('property');
    for (const token of [operator, property]) {
      expect((await t.post(`${RT}/list`, {}, token)).body.code).toBe(Code.forbidden);
      expect((await t.post(`${CP}/roleMenu`, { id: ids.web }, token)).body.code).toBe(Code.forbidden);
    }
  });

  it('refuses a second template with the same code of the same kind', async () => {
    const r = await t.post(
      `${RT}/add`,
      { row: { name: '重复', code: 'property_admin', template: 'web', sort: 3 } },
      admin,
    );
    expect(r.body).toMatchObject({ code: Code.validation, msg: '角色编码已存在', data: { field: 'code' } });
  });
});
