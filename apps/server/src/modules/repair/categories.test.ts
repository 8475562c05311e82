import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Code, type ScreenConfig } from '@5a/contracts';
import { setupApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let property: string;
beforeAll(async () => {
  t = await setupApp();
  property = await t.login('property');
});
afterAll(() => t.close());

const BASE = '/Web/Repair/RepairCategory';

describe('报修类别: 添加子类', () => {
  it('offers 添加子类 on top categories; a child keeps the defaults, shows under its parent and keeps it', async () => {
    const config = (await t.post<ScreenConfig>(`${BASE}/listConfig`, {}, property)).body.data;
    expect(config.tree).toBe(true);
    expect(config.rowActions).toContainEqual({
      type: 'addClassChild',
      title: '添加子类',
      showRule: { key: 'parent_id', val: 0 },
    });
    const roots = (
      await t.post<{ id: number; name: string; parent_id: number }[]>(`${BASE}/lazyTree`, { parentId: 0 }, property)
    ).body.data;
    const water = roots.find((r) => r.name === '水电维修')!;
    expect(water.parent_id).toBe(0);

    const res = await t.post<{ id: number }>(
      `${BASE}/childAdd`,
      { pid: water.id, row: { name: '水管漏水', icon: '', response_minutes: 30, complete_minutes: 1440, status: '1' } },
      property,
    );
    expect(res.body).toMatchObject({ code: 0, msg: '保存成功!' });
    const kids = (
      await t.post<{ name: string; parent_id: number }[]>(`${BASE}/lazyTree`, { parentId: water.id }, property)
    ).body.data;
    expect(kids.map((k) => [k.name, k.parent_id])).toEqual([['水管漏水', water.id]]);
    const roots2 = (await t.post<{ id: number; hasChildren: boolean }[]>(`${BASE}/lazyTree`, { parentId: 0 }, property))
      .body.data;
    expect(roots2.find((r) => r.id === water.id)!.hasChildren).toBe(true);

    expect((await t.post(`${BASE}/childAdd`, { pid: water.id, row: { name: '' } }, property)).body).toMatchObject({
      code: Code.validation,
      data: { field: 'name' },
    });
    // a category with children stays until they go
    await t.rows(sql`update repair_orders set category_id = null where category_id = ${water.id}`);
    const del = await t.post(`${BASE}/del`, { id: water.id }, property);
    expect(del.body.msg).toBe('存在下级数据，不能删除');
  });
});
