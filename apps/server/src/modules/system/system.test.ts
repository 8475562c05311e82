import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, type Page } from '@5a/contracts';
import { setupApp, type TestApp } from '../../test/harness.ts';

type Row = Record<string, unknown> & { id: number };
let t: TestApp;
let property: string;
let propertyb: string;
let admin: string;
beforeAll(async () => {
  t = await setupApp();
  [property, propertyb, admin] = await Promise.all([t.login('property'), t.login('propertyb'), t.login('admin')]);
});
afterAll(() => t.close());

const list = async (name: string, body: object, token: string) =>
  (await t.post<Page<Row>>(`/api/${name}/index`, body, token)).body.data;

const cases: {
  name: string;
  create: Record<string, unknown>;
  edit: Record<string, unknown>;
  bad: [Record<string, unknown>, string];
  search: Record<string, unknown>;
}[] = [
  {
    name: 'dept',
    create: { name: '绿化部', leader: '钱七', sort: 5 },
    edit: { name: '绿化养护部' },
    bad: [{ name: '' }, '请输入部门名称'],
    search: { name: '绿化' },
  },
  {
    name: 'post',
    create: { name: '保洁', code: 'cleaner' },
    edit: { name: '保洁员' },
    bad: [{ name: 'x'.repeat(65) }, '岗位名称不能超过64个字符'],
    search: { name: '保洁' },
  },
  {
    name: 'role',
    create: { name: '财务', data_scope: 1 },
    edit: { remark: '收费与对账' },
    bad: [{ name: '财务', data_scope: 3 }, '数据范围的值无效：3'],
    search: { name: '财务' },
  },
  {
    name: 'dict',
    create: { dict_name: '车辆颜色', dict_type: 'car_color' },
    edit: { dict_name: '车身颜色' },
    bad: [{ dict_name: '颜色', dict_type: 'Car Color' }, '字典类型只能是小写字母、数字和下划线，以字母开头'],
    search: { dict_type: 'car_color' },
  },
  {
    name: 'dictData',
    create: { dict_type: 'car_color', dict_label: '白色', dict_value: '1' },
    edit: { dict_label: '珍珠白' },
    bad: [{ dict_type: 'car_color', dict_value: '1' }, '请输入字典标签'],
    search: { dict_type: 'car_color' },
  },
  {
    name: 'configs',
    create: { name: '催缴短信签名', config_key: 'sms_sign', config_value: '阳光物业' },
    edit: { config_value: '阳光物业服务' },
    bad: [{ config_key: 'k' }, '请输入参数名称'],
    search: { config_key: 'sms_sign' },
  },
  {
    name: 'user',
    create: { user_name: 'cashier1', name: '收银员', user_password: 'Cash_2026', phone: '13912345678' },
    edit: { name: '收银员小王' },
    bad: [{ user_name: 'cashier2', name: '收银', user_password: 'Cash_2026', phone: '12345' }, '手机号码格式错误！'],
    search: { user_name: 'cashier' },
  },
];

describe.each(cases)('/api/$name', ({ name, create, edit, bad, search }) => {
  it('creates, lists, reads, updates and deletes within the tenant', async () => {
    const created = await t.call<{ id: number }>('PUT', `/api/${name}/create`, create, property);
    expect(created.body).toMatchObject({ code: 0, msg: '保存成功!' });
    const id = created.body.data.id;

    const found = await list(name, { ...search, size: 50 }, property);
    expect(found.records.map((r) => r.id)).toContain(id);
    expect(found.total).toBeGreaterThanOrEqual(1);

    const read = await t.post<Row>(`/api/${name}/update`, { id }, property);
    expect(read.body.data).toMatchObject(
      Object.fromEntries(Object.entries(create).filter(([k]) => k !== 'user_password')),
    );
    expect(read.body.data).not.toHaveProperty('password_hash');

    const saved = await t.call('PUT', `/api/${name}/update`, { id, ...edit }, property);
    expect(saved.body).toMatchObject({ code: 0, msg: '修改成功!' });
    expect((await t.post<Row>(`/api/${name}/update`, { id }, property)).body.data).toMatchObject(edit);

    // another tenant: the id does not exist for them
    expect((await t.post(`/api/${name}/update`, { id }, propertyb)).body.code).toBe(Code.notFound);
    expect((await t.call('PUT', `/api/${name}/update`, { id, ...edit }, propertyb)).body.code).toBe(Code.notFound);
    expect((await t.call('DELETE', `/api/${name}/delete`, { id }, propertyb)).body.code).toBe(Code.notFound);
    expect((await list(name, { ...search, size: 50 }, propertyb)).records.map((r) => r.id)).not.toContain(id);

    expect((await t.call('DELETE', `/api/${name}/delete`, { id }, property)).body).toMatchObject({
      code: 0,
      msg: '删除成功!',
    });
    expect((await t.post(`/api/${name}/update`, { id }, property)).body.code).toBe(Code.notFound);
  });

  it('names the wrong field and writes nothing', async () => {
    const before = (await list(name, { size: 500 }, property)).total;
    const res = await t.call('PUT', `/api/${name}/create`, bad[0], property);
    expect(res.body.code).toBe(Code.validation);
    expect(res.body.msg).toBe(bad[1]);
    expect((await list(name, { size: 500 }, property)).total).toBe(before);
  });
});

