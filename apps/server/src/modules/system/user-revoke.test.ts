import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Code } from '@5a/contracts';
import { setupApp, type TestApp } from '../../test/harness.ts';
import { makeRole, makeUser, pageId, roleIdsOf } from '../rbac/testing.ts';

/** Taking access away takes it away: an emptied role selection, an emptied personal grant; a refused field is said. */
let t: TestApp;
let property: string;
let roleId: number;

type MenuReply = { menus: { title: string }[]; perms: string[] };
const menuOf = async (token: string) => (await t.post<MenuReply>('/Common/Menu/Menu', {}, token)).body.data;
const hashOf = async (id: number) =>
  (await t.one<{ h: string }>(sql`select password_hash as h from users where id = ${id}`)).h;

beforeAll(async () => {
  t = await setupApp();
  property = await t.login('property');
  roleId = await makeRole(t, '巡楼员', { pages: { Building: 'all' }, villages: null });
});
afterAll(() => t.close());

const forms: [string, (id: number, roleIds: unknown) => Promise<{ body: { code: number; msg: string } }>][] = [
  ['edit POST', (id, v) => t.post('/System/User/edit', { row: { id, role_ids: v } }, property)],
  ['PUT update', (id, v) => t.call('PUT', '/api/user/update', { id, role_ids: v }, property)],
  ['batch', (id, v) => t.post('/System/User/batch', { ids: [id], row: { role_ids: v } }, property)],
];

describe('an emptied role selection', () => {
  let n = 0;
  for (const [form, send] of forms)
    for (const empty of [[], null, ''])
      it(`removes every role (${form}, ${JSON.stringify(empty)}) and the user sees no menu`, async () => {
        const user = await makeUser(t, `revoke${n++}`, [roleId]);
        expect((await menuOf(user.token)).menus.length).toBeGreaterThan(0);
        const res = await send(user.id, empty);
        expect(res.body).toMatchObject({ code: 0 });
        expect(await roleIdsOf(t, user.id)).toEqual([]);
        expect(await menuOf(user.token)).toEqual({ menus: [], perms: [] });
      });

  it('leaves the roles alone when the field is not sent', async () => {
    const user = await makeUser(t, 'keeproles', [roleId]);
    expect((await t.post('/System/User/edit', { row: { id: user.id, name: '改名' } }, property)).body.code).toBe(0);
    expect(await roleIdsOf(t, user.id)).toEqual([roleId]);
  });

  it('gives roles back by batch too', async () => {
    const user = await makeUser(t, 'batchgive', []);
    const res = await t.post('/System/User/batch', { ids: [user.id], row: { role_ids: [roleId] } }, property);
    expect(res.body).toMatchObject({ code: 0 });
    expect(await roleIdsOf(t, user.id)).toEqual([roleId]);
  });
});

describe('an emptied personal grant', () => {
  it('is saved: the personal pages are gone and the roles still give theirs', async () => {
    const user = await makeUser(t, 'personal', []);
    const building = await pageId(t, 'Building');
    const grant = (menu: number[], resource: string[]) =>
      t.post('/System/User/saveauthsource', { id: user.id, menu, resource }, property);
    expect((await grant([building], [`${building}_view`])).body).toMatchObject({ code: 0 });
    expect((await menuOf(user.token)).perms).toContain('Building:view');
    const res = await grant([], []);
    expect(res.body).toMatchObject({ code: 0, msg: '保存成功!' });
    expect(await menuOf(user.token)).toEqual({ menus: [], perms: [] });
    expect((await t.post('/Web/Basic/Building/list', {}, user.token)).body.code).toBe(Code.forbidden);
  });

  it('of a user who never had one changes nothing and creates no personal role', async () => {
    const user = await makeUser(t, 'nopersonal', [roleId]);
    const res = await t.post('/System/User/saveauthsource', { id: user.id, menu: [], resource: [] }, property);
    expect(res.body).toMatchObject({ code: 0 });
    expect(await roleIdsOf(t, user.id)).toEqual([roleId]);
  });
});

describe('a password typed into the user edit form', () => {
  it('is refused by name and nothing of the row is written', async () => {
    const user = await makeUser(t, 'pwedit', []);
    const before = await hashOf(user.id);
    for (const res of [
      await t.post(
        '/System/User/edit',
        { row: { id: user.id, name: '新名字', user_password: 'Newpass_2026' } },
        property,
      ),
      await t.call('PUT', '/api/user/update', { id: user.id, name: '新名字', user_password: 'Newpass_2026' }, property),
      await t.post('/System/User/batch', { ids: [user.id], row: { user_password: 'Newpass_2026' } }, property),
    ]) {
      expect(res.body.code).toBe(Code.validation);
      expect(res.body.msg).toMatch(/不能(批量)?修改密码/);
    }
    expect(await hashOf(user.id)).toBe(before);
    expect((await t.one<{ name: string }>(sql`select name from users where id = ${user.id}`)).name).toBe('测试pwedit');
  });

  it('left empty is no change', async () => {
    const user = await makeUser(t, 'pwempty', []);
    const res = await t.post(
      '/System/User/edit',
      { row: { id: user.id, name: '空密码', user_password: '' } },
      property,
    );
    expect(res.body).toMatchObject({ code: 0 });
  });
});
