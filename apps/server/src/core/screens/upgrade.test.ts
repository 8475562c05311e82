/**
 * An installation of an older release starts on the new one: the start-up sync brings its menus and platform
 * dictionaries up to the declarations without losing what the customer has (ids, grants, own menus and values).
 * The older release is simulated on the seeded database: no menu keys yet (the column is new), one screen
 * missing, one title and one group different, dictionary values missing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { MenuNode, MenuReply } from '@5a/contracts';
import { setupApp, type TestApp } from '../../test/harness.ts';
import { syncProduct } from '../../seed/catalog.ts';

let t: TestApp;
type Count = { table_name: string; n: number };
const businessCounts = async () => {
  const tables = await t.rows<{ table_name: string }>(sql`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not in ('menus', 'dicts', 'dict_data') order by table_name`);
  const out: Count[] = [];
  for (const { table_name } of tables)
    out.push({
      table_name,
      n: (await t.one<{ n: number }>(sql`select count(*)::int n from ${sql.identifier(table_name)}`)).n,
    });
  return out;
};
const snapshot = () =>
  Promise.all([
    t.rows(sql`select * from menus order by id`),
    t.rows(sql`select * from dicts order by id`),
    t.rows(sql`select * from dict_data order by id`),
  ]);
const grantsOf = (code: string) =>
  Promise.all([
    t.rows(
      sql`select rm.menu_id from role_menus rm join roles r on r.id = rm.role_id where r.code = ${code} order by 1`,
    ),
    t.rows(
      sql`select rr.resource_id from role_resources rr join roles r on r.id = rr.role_id where r.code = ${code} order by 1`,
    ),
  ]);
const paths = (nodes: MenuNode[]): string[] => nodes.flatMap((n) => [n.path, ...paths(n.children)]).filter(Boolean);

let before: { counts: Count[]; staff: unknown; buildingId: number; customId: number };
let unkeyed = -1;
let first: Awaited<ReturnType<typeof syncProduct>>;

beforeAll(async () => {
  t = await setupApp();
  unkeyed = (await t.one<{ n: number }>(sql`select count(*)::int n from menus where menu_key is null`)).n;
  // the older release: no keys, no 员工管理, 楼栋管理 titled 楼栋 and in 收费管理, fewer dictionary values
  await t.db.execute(sql`update menus set menu_key = null`);
  await t.db.execute(
    sql`delete from menus where app_type = 'web' and (route_name = 'Worker' or perms like 'Worker:%')`,
  );
  await t.db
    .execute(sql`update menus set menu_name = '楼栋', parent_id = (select id from menus where app_type = 'web' and parent_id = 0 and menu_name = '收费管理')
    where app_type = 'web' and route_name = 'Building'`);
  await t.db.execute(
    sql`delete from dict_data where dict_type = 'person_tag' or (dict_type = 'house_type' and dict_value = '3')`,
  );
  await t.db.execute(sql`delete from dicts where dict_type = 'person_tag'`);
  // what the customer made: an edited built-in label, a tenant's own value, a menu of their own
  await t.db.execute(
    sql`update dict_data set dict_label = '住宅用房' where dict_type = 'house_type' and dict_value = '1' and tenant_id is null`,
  );
  await t.db.execute(
    sql`insert into dict_data (tenant_id, dict_type, dict_label, dict_value, dict_number) select id, 'house_type', '仓库', '9', 9 from tenants order by id limit 1`,
  );
  const [custom] = await t.rows<{ id: number }>(sql`
    insert into menus (app_type, menu_name, route_path, route_name, route_component, sort) values ('web', '自定义报表', '/Custom/Report/index', 'CustomReport', 'Workbench', 20) returning id`);
  const [building] = await t.rows<{ id: number }>(
    sql`select id from menus where app_type = 'web' and route_name = 'Building'`,
  );
  before = {
    counts: await businessCounts(),
    staff: await grantsOf('repair_patrol'),
    buildingId: building!.id,
    customId: custom!.id,
  };
  first = await syncProduct(t.db);
});
afterAll(() => t.close());

describe('upgrading an installation', () => {
  it('starts from menus that all come from declarations', () => {
    expect(unkeyed).toBe(0);
  });

  it('adopts the older rows by what named them then, and adds what is missing', async () => {
    const menus = await t.one<{ n: number }>(sql`select count(*)::int n from menus where menu_key is not null`);
    expect(first.menus.adopted).toBe(menus.n - 7);
    expect(first).toMatchObject({ dictTypes: 1, dictValues: 5 });
  });

  it('keeps every business row and the staff role grants', async () => {
    expect(await businessCounts()).toEqual(before.counts);
    expect(await grantsOf('repair_patrol')).toEqual(before.staff);
  });

  it('adds the new screen with its buttons, visible to the super administrator', async () => {
    const page = await t.one<{ id: number; menu_name: string; visible: number }>(
      sql`select id, menu_name, visible from menus where menu_key = 'web:Worker'`,
    );
    expect(page).toMatchObject({ menu_name: '员工管理', visible: 1 });
    const buttons = await t.rows<{ perms: string }>(
      sql`select perms from menus where parent_id = ${page.id} order by sort`,
    );
    expect(buttons.map((b) => b.perms)).toEqual([
      'Worker:add',
      'Worker:edit',
      'Worker:remove',
      'Worker:export',
      'Worker:import',
      'Worker:drag',
    ]);
    const m = (await t.post<MenuReply>('/Common/Menu/Menu', {}, await t.login('property'))).body.data;
    const basic = m.menus.find((g) => g.title === '基础数据')!;
    expect(basic.children.map((c) => c.title)).toEqual([
      '小区管理',
      '楼栋管理',
      '房屋管理',
      '住户管理',
      '员工管理',
      '平台公告',
    ]);
    expect(paths(m.menus)).toContain('/Web/Basic/Worker/listConfig');
    expect(m.perms).toContain('Worker:import');
    // a role that had no grant on it does not get one
    const staff = (await t.post<MenuReply>('/Common/Menu/Menu', {}, await t.login('staff'))).body.data;
    expect(paths(staff.menus)).not.toContain('/Web/Basic/Worker/listConfig');
  });

  it('moves a renamed and regrouped screen back to the code, keeping its id', async () => {
    const row = await t.one<{ id: number; menu_name: string; parent: string }>(sql`
      select m.id, m.menu_name, p.menu_name parent from menus m join menus p on p.id = m.parent_id where m.menu_key = 'web:Building'`);
    expect(row).toEqual({ id: before.buildingId, menu_name: '楼栋管理', parent: '基础数据' });
  });

  it('keeps what the customer made and adds missing dictionary values only', async () => {
    expect(await t.one(sql`select menu_name, visible, menu_key from menus where id = ${before.customId}`)).toEqual({
      menu_name: '自定义报表',
      visible: 1,
      menu_key: null,
    });
    const house = await t.rows<{ dict_label: string; tenant: boolean }>(sql`
      select dict_label, tenant_id is not null tenant from dict_data where dict_type = 'house_type' order by dict_value`);
    expect(house).toEqual([
      { dict_label: '住宅用房', tenant: false },
      { dict_label: '商铺', tenant: false },
      { dict_label: '车库', tenant: false },
      { dict_label: '仓库', tenant: true },
    ]);
    expect(await t.one(sql`select dict_name from dicts where dict_type = 'person_tag'`)).toEqual({
      dict_name: '住户标签',
    });
    expect(
      (await t.one<{ n: number }>(sql`select count(*)::int n from dict_data where dict_type = 'person_tag'`)).n,
    ).toBe(4);
  });

  it('hides a screen the code no longer declares, without deleting it', async () => {
    await t.db.execute(
      sql`insert into menus (menu_key, app_type, menu_name, route_path, route_name) values ('web:Retired', 'web', '旧功能', '/Web/Old/index', 'Retired')`,
    );
    await syncProduct(t.db);
    expect(await t.one(sql`select visible from menus where menu_key = 'web:Retired'`)).toEqual({ visible: 2 });
  });

  it('changes nothing when run again', async () => {
    const first = await snapshot();
    const again = await syncProduct(t.db);
    expect(again).toEqual({ menus: { adopted: 0, written: 0, hidden: 0 }, dictTypes: 0, dictValues: 0 });
    expect(await snapshot()).toEqual(first);
  });
});
