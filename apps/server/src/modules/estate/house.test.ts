import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Code, type ImportResult, type ListReply } from '@5a/contracts';
import { rowsOf } from '../../test/harness.ts';
import { buildingIdOf, type DemoApp, openDemo } from './testing.ts';

let { t, property, propertyb, ids } = {} as DemoApp;
beforeAll(async () => ({ t, property, propertyb, ids } = await openDemo()));
afterAll(() => t.close());

describe('房屋', () => {
  it('adds with a two-decimal area, a building in scope and one of its units; lists the building name', async () => {
    const bid = await buildingIdOf(t, ids.sunshine.id, '5幢');
    const add = (row: object, token = property) => t.post<{ id: number }>('/Web/Basic/House/add', { row }, token);
    const base = { building_id: bid, unit_name: '1单元', name: '1001' };
    expect((await add({ ...base, area: '88.123' })).body).toMatchObject({
      msg: '建筑面积应为数字，最多两位小数',
      data: { field: 'area' },
    });
    expect((await add({ ...base, house_type: '4' })).body).toMatchObject({
      msg: '房屋类型的值无效：4',
      data: { field: 'house_type' },
    });
    expect((await add({ ...base, unit_name: '9单元' })).body).toMatchObject({
      msg: '单元“9单元”不在楼栋“5幢”中（1单元、2单元）',
      data: { field: 'unit_name' },
    });
    expect((await add({ ...base, building_id: await buildingIdOf(t, ids.anju.id, '1号楼') })).body).toMatchObject({
      msg: '楼栋不存在或无权限',
      data: { field: 'building_id' },
    });
    expect((await add({ unit_name: '1单元', name: '1001' })).body.msg).toBe('请选择楼栋');
    const created = await add({ ...base, unit_name: '1', area: '88.5', house_state: '2' });
    expect(created.body.code).toBe(0);
    expect((await add({ ...base })).body.msg).toBe('房屋已存在，请勿重复添加');

    const row = (
      await t.post<Record<string, unknown>>('/Web/Basic/House/detail', { id: created.body.data.id }, property)
    ).body.data;
    expect(row).toMatchObject({
      unit_name: '1单元',
      floor: 10,
      area: '88.50',
      house_state: 2,
      building_name: '5幢',
      village_id: ids.sunshine.id,
      balance: '0.00',
      person_num: 0,
    });
    // the building is searched by its one filter, the select
    const page = (await t.post<ListReply>('/Web/Basic/House/list', { building_id: bid, name: '1001' }, property)).body
      .data;
    expect(page.records.map((r) => r.building_name)).toEqual(['5幢']);
    expect(
      (await t.post<ListReply>('/Web/Basic/House/list', { building_id: bid, size: 100 }, property)).body.data.total,
    ).toBe(2 * 2 * 9 + 1);

    expect(
      (
        await t.post(
          '/Web/Basic/House/edit',
          { row: { id: created.body.data.id, area: '', house_state: '1' } },
          property,
        )
      ).body.msg,
    ).toBe('修改成功!');
    expect(
      (await t.post<{ area: null }>('/Web/Basic/House/detail', { id: created.body.data.id }, property)).body.data.area,
    ).toBeNull();
    expect(
      (await t.post('/Web/Basic/House/edit', { row: { id: created.body.data.id, area: '1' } }, propertyb)).body.code,
    ).toBe(Code.notFound);
    expect((await t.post('/Web/Basic/House/del', { id: created.body.data.id }, property)).body.msg).toBe('删除成功!');
  });

  it('refuses to delete a house with residents', async () => {
    // a house of company B just handed over: residents moved in, no bill yet (a house with bills is refused for
    // that first: house-delete.test.ts)
    const b = await t.one<{ tenant_id: number; village_id: number; building_id: number }>(
      sql`select tenant_id, village_id, building_id from houses where tenant_id = ${ids.tenantB} order by id limit 1`,
    );
    const h = await t.one<{ id: number; name: string; n: number }>(
      sql`insert into houses (tenant_id, village_id, building_id, unit_name, floor, name)
        values (${b.tenant_id}, ${b.village_id}, ${b.building_id}, '1单元', 3, '303') returning id, name, 2 as n`,
    );
    await t.rows(sql`insert into gate_persons (tenant_id, village_id, building_id, house_id, name, sex, personnel_type)
      values (${b.tenant_id}, ${b.village_id}, ${b.building_id}, ${h.id}, '邵建华', 1, 1),
        (${b.tenant_id}, ${b.village_id}, ${b.building_id}, ${h.id}, '邵雨桐', 2, 3)`);
    expect((await t.post('/Web/Basic/House/del', { id: h.id }, propertyb)).body.msg).toBe(
      `房屋“${h.name}”下有${h.n}位住户，不能删除`,
    );
  });

  it('moves residents along when a house changes building, and houses when a building changes village', async () => {
    const h = await t.one<{
      id: number;
      n: number;
    }>(sql`select h.id, count(p.id)::int n from houses h join gate_persons p on p.house_id = h.id
      where h.building_id = ${await buildingIdOf(t, ids.sunshine.id, '4幢')} and h.unit_name = '1单元' group by h.id order by h.id limit 1`);
    const target = await buildingIdOf(t, ids.jade.id, 'D座');
    const room = (await t.one<{ name: string }>(sql`select name from houses where id = ${h.id}`)).name;
    await t.db.execute(
      sql`delete from houses where building_id = ${target} and unit_name = '1单元' and name = ${room} and not exists (select 1 from gate_persons p where p.house_id = houses.id)`,
    );
    expect((await t.post('/Web/Basic/House/edit', { row: { id: h.id, building_id: target } }, property)).body.msg).toBe(
      '修改成功!',
    );
    expect(
      await t.one(
        sql`select count(*)::int n from gate_persons where house_id = ${h.id} and building_id = ${target} and village_id = ${ids.jade.id}`,
      ),
    ).toEqual({ n: h.n });

    const moved = await buildingIdOf(t, ids.sunshine.id, '4幢');
    expect(
      (await t.post('/Web/Basic/Building/edit', { row: { id: moved, village_id: ids.jade.id } }, property)).body.code,
    ).toBe(0);
    expect(
      await t.one(
        sql`select count(*)::int n from houses where building_id = ${moved} and village_id <> ${ids.jade.id}`,
      ),
    ).toEqual({ n: 0 });
    expect(
      await t.one(
        sql`select count(*)::int n from gate_persons where building_id = ${moved} and village_id <> ${ids.jade.id}`,
      ),
    ).toEqual({ n: 0 });
    expect(
      (await t.post('/Web/Basic/Building/edit', { row: { id: moved, village_id: ids.sunshine.id } }, property)).body
        .code,
    ).toBe(0);
  });

  it('imports houses with the building by name; errors name the row', async () => {
    const bad = await t.post<ImportResult>(
      '/Web/Basic/House/import',
      { rows: [{ 楼栋: '不存在', 单元: '1单元', 房号: '1101' }] },
      property,
    );
    expect(bad.body.msg).toBe('导入失败：第2行 楼栋 楼栋不存在：不存在');
    const res = await t.post<ImportResult>(
      '/Web/Basic/House/import',
      {
        rows: [
          { 楼栋: '6幢', 单元: '1单元', 房号: '1001', '建筑面积(㎡)': '96.3', 房屋类型: '住宅', 房屋状态: '自住' },
          { 楼栋: '6幢', 单元: '2', 房号: '1001', 房屋类型: '商铺' },
        ],
      },
      property,
    );
    expect(res.body).toMatchObject({ code: 0, data: { inserted: 2 } });
    const rows = rowsOf<{
      unit_name: string;
      floor: number;
      area: number | null;
      house_type: number;
      village_id: number;
    }>(
      await t.db.execute(
        sql`select unit_name, floor, area, house_type, village_id from houses where name = '1001' and building_id = ${await buildingIdOf(t, ids.sunshine.id, '6幢')} order by unit_name`,
      ),
    );
    expect(rows).toEqual([
      { unit_name: '1单元', floor: 10, area: 96.3, house_type: 1, village_id: ids.sunshine.id },
      { unit_name: '2单元', floor: 10, area: null, house_type: 2, village_id: ids.sunshine.id },
    ]);
  });
});
