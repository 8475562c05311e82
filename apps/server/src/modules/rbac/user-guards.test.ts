import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Code } from '@5a/contracts';
import { setupApp, type TestApp } from '../../test/harness.ts';
import { makeRole, makeUser, pageId, roleIdsOf } from './testing.ts';

/** The user screen's guards hold on every path: edit, batch edit, delete, batch delete, import. */
let t: TestApp;
let property: string;
let propertyId: number;
let staffId: number;
let sub: { token: string; id: number };
let deptB: number;
let postB: number;
let deptA: number;
let postA: number;

const statusOf = async (id: number) =>
  (await t.one<{ status: number }>(sql`select status from users where id = ${id}`)).status;
const idOf = async (table: 'depts' | 'posts', name: string) =>
  (await t.one<{ id: number }>(sql`select id from ${sql.raw(table)} where name = ${name}`)).id;

beforeAll(async () => {
  t = await setupApp();
  property = await t.login('property');
  propertyId = (await t.one<{ id: number }>(sql`select id from users where user_name = 'property'`)).id;
  staffId = (await t.one<{ id: number }>(sql`select id from users where user_name = 'staff'`)).id;
  sub = await makeUser(t, 'subadmin', [
    await makeRole(t, '用户管理员', { pages: { SystemUser: 'all', Building: ['view'] }, villages: null }),
  ]);
  [deptA, deptB, postA, postB] = await Promise.all([
    idOf('depts', '工程部'),
    idOf('depts', '综合部'),
    idOf('posts', '维修工'),
    idOf('posts', '管家'),
  ]);
});
afterAll(() => t.close());

describe('the super administrator', () => {
  it('cannot be disabled by a sub-administrator, on any path', async () => {
    const edit = await t.post('/System/User/edit', { row: { id: propertyId, status: 2 } }, sub.token);
    expect(edit.body).toMatchObject({ code: Code.fail, msg: '超级管理员不能停用' });
    const put = await t.call('PUT', '/api/user/update', { id: propertyId, status: 2 }, sub.token);
    expect(put.body.msg).toBe('超级管理员不能停用');
    const batch = await t.post('/System/User/batch', { ids: [staffId, propertyId], row: { status: 2 } }, sub.token);
    expect(batch.body).toMatchObject({ code: Code.fail, msg: '超级管理员不能停用' });
    expect(await statusOf(propertyId)).toBe(1);
    expect(await statusOf(staffId)).toBe(1);
    // and he still works
    expect((await t.post('/System/User/list', {}, property)).body.code).toBe(0);
  });

  it('cannot be deleted, one by one or in a batch', async () => {
    expect((await t.post('/System/User/del', { id: propertyId }, sub.token)).body.msg).toBe('超级管理员不能删除');
    expect((await t.post('/System/User/batchDel', { ids: [staffId, propertyId] }, sub.token)).body.msg).toBe(
      '超级管理员不能删除',
    );
    expect(await t.rows(sql`select id from users where id in (${propertyId}, ${staffId})`)).toHaveLength(2);
  });

  it('keeps his roles and grants against anyone else', async () => {
    const role = await makeRole(t, '只读', { pages: { Building: ['view'] }, villages: null });
    const edit = await t.post('/System/User/edit', { row: { id: propertyId, role_ids: [role] } }, property);
    // he may not change his own either
    expect(edit.body.code).toBe(Code.validation);
    const bySub = await t.post('/System/User/edit', { row: { id: propertyId, role_ids: [role] } }, sub.token);
    expect(bySub.body).toMatchObject({ code: Code.validation, msg: '不能修改超级管理员的角色' });
    expect(await roleIdsOf(t, propertyId)).toEqual([]);
    const building = await pageId(t, 'Building');
    const grants = await t.post(
      '/System/User/saveauthsource',
      { id: propertyId, menu: [building], resource: [`${building}_view`] },
      sub.token,
    );
    expect(grants.body).toMatchObject({ code: Code.fail, msg: '不能修改超级管理员的权限' });
    expect(await roleIdsOf(t, propertyId)).toEqual([]);
  });
});