describe('generic CRUD rules', () => {
  it('pages with current and size, capped at 500', async () => {
    const page = await list('dictData', { current: 2, size: 5 }, property);
    expect(page).toMatchObject({ current: 2, size: 5 });
    expect(page.records).toHaveLength(5);
    expect(page.pageCount).toBe(Math.ceil(page.total / 5));
    expect((await t.post('/api/user/index', { size: 501 }, property)).body.msg).toBe('size 不能超过500');
  });

  it('serves dictionary data with page_size 9999 by dict_type, shared platform rows included', async () => {
    const page = await list('dictData', { page_size: 9999, dict_type: 'visitor_type' }, propertyb);
    expect(page.records.map((r) => r.dict_label)).toEqual([
      '家人/同事',
      '亲戚/朋友',
      '邀约面试',
      '商务拜访',
      '租客',
      '其他',
    ]);
    const all = (await t.post<Record<string, { label: string; value: string }[]>>('/api/dict', {}, property)).body.data;
    expect(all.pay_method?.map((i) => i.value)).toEqual(['1', '2', '3', '4']);
  });

  it('a tenant cannot change shared platform dictionaries', async () => {
    const row = (await list('dict', { dict_type: 'sys_status' }, property)).records[0]!;
    expect((await t.call('PUT', '/api/dict/update', { id: row.id, dict_name: '被改了' }, property)).body.code).toBe(
      Code.notFound,
    );
    expect((await t.call('DELETE', '/api/dict/delete', { id: row.id }, property)).body.code).toBe(Code.notFound);
  });

  it('refuses a duplicate user name with a clear message', async () => {
    const res = await t.call(
      'PUT',
      '/api/user/create',
      { user_name: 'staff', name: '重复', user_password: 'Abc_12345' },
      property,
    );
    expect(res.body.msg).toBe('用户已存在，请勿重复添加');
  });

  it('creates a user with roles who can then log in with exactly those menus', async () => {
    const roles = await list('role', { name: '维修巡更员' }, property);
    const res = await t.call<{ id: number }>(
      'PUT',
      '/api/user/create',
      { user_name: 'repair2', name: '李师傅', user_password: 'Repair_2026', role_ids: [roles.records[0]!.id] },
      property,
    );
    expect(res.body.code).toBe(0);
    const read = await t.post<Row>('/api/user/update', { id: res.body.data.id }, property);
    expect(read.body.data.role_ids).toEqual([roles.records[0]!.id]);
    const body = await t.loginRequest('repair2', 'Repair_2026');
    expect((await t.post('/Passport/User/Login/web', body)).body.code).toBe(0);
  });

  it("refuses another tenant's role ids for a user", async () => {
    const rolesB = await list('role', {}, propertyb);
    const res = await t.call(
      'PUT',
      '/api/user/create',
      { user_name: 'sneaky', name: '越权', user_password: 'Sneak_2026', role_ids: [rolesB.records[0]!.id] },
      property,
    );
    expect(res.body.msg).toBe('角色不存在');
    expect((await list('user', { user_name: 'sneaky' }, property)).total).toBe(0);
  });

  it('refuses a role in use from being deleted', async () => {
    const roles = await list('role', { name: '维修巡更员' }, property);
    const res = await t.call('DELETE', '/api/role/delete', { id: roles.records[0]!.id }, property);
    // staff and repair2 (created above) hold it
    expect(res.body.msg).toBe('该角色已分配给2个用户，不能删除');
  });

  it('finds departments by name and configs by type', async () => {
    const depts = (await t.post<Row[]>('/api/dept/findall', { filter: '工程' }, property)).body.data;
    expect(depts.map((d) => d.name)).toEqual(['工程部']);
    const cfgs = (await t.post<Row[]>('/api/configs/find_all', {}, property)).body.data;
    expect(cfgs.map((c) => c.config_key)).toEqual(['service_phone']);
  });

  it('lets only the platform admin manage menus', async () => {
    expect((await t.post('/api/menu/menus', { app_type: 'web' }, property)).body.code).toBe(Code.forbidden);
    const tree = (await t.post<{ title: string }[]>('/api/menu/menus', { app_type: 'web' }, admin)).body.data;
    expect(tree.map((n) => n.title)).toContain('基础数据');
    const roots = (
      await t.post<(Row & { hasChildren: boolean })[]>('/api/menu/find_menus', { parent_id: 0, app_type: 'web' }, admin)
    ).body.data;
    const basic = roots.find((r) => r.menu_name === '基础数据')!;
    expect(basic.hasChildren).toBe(true);
    const children = (await t.post<Row[]>('/api/menu/find_menus', { parent_id: basic.id }, admin)).body.data;
    expect(children.map((c) => c.route_path)).toContain('/Web/Basic/Building/listConfig');
    const created = await t.call<{ id: number }>(
      'PUT',
      '/api/menu/create',
      {
        app_type: 'web',
        parent_id: basic.id,
        menu_name: '测试页',
        route_path: '/Web/Test/listConfig',
        route_name: 'Test',
      },
      admin,
    );
    expect(created.body.code).toBe(0);
    const m = (await t.post<{ menus: { children: { path: string }[] }[] }>('/Common/Menu/Menu', {}, property)).body
      .data;
    expect(m.menus[1]!.children.map((c) => c.path)).toContain('/Web/Test/listConfig');
  });
});
