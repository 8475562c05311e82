import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ListReply } from '@5a/contracts';
import { setupApp, type TestApp } from '../../test/harness.ts';
import { demoIds, type DemoIds } from '../estate/testing.ts';
import { makeRole, makeUser, pageId } from './testing.ts';

/** Per-user grants add menus and actions; the villages a user sees still come from his roles only. */
let t: TestApp;
let property: string;
let ids: DemoIds;

const villagesSeen = async (token: string) => {
  const res = await t.post<ListReply>('/Web/Basic/Village/list', { size: 100 }, token);
  expect(res.body.code).toBe(0);
  return res.body.data.records.map((r) => r.name).sort();
};
const buildingVillages = async (token: string) => {
  const res = await t.post<ListReply>('/Web/Basic/Building/list', { size: 500 }, token);
  expect(res.body.code).toBe(0);
  return [...new Set(res.body.data.records.map((r) => Number(r.village_id)))];
};

beforeAll(async () => {
  t = await setupApp();
  property = await t.login('property');
  ids = await demoIds(t);
});
afterAll(() => t.close());

describe('per-user grants and the data scope', () => {
  it('keep a village-scoped user to his village after a grant', async () => {
    const role = await makeRole(t, '阳光管理员', {
      pages: { Village: 'all', Building: 'all' },
      villages: [ids.sunshine.id],
    });
    const user = await makeUser(t, 'scoped1', [role]);
    expect(await villagesSeen(user.token)).toEqual([ids.sunshine.name]);
    const village = await pageId(t, 'Village');
    const saved = await t.post(
      '/System/User/saveauthsource',
      { id: user.id, menu: [village], resource: [`${village}_view`] },
      property,
    );
    expect(saved.body.code).toBe(0);
    expect(await villagesSeen(user.token)).toEqual([ids.sunshine.name]);
    expect(await buildingVillages(user.token)).toEqual([ids.sunshine.id]);
  });

  it('ignore the data scope "all" a personal role of an older release carries', async () => {
    const role = await makeRole(t, '阳光楼栋', {
      pages: { Village: 'all', Building: 'all' },
      villages: [ids.sunshine.id],
    });
    const user = await makeUser(t, 'scoped2', [role]);
    const [legacy] = await t.rows<{ id: number }>(
      sql`insert into roles (tenant_id, name, code, data_scope) values (${ids.tenantA}, '旧个人权限', ${`__user_${user.id}`}, 1) returning id`,
    );
    await t.db.execute(sql`insert into user_roles (user_id, role_id) values (${user.id}, ${legacy!.id})`);
    const village = await pageId(t, 'Village');
    // a save through the screen clears the access cache, as the old grant once did
    expect(
      (
        await t.post(
          '/System/User/saveauthsource',
          { id: user.id, menu: [village], resource: [`${village}_view`] },
          property,
        )
      ).body.code,
    ).toBe(0);
    expect(
      (await t.one<{ data_scope: number }>(sql`select data_scope from roles where id = ${legacy!.id}`)).data_scope,
    ).toBe(1);
    expect(await villagesSeen(user.token)).toEqual([ids.sunshine.name]);
    expect(await buildingVillages(user.token)).toEqual([ids.sunshine.id]);
  });
});
