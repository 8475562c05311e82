import { sql } from 'drizzle-orm';
import type { LoginData, ResourceAction } from '@5a/contracts';
import { rowsOf, type TestApp } from '../../test/harness.ts';
import { hashPassword } from '../auth/service.ts';
import { demoIds } from '../estate/testing.ts';
import { bumpAccessVersion } from './service.ts';

const allActions: ResourceAction[] = ['add', 'remove', 'edit', 'view', 'export'];

/**
 * Test helper: a company-A role with the given pages, each with the listed resources (all five when
 * the list is omitted), button perms and villages (null = data scope all). Written to the same
 * tables the permission screen writes.
 */
export const makeRole = async (
  t: TestApp,
  name: string,
  opts: { pages: Record<string, ResourceAction[] | 'all'>; buttons?: string[]; villages: number[] | null },
) => {
  const { tenantA } = await demoIds(t);
  const [role] = rowsOf<{ id: number }>(
    await t.db.execute(sql`insert into roles (tenant_id, name, data_scope, village_ids)
      values (${tenantA}, ${name}, ${opts.villages ? 2 : 1}, ${`{${(opts.villages ?? []).join(',')}}`}::int[]) returning id`),
  );
  for (const [page, acts] of Object.entries(opts.pages)) {
    const actions = `{${(acts === 'all' ? allActions : acts).join(',')}}`;
    await t.db.execute(
      sql`insert into role_menus (role_id, menu_id) select ${role!.id}, id from menus where app_type = 'web' and menu_type = 1 and route_name = ${page}`,
    );
    await t.db.execute(sql`insert into role_resources (role_id, resource_id)
      select ${role!.id}, m.id || '_' || a from menus m cross join unnest(${actions}::text[]) a
      where m.app_type = 'web' and m.menu_type = 1 and m.route_name = ${page}`);
  }
  const buttons = `{${(opts.buttons ?? []).join(',')}}`;
  await t.db.execute(
    sql`insert into role_menus (role_id, menu_id) select ${role!.id}, id from menus where app_type = 'web' and menu_type = 2 and perms = any(${buttons}::text[])`,
  );
  bumpAccessVersion();
  return role!.id;
};

/** Test helper: a company-A user holding the given roles, logged in. */
export const makeUser = async (t: TestApp, userName: string, roleIds: number[]) => {
  const { tenantA } = await demoIds(t);
  const password = 'Test_2026';
  const [user] = rowsOf<{ id: number }>(
    await t.db.execute(
      sql`insert into users (kind, tenant_id, user_name, name, password_hash) values ('web', ${tenantA}, ${userName}, ${`测试${userName}`}, ${await hashPassword(password)}) returning id`,
    ),
  );
  for (const roleId of roleIds)
    await t.db.execute(sql`insert into user_roles (user_id, role_id) values (${user!.id}, ${roleId})`);
  bumpAccessVersion();
  const res = await t.post<LoginData>('/Passport/User/Login/web', await t.loginRequest(userName, password));
  if (res.body.code !== 0) throw new Error(`login ${userName}: ${res.body.msg}`);
  return { token: res.body.data.token, id: user!.id };
};

/** Test helper: the role ids a user holds, personal roles included, as the database has them. */
export const roleIdsOf = async (t: TestApp, userId: number) =>
  (
    await t.rows<{ role_id: number }>(sql`select role_id from user_roles where user_id = ${userId} order by role_id`)
  ).map((r) => r.role_id);

/** Test helper: a web menu's id by its route name. */
export const pageId = async (t: TestApp, routeName: string) =>
  (
    await t.one<{ id: number }>(
      sql`select id from menus where app_type = 'web' and menu_type = 1 and route_name = ${routeName}`,
    )
  ).id;
