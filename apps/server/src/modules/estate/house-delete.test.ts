import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Code } from '@5a/contracts';
import { resolveToken } from '../auth/tokens.ts';
import { resourceService } from '../../core/engine/service.ts';
import { loadAccess } from '../rbac/service.ts';
import { houseResource } from './resource.ts';
import { type DemoApp, openDemo } from './testing.ts';

/** A house with bills is never deleted: one query over all ids, nothing deleted, a clear message. */
let { t, property, propertyb, ids } = {} as DemoApp;
beforeAll(async () => ({ t, property, propertyb, ids } = await openDemo()));
afterAll(() => t.close());

const H = '/Web/Basic/House';
const exists = async (id: number) => (await t.rows(sql`select 1 from houses where id = ${id}`)).length === 1;

/** a new house with neither bills nor residents in the first building of 阳光花园 */
let room = 9900;
const bareHouse = async () => {
  const [b] = await t.rows<{ id: number; unit: string }>(
    sql`select id, coalesce(nullif(split_part(unit_names, ',', 1), ''), '1单元') as unit from buildings where village_id = ${ids.sunshine.id} order by id limit 1`,
  );
  const res = await t.post<{ id: number }>(
    `${H}/add`,
    { row: { building_id: b!.id, unit_name: b!.unit, name: String(room++), floor: 1 } },
    property,
  );
  expect(res.body.code, res.body.msg).toBe(0);
  return res.body.data.id;
};
const billedHouses = (n: number) =>
  t.rows<{
    id: number;
    name: string;
  }>(sql`select h.id, b.name || h.unit_name || h.name as name from houses h join buildings b on b.id = h.building_id
    where h.village_id = ${ids.sunshine.id} and exists (select 1 from bills where house_id = h.id) order by h.id limit ${n}`);

describe('删除有账单的房屋', () => {
  it('refuses one house with bills and deletes nothing', async () => {
    const [h] = await billedHouses(1);
    const res = await t.post(`${H}/del`, { id: h!.id }, property);
    expect(res.body).toMatchObject({ code: Code.fail, msg: '该房屋存在账单，不能删除' });
    expect(await exists(h!.id)).toBe(true);
  });

  it('refuses a batch when any house has bills, naming them, and deletes none of the batch', async () => {
    const bare = await bareHouse();
    const billed = await billedHouses(5);
    const res = await t.post(`${H}/batchDel`, { ids: [bare, ...billed.map((b) => b.id)] }, property);
    expect(res.body.code).toBe(Code.fail);
    expect(res.body.msg).toBe(
      `房屋${billed
        .slice(0, 3)
        .map((b) => `“${b.name}”`)
        .join('、')}等5套存在账单，不能删除`,
    );
    expect(await exists(bare)).toBe(true);
    for (const b of billed) expect(await exists(b.id)).toBe(true);
  });

  it('still deletes houses without bills', async () => {
    const [a, b] = [await bareHouse(), await bareHouse()];
    expect((await t.post(`${H}/batchDel`, { ids: [a, b] }, property)).body).toMatchObject({
      code: 0,
      msg: '删除成功!',
    });
    expect(await exists(a)).toBe(false);
    const c = await bareHouse();
    expect((await t.post(`${H}/del`, { id: c }, property)).body.code).toBe(0);
  });

  it('is guarded per row as well when the engine deletes without the route (any other caller)', async () => {
    const [h] = await billedHouses(1);
    const actor = (await resolveToken(t.db, property))!;
    const access = await loadAccess(t.registry, t.db, actor);
    await expect(
      resourceService(t.db, houseResource, t.registry).del(
        { actor, perms: access.perms, villageIds: access.villageIds },
        [h!.id],
      ),
    ).rejects.toThrow('该房屋存在账单，不能删除');
    expect(await exists(h!.id)).toBe(true);
  });

  it('treats another company’s house as not existing, bills or not', async () => {
    const [h] = await billedHouses(1);
    expect((await t.post(`${H}/del`, { id: h!.id }, propertyb)).body).toMatchObject({
      code: Code.notFound,
      msg: '数据不存在',
    });
    expect(await exists(h!.id)).toBe(true);
  });
});
