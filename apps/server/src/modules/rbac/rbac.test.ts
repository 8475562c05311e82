import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, type MenuNode, type MenuReply } from '@5a/contracts';
import { setupApp, type DemoUser, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await setupApp();
});
afterAll(() => t.close());

const menuOf = async (user: DemoUser) =>
  (await t.post<MenuReply>('/Common/Menu/Menu', {}, await t.login(user))).body.data;
const titles = (nodes: MenuNode[]) => nodes.map((n) => n.title);
const paths = (nodes: MenuNode[]): string[] => nodes.flatMap((n) => [n.path, ...paths(n.children)]).filter(Boolean);

describe('menu tree by role', () => {
  it('platform admin sees the platform menus only', async () => {
    const m = await menuOf('admin');
    expect(titles(m.menus)).toEqual(['平台首页', '运营商', '系统设置']);
    expect(paths(m.menus)).toContain('/Sys/CarrierOperator/ExpireTenant/listConfig');
    expect(paths(m.menus)).toContain('/System/Menu/index');
  });

  it('operator sees the operator menus', async () => {
    const m = await menuOf('operator');
    expect(titles(m.menus)).toEqual(['运营首页', '运营管理', '数据分析', '系统设置']);
    expect(paths(m.menus)).not.toContain('/System/Menu/index');
  });

  it('tenant super admin sees every property menu group and button code', async () => {
    const m = await menuOf('property');
    expect(titles(m.menus)).toEqual([
      '工作台',
      '基础数据',
      '收费管理',
      '报修管理',
      '巡更管理',
      '停车管理',
      '物联网',
      '社区',
      '疫情防控',
      '数据分析',
      '系统设置',
    ]);
    for (const p of [
      '/Web/Basic/Building/listConfig',
      '/Web/Basic/House/listConfig',
      '/Web/Basic/GatePerson/listConfig',
      '/Web/Renewal/PaidOrder/listConfig',
      '/Web/Internet/AccessControlManagement/listConfig',
    ])
      expect(paths(m.menus)).toContain(p);
    expect(m.perms).toEqual(
      expect.arrayContaining(['Building:add', 'Building:drag', 'Building:import', 'Building:view', 'SystemUser:add']),
    );
    const building = m.menus[1]!.children.find((c) => c.name === 'Building')!;
    expect(building).toMatchObject({ component: 'ListPage', cache: true, title: '楼栋管理' });
  });

  it('staff sees only his workbench and the repair and patrol menus', async () => {
    const m = await menuOf('staff');
    expect(titles(m.menus)).toEqual(['工作台', '报修管理', '巡更管理']);
    expect(m.perms).toContain('RepairManagement:add');
    expect(m.perms.some((p) => p.startsWith('Building:'))).toBe(false);
  });
});

describe('server-side permission checks', () => {
  it("refuses calls outside the staff user's role with 无权限 and changes nothing", async () => {
    const staff = await t.login('staff');
    const list = await t.post('/api/user/index', {}, staff);
    expect(list.body).toMatchObject({ code: Code.forbidden, msg: '无权限' });
    const create = await t.call('PUT', '/api/dept/create', { name: '黑客部' }, staff);
    expect(create.body.code).toBe(Code.forbidden);
    const property = await t.login('property');
    const depts = await t.post<{ records: { name: string }[] }>('/api/dept/index', { size: 100 }, property);
    expect(depts.body.data.records.map((d) => d.name)).not.toContain('黑客部');
  });

  it('counts unread reports for the bell within tenant and data scope', async () => {
    // company A's unread reports in his two villages: three incidents and one complaint
    expect((await t.post('/Web/Repair/ReportThings/getReportNumData', {}, await t.login('staff'))).body.data).toEqual({
      num: 4,
    });
    expect(
      (await t.post('/Web/Repair/ReportThings/getReportNumData', {}, await t.login('propertyb'))).body.data,
    ).toEqual({ num: 1 });
    expect((await t.post('/Web/Repair/ReportThings/getReportNumData', {}, await t.login('admin'))).body.code).toBe(
      Code.forbidden,
    );
  });

  it('a role change takes effect on the next call', async () => {
    const property = await t.login('property');
    const staff = await t.login('staff');
    const roles = await t.post<{ records: { id: number; name: string }[] }>('/api/role/index', {}, property);
    const role = roles.body.data.records.find((r) => r.name === '维修巡更员')!;
    expect((await t.call('PUT', '/api/role/update', { id: role.id, status: 2 }, property)).body.code).toBe(0);
    expect((await t.post('/Web/Repair/ReportThings/getReportNumData', {}, staff)).body.code).toBe(Code.forbidden);
    expect((await t.post<MenuReply>('/Common/Menu/Menu', {}, staff)).body.data.menus).toEqual([]);
    await t.call('PUT', '/api/role/update', { id: role.id, status: 1 }, property);
    expect((await t.post('/Web/Repair/ReportThings/getReportNumData', {}, staff)).body.code).toBe(0);
  });
});
