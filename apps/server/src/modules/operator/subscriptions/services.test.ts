import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Code, type MenuNode } from '@5a/contracts';
import { setupApp, type TestApp } from '../../../test/harness.ts';
import { bumpAccessVersion } from '../../rbac/service.ts';
import { demoIds, type DemoIds } from '../../estate/testing.ts';

let t: TestApp;
let admin: string, operator: string, property: string, propertyb: string;
let ids: DemoIds;
beforeAll(async () => {
  t = await setupApp();
  [admin, operator, property, propertyb] = await Promise.all([
    t.login('admin'),
    t.login('operator'),
    t.login('property'),
    t.login('propertyb'),
  ]);
  ids = await demoIds(t);
});
afterAll(() => t.close());

const B = '/Web/Renewal/ProFeeItem';
type Row = { id: number; title: string; code: string; price: string; menu_ids: number[] };
const list = async (token: string, title?: string) =>
  (await t.post<{ records: Row[] }>(`${B}/list`, title ? { title } : {}, token)).body;
const count = async () => (await t.one<{ n: number }>(sql`select count(*)::int as n from services`)).n;
const menuTitles = async (token: string) => {
  const res = await t.post<{ menus: MenuNode[] }>('/Common/Menu/Menu', {}, token);
  const out: string[] = [];
  const walk = (ns: MenuNode[]) =>
    ns.forEach((n) => {
      out.push(n.title);
      walk(n.children);
    });
  walk(res.body.data.menus);
  return out;
};
const menuId = async (key: string) =>
  (await t.one<{ id: number }>(sql`select id from menus where menu_key = ${key}`)).id;

describe('服务项目', () => {
  it('the platform adds, edits and deletes a service; operators only read the catalogue', async () => {
    const pointPage = await menuId('web:IntellPoint');
    const add = await t.post<{ id: number }>(
      `${B}/add`,
      {
        row: { title: '巡更增值', code: 'patrol_plus', price: '880.50', sort: 9, status: 1, menu_ids: [pointPage] },
      },
      admin,
    );
    expect(add.body).toMatchObject({ code: 0 });
    const id = add.body.data.id;
    const stored = await t.one<{ price: string; menu_ids: number[] }>(
      sql`select price::text, menu_ids from services where id = ${id}`,
    );
    expect(stored).toEqual({ price: '88050', menu_ids: [pointPage] });
    expect((await list(operator, '巡更增值')).data.records).toMatchObject([
      { id, title: '巡更增值', code: 'patrol_plus', price: '880.50', menu_ids: [pointPage] },
    ]);
    const options = (await t.post<{ label: string; value: number }[]>(`${B}/menuOptions`, {}, admin)).body.data;
    expect(options).toContainEqual({ label: '巡更管理 / 巡更点位', value: pointPage });
    expect(options.some((o) => o.label.includes('新增'))).toBe(false);

    expect((await t.post(`${B}/edit`, { id, row: { price: '990' } }, admin)).body.code).toBe(0);
    expect((await t.one<{ price: string }>(sql`select price::text from services where id = ${id}`)).price).toBe(
      '99000',
    );

    // an operator's menu holds the page without buttons: reading works, writing is 无权限
    const before = await count();
    expect((await t.post(`${B}/add`, { row: { title: 'x', code: 'x1', price: 1 } }, operator)).body.code).toBe(
      Code.forbidden,
    );
    expect((await t.post(`${B}/edit`, { id, row: { price: '1' } }, operator)).body.code).toBe(Code.forbidden);
    expect((await t.post(`${B}/del`, { id }, operator)).body.code).toBe(Code.forbidden);
    // property companies do not see the catalogue screen at all
    expect((await list(property)).code).toBe(Code.forbidden);
    expect(await count()).toBe(before);

    expect((await t.post(`${B}/del`, { id }, admin)).body.code).toBe(0);
    expect(await count()).toBe(before - 1);
  });

  it('refuses a price of zero or less, a taken code and an unknown menu, naming the field', async () => {
    const before = await count();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: '甲', code: 'a1', price: '0' }, 'price', '年费必须大于0'],
      [{ title: '甲', code: 'a1', price: '-5' }, 'price', '年费必须大于0'],
      [{ title: '甲', code: 'parking', price: '10' }, 'code', '服务编码已存在'],
      [{ title: '甲', code: 'a1', price: '10', menu_ids: [999999] }, 'menu_ids', '开通菜单不存在'],
    ];
    for (const [row, field, msg] of cases) {
      const res = await t.post(`${B}/add`, { row }, admin);
      expect(res.body, JSON.stringify(row)).toMatchObject({ code: Code.validation, msg, data: { field } });
    }
    const [parking] = (await list(admin, '智慧停车')).data.records;
    expect((await t.post(`${B}/edit`, { id: parking!.id, row: { code: 'sms' } }, admin)).body.msg).toBe(
      '服务编码已存在',
    );
    // a service companies hold cannot go
    expect((await t.post(`${B}/del`, { id: parking!.id }, admin)).body.msg).toContain('已有物业公司开通');
    expect(await count()).toBe(before);
  });
});

describe('菜单随服务开通', () => {
  it('hides a lapsed service’s menus and refuses their routes; renewing brings them back', async () => {
    expect(await menuTitles(property)).toContain('停车管理');
    expect(await menuTitles(property)).toContain('门禁管理');
    // A holds video; B never took parking
    expect(await menuTitles(property)).toContain('视频监控');
    expect(await menuTitles(propertyb)).not.toContain('停车管理');

    await t.db.execute(
      sql`delete from tenant_services where tenant_id = ${ids.tenantA} and service_id = (select id from services where code = 'parking')`,
    );
    bumpAccessVersion();
    const titles = await menuTitles(property);
    expect(titles).not.toContain('停车管理');
    expect(titles).not.toContain('车位管理');
    expect(titles).toContain('门禁管理');

    // a route behind a gated page: 无权限 without the service, back once it is held
    const pointPage = await menuId('web:IntellPoint');
    const [svc] = await t.rows<{ id: number }>(
      sql`insert into services (code, title, price, menu_ids) values ('points', '点位', 100, ${`{${pointPage}}`}::int[]) returning id`,
    );
    bumpAccessVersion();
    expect((await t.post('/Web/Internet/IntellPoint/list', {}, property)).body.code).toBe(Code.forbidden);
    expect(await menuTitles(property)).not.toContain('巡更点位');
    await t.db.execute(
      sql`insert into tenant_services (tenant_id, service_id, end_date) values (${ids.tenantA}, ${svc!.id}, '2099-01-01')`,
    );
    bumpAccessVersion();
    expect((await t.post('/Web/Internet/IntellPoint/list', {}, property)).body.code).toBe(0);

    // renewing parking through the sandbox shows its menus again at once
    const S = '/Web/Renewal/Service';
    const items = (await t.post<{ list: { id: number; title: string }[] }>(`${S}/index`, {}, property)).body.data.list;
    const parking = items.find((s) => s.title === '智慧停车')!;
    const o = (await t.post<{ codeUrl: string }>(`${S}/order`, { id: parking.id, radio: 1, payway: 4 }, property)).body
      .data;
    const token = decodeURIComponent(o.codeUrl.split('token=')[1]!);
    expect((await t.post('/Web/NoLoginApi/Sandbox/pay', { token, result: 'success' })).body.code).toBe(0);
    expect(await menuTitles(property)).toContain('停车管理');
  });
});
