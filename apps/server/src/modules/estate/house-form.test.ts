import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ListReply } from '@5a/contracts';
import { buildingIdOf, type DemoApp, openDemo } from './testing.ts';

let { t, property, propertyb, ids } = {} as DemoApp;
beforeAll(async () => ({ t, property, propertyb, ids } = await openDemo()));
afterAll(() => t.close());

type House = { id: number; building_id: number; unit_name: string; floor: number; name: string; owner_name: string };

describe('房屋 form helpers and sort', () => {
  it("answers a building's units to its own company only", async () => {
    const bid = await buildingIdOf(t, ids.sunshine.id, '5幢');
    const units = await t.post<{ label: string; value: string }[]>(
      '/Web/Basic/Building/units',
      { building_id: bid },
      property,
    );
    expect(units.body.data).toEqual([
      { label: '1单元', value: '1单元' },
      { label: '2单元', value: '2单元' },
    ]);
    expect((await t.post('/Web/Basic/Building/units', { building_id: bid }, propertyb)).body.msg).toBe('数据不存在');
  });

  it("refuses a floor above the building's and names the field", async () => {
    const bid = await buildingIdOf(t, ids.sunshine.id, '5幢');
    const [b] = await t.rows<{ floors: number; name: string }>(
      sql`select floors, name from buildings where id = ${bid}`,
    );
    const res = await t.post(
      '/Web/Basic/House/add',
      { row: { building_id: bid, unit_name: '1单元', name: '9901', floor: b!.floors + 1 } },
      property,
    );
    expect(res.body).toMatchObject({
      msg: `楼层不能超过楼栋“${b!.name}”的楼层数 ${b!.floors}`,
      data: { field: 'floor' },
    });
    expect(await t.rows(sql`select id from houses where building_id = ${bid} and name = '9901'`)).toEqual([]);
  });

  it('sorts by the house (building, unit, floor, room) both ways, ties by id, and carries the owner', async () => {
    const page = async (sortOrder: string, current: number) =>
      (await t.post<ListReply>('/Web/Basic/House/list', { sortField: 'name', sortOrder, size: 5, current }, property))
        .body.data.records as House[];
    const key = (h: House) => [h.building_id, h.unit_name, h.floor, h.name, h.id] as const;
    const cmp = (a: House, b: House) => {
      const x = key(a);
      const y = key(b);
      for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i]! < y[i]! ? -1 : 1;
      return 0;
    };
    const up = [...(await page('ascend', 1)), ...(await page('ascend', 2)), ...(await page('ascend', 3))];
    expect(up.length).toBe(15);
    expect([...up].sort(cmp)).toEqual(up);
    const down = [...(await page('descend', 1)), ...(await page('descend', 2))];
    expect([...down].sort((a, b) => cmp(b, a))).toEqual(down);
    expect(up.some((h) => typeof h.owner_name === 'string')).toBe(true);
  });
});