describe('disabling oneself', () => {
  it('is refused in a batch as it is in the form', async () => {
    const form = await t.post('/System/User/edit', { row: { id: sub.id, status: 2 } }, sub.token);
    expect(form.body.msg).toBe('不能停用当前登录的账号');
    const batch = await t.post('/System/User/batch', { ids: [staffId, sub.id], row: { status: 2 } }, sub.token);
    expect(batch.body).toMatchObject({ code: Code.fail, msg: '不能停用当前登录的账号' });
    expect(await statusOf(sub.id)).toBe(1);
    expect(await statusOf(staffId)).toBe(1);
  });

  it('still lets a batch disable other users', async () => {
    const other = await makeUser(t, 'temp1', []);
    const batch = await t.post('/System/User/batch', { ids: [other.id], row: { status: 2 } }, sub.token);
    expect(batch.body.code).toBe(0);
    expect(await statusOf(other.id)).toBe(2);
    // logged out at once, as a disable in the form does
    expect((await t.post('/Passport/User/Info/getUser', {}, other.token)).body.code).toBe(Code.tokenInvalid);
  });
});

describe('department and post of a user', () => {
  it("refuses another company's or a missing department and post", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ dept_id: deptB }, '部门不存在', 'dept_id'],
      [{ dept_id: 999999 }, '部门不存在', 'dept_id'],
      [{ post_id: postB }, '岗位不存在', 'post_id'],
      [{ post_id: 999999 }, '岗位不存在', 'post_id'],
    ];
    for (const [row, msg, field] of cases) {
      const add = await t.post(
        '/System/User/add',
        { row: { user_name: 'deptx', name: '部门', user_password: 'Dept_2026', ...row } },
        property,
      );
      expect(add.body).toMatchObject({ code: Code.validation, msg, data: { field } });
      const edit = await t.post('/System/User/edit', { row: { id: staffId, ...row } }, property);
      expect(edit.body).toMatchObject({ code: Code.validation, msg });
      const batch = await t.post('/System/User/batch', { ids: [staffId], row }, property);
      expect(batch.body).toMatchObject({ code: Code.validation, msg });
    }
    expect(await t.rows(sql`select id from users where user_name = 'deptx'`)).toEqual([]);
    expect(await t.one(sql`select dept_id, post_id from users where id = ${staffId}`)).toEqual({
      dept_id: null,
      post_id: null,
    });
  });

  it('takes its own company’s department and post', async () => {
    const res = await t.post<{ id: number }>(
      '/System/User/add',
      { row: { user_name: 'depty', name: '部门', user_password: 'Dept_2026', dept_id: deptA, post_id: postA } },
      property,
    );
    expect(res.body.code).toBe(0);
    expect(
      (await t.post('/System/User/batch', { ids: [staffId], row: { dept_id: deptA, post_id: postA } }, property)).body
        .code,
    ).toBe(0);
    expect(await t.one(sql`select dept_id, post_id from users where id = ${staffId}`)).toEqual({
      dept_id: deptA,
      post_id: postA,
    });
  });
});

describe('a taken login name', () => {
  it('is named as taken only to who may create users', async () => {
    // names are unique across companies: propertyb belongs to company B
    const add = await t.post(
      '/System/User/add',
      { row: { user_name: 'propertyb', name: '重名', user_password: 'Name_2026' } },
      property,
    );
    expect(add.body.msg).toBe('用户已存在，请勿重复添加');
    const importer = await makeUser(t, 'importer', [
      await makeRole(t, '导入员', { pages: { SystemUser: ['view'] }, buttons: ['SystemUser:import'], villages: null }),
    ]);
    const res = await t.post(
      '/System/User/import',
      { rows: [{ 用户名: 'propertyb', 用户昵称: '重名', 密码: 'Name_2026' }] },
      importer.token,
    );
    expect(res.body.code).not.toBe(0);
    expect(res.body.msg).not.toMatch(/已存在|propertyb/);
    const fresh = await t.post(
      '/System/User/import',
      { rows: [{ 用户名: 'newbie1', 用户昵称: '新人', 密码: 'Name_2026' }] },
      importer.token,
    );
    expect(fresh.body.code).toBe(0);
  });
});
