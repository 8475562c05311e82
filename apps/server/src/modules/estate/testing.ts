import { sql } from 'drizzle-orm';
import type { LoginData } from '@5a/contracts';
import { rowsOf, setupApp, type TestApp } from '../../test/harness.ts';
import { hashPassword } from '../auth/service.ts';
import { bumpAccessVersion } from '../rbac/service.ts';
import { idCheckDigit } from '../../seed/people.ts';

/** Test helper: ids of the demo data by name. */
export const demoIds = async (t: TestApp) => {
  const v = rowsOf<{ id: number; name: string; tenant_id: number }>(
    await t.db.execute(sql`select id, name, tenant_id from villages order by id`),
  );
  const byName = (n: string) => v.find((x) => x.name === n)!;
  return {
    sunshine: byName('阳光花园'),
    jade: byName('翠湖名苑'),
    anju: byName('安居小区'),
    jinxiu: byName('锦绣家园'),
    tenantA: byName('阳光花园').tenant_id,
    tenantB: byName('安居小区').tenant_id,
  };
};
export type DemoIds = Awaited<ReturnType<typeof demoIds>>;

/** Test helper: the id of a building by its village and name. */
export const buildingIdOf = async (t: TestApp, village: number, name: string) =>
  (await t.one<{ id: number }>(sql`select id from buildings where village_id = ${village} and name = ${name}`)).id;

export type DemoApp = { t: TestApp; property: string; propertyb: string; staff: string; ids: DemoIds };

/**
 * Test helper: the app on the demo data with company A's property and staff users and company B's
 * property user logged in. A test file declares what it uses and fills it in one line:
 * `let { t, property, ids } = {} as DemoApp; beforeAll(async () => ({ t, property, ids } = await openDemo()));`
 */
export const openDemo = async (): Promise<DemoApp> => {
  const t = await setupApp();
  const [property, propertyb, staff] = await Promise.all([t.login('property'), t.login('propertyb'), t.login('staff')]);
  return { t, property, propertyb, staff, ids: await demoIds(t) };
};

/**
 * Test helper: a company-A user whose role has the given pages (all five resources each), button
 * perms and villages (null = data scope all), logged in. Grants go through the same tables the
 * permission screen writes.
 */
export const loginWithRole = async (
  t: TestApp,
  userName: string,
  opts: { pages: string[]; buttons?: string[]; villages: number[] | null },
) => {
  const { tenantA } = await demoIds(t);
  const [role] = rowsOf<{ id: number }>(
    await t.db.execute(sql`insert into roles (tenant_id, name, data_scope, village_ids)
      values (${tenantA}, ${`测试-${userName}`}, ${opts.villages ? 2 : 1}, ${`{${(opts.villages ?? []).join(',')}}`}::int[]) returning id`),
  );
  const pages = `{${opts.pages.join(',')}}`;
  const buttons = `{${(opts.buttons ?? []).join(',')}}`;
  await t.db.execute(sql`insert into role_menus (role_id, menu_id)
    select ${role!.id}, id from menus where app_type = 'web' and ((menu_type = 1 and route_name = any(${pages}::text[])) or (menu_type = 2 and perms = any(${buttons}::text[])))`);
  await t.db.execute(sql`insert into role_resources (role_id, resource_id)
    select ${role!.id}, m.id || '_' || a from menus m cross join unnest(array['add', 'remove', 'edit', 'view', 'export']) a
    where m.app_type = 'web' and m.menu_type = 1 and m.route_name = any(${pages}::text[])`);
  const password = 'Test_2026';
  const [user] = rowsOf<{ id: number }>(
    await t.db.execute(
      sql`insert into users (kind, tenant_id, user_name, name, password_hash) values ('web', ${tenantA}, ${userName}, ${`测试${userName}`}, ${await hashPassword(password)}) returning id`,
    ),
  );
  await t.db.execute(sql`insert into user_roles (user_id, role_id) values (${user!.id}, ${role!.id})`);
  bumpAccessVersion();
  const res = await t.post<LoginData>('/Passport/User/Login/web', await t.loginRequest(userName, password));
  if (res.body.code !== 0) throw new Error(`login ${userName}: ${res.body.msg}`);
  return { token: res.body.data.token, roleId: role!.id, userId: user!.id };
};

/** Test helper: a valid 18-digit ID card for a birth date and order code (check digit computed). */
export const idcardOf = (region: string, birth: string, order: string) =>
  `${region}${birth}${order}${idCheckDigit(`${region}${birth}${order}`)}`;
