import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Code, type ListReply, type ScreenConfig } from '@5a/contracts';
import { rowsOf } from '../../test/harness.ts';
import { buildingIdOf, type DemoApp, openDemo } from './testing.ts';

let { t, property, propertyb, staff, ids } = {} as DemoApp;
beforeAll(async () => ({ t, property, propertyb, staff, ids } = await openDemo()));
afterAll(() => t.close());

describe('楼栋', () => {
  it('serves the config with the view action and the generate button', async () => {
    const c = (await t.post<ScreenConfig>('/Web/Basic/Building/listConfig', {}, property)).body.data;
    expect(c.rowActions).toContainEqual({ type: 'viewBuilding', title: '查看楼栋', api: '/Web/Basic/Building/cView' });
    expect(c.customButtons.map((b) => b.emit)).toEqual(['generateHouses']);
    expect(c.fields.find((f) => f.prop === 'house_num')).toMatchObject({ readonly: true, inAdd: false });
  });

  it('adds with rules naming the field, lists per company, edits and refuses other companies', async () => {
    const add = (row: object, token = property) => t.post<{ id: number }>('/Web/Basic/Building/add', { row }, token);
    const base = { village_id: ids.sunshine.id, name: '7幢', units: 2, floors: 3, rooms_per_floor: 2 };
    expect((await add({ ...base, name: '' })).body).toMatchObject({
      code: Code.validation,
      msg: '请输入楼栋名称',
      data: { field: 'name' },
    });
    expect((await add({ ...base, unit_names: '东单元' })).body).toMatchObject({
      msg: '单元名称数量（1）与单元数（2）不一致',
      data: { field: 'unit_names' },
    });
    expect((await add({ ...base, unit_names: '东,东' })).body.msg).toBe('单元名称不能重复');
    expect((await add({ ...base, rooms_per_floor: 100 })).body).toMatchObject({
      msg: '每层户数不能大于99',
      data: { field: 'rooms_per_floor' },
    });
    expect((await add({ ...base, village_id: ids.anju.id })).body).toMatchObject({
      msg: '小区不存在或无权限',
      data: { field: 'village_id' },
    });
    const created = await add(base);
    expect(created.body.msg).toBe('保存成功!');
    expect((await add(base)).body.msg).toBe('楼栋已存在，请勿重复添加');

    const row = (
      await t.post<{ unit_names: string; house_num: number; full_name: string }>(
        '/Web/Basic/Building/detail',
        { id: created.body.data.id },
        property,
      )
    ).body.data;
    expect(row).toMatchObject({ unit_names: '1单元,2单元', house_num: 0 });
    const mine = (await t.post<ListReply>('/Web/Basic/Building/list', { name: '7幢' }, property)).body.data;
    expect(mine.total).toBe(1);
    expect(
      (await t.post<ListReply>('/Web/Basic/Building/list', {}, propertyb)).body.data.records.map((r) => r.name),
    ).toEqual(['1号楼']);
    expect(
      (await t.post<{ label: string }[]>('/Web/Basic/Building/options', {}, property)).body.data.map((o) => o.label),
    ).toContain('阳光花园 7幢');

    expect(
      (
        await t.post(
          '/Web/Basic/Building/edit',
          { row: { id: created.body.data.id, bdper: '王工', units: 3 } },
          property,
        )
      ).body.msg,
    ).toBe('修改成功!');
    expect(
      (await t.post<{ unit_names: string }>('/Web/Basic/Building/detail', { id: created.body.data.id }, property)).body
        .data.unit_names,
    ).toBe('1单元,2单元,3单元');
    expect(
      (await t.post('/Web/Basic/Building/edit', { row: { id: created.body.data.id, name: 'x' } }, propertyb)).body.code,
    ).toBe(Code.notFound);
    expect((await t.post('/Web/Basic/Building/detail', { id: created.body.data.id }, propertyb)).body.code).toBe(
      Code.notFound,
    );
    expect((await t.post('/Web/Basic/Building/list', {}, staff)).body.code).toBe(Code.forbidden);
  });

  it('generates units × floors × rooms houses in one go, named floor + two-digit room, skipping existing ones', async () => {
    const id = (
      await t.post<{ id: number }>(
        '/Web/Basic/Building/add',
        {
          row: {
            village_id: ids.jade.id,
            name: 'E座',
            units: 2,
            unit_names: '东单元，西单元',
            floors: 12,
            rooms_per_floor: 3,
          },
        },
        property,
      )
    ).body.data.id;
    const gen = await t.post<{ total: number; inserted: number; skipped: number; msg: string }>(
      '/Web/Basic/Building/generateHouses',
      { data: { id } },
      property,
    );
    expect(gen.body.data).toEqual({ total: 72, inserted: 72, skipped: 0, msg: '生成完成：新增72套' });
    const houses = rowsOf<{ unit_name: string; floor: number; name: string; village_id: number }>(
      await t.db.execute(sql`select unit_name, floor, name, village_id from houses where building_id = ${id}`),
    );
    expect(houses).toHaveLength(72);
    expect(new Set(houses.map((h) => h.unit_name))).toEqual(new Set(['东单元', '西单元']));
    expect(
      houses
        .filter((h) => h.unit_name === '东单元')
        .map((h) => h.name)
        .sort(),
    ).toContain('1203');
    expect(houses.find((h) => h.name === '1203')).toMatchObject({ floor: 12, village_id: ids.jade.id });
    expect(houses.find((h) => h.name === '101')).toMatchObject({ floor: 1 });

    const again = await t.post('/Web/Basic/Building/generateHouses', { data: { id } }, property);
    expect(again.body).toMatchObject({ code: Code.fail, msg: '该楼栋的72套房屋已全部存在，无需重复生成' });
    await t.post('/Web/Basic/Building/edit', { row: { id, floors: 13 } }, property);
    expect(
      (
        await t.post<{ inserted: number; skipped: number }>(
          '/Web/Basic/Building/generateHouses',
          { data: { id } },
          property,
        )
      ).body.data,
    ).toMatchObject({ inserted: 6, skipped: 72 });

    expect((await t.post('/Web/Basic/Building/generateHouses', { data: { id } }, propertyb)).body.code).toBe(
      Code.notFound,
    );
    expect((await t.post('/Web/Basic/Building/generateHouses', { data: { id } }, staff)).body.code).toBe(
      Code.forbidden,
    );
    expect((await t.post('/Web/Basic/Building/generateHouses', { data: {} }, property)).body.msg).toBe('请选择楼栋');
    await t.post(
      '/Web/Basic/Building/edit',
      { row: { id, units: 20, unit_names: '', floors: 200, rooms_per_floor: 99 } },
      property,
    );
    expect((await t.post('/Web/Basic/Building/generateHouses', { data: { id } }, property)).body.msg).toBe(
      '一次最多生成20000套房屋，当前为396000套',
    );
    expect((await t.post('/Web/Basic/Building/del', { id }, property)).body.msg).toBe(
      '楼栋“E座”下有78套房屋，不能删除',
    );
    // a batch with one empty building and one with houses: one grouped count, the busy one named, nothing deleted
    const empty = (
      await t.post<{ id: number }>(
        '/Web/Basic/Building/add',
        { row: { village_id: ids.sunshine.id, name: 'F座', units: 1, floors: 1, rooms_per_floor: 1 } },
        property,
      )
    ).body.data.id;
    expect((await t.post('/Web/Basic/Building/batchDel', { ids: [empty, id] }, property)).body.msg).toBe(
      '楼栋“E座”下有78套房屋，不能删除',
    );
    expect(
      await t.one<{ n: number }>(sql`select count(*)::int n from buildings where id in (${empty}, ${id})`),
    ).toEqual({ n: 2 });
    expect((await t.post('/Web/Basic/Building/batchDel', { ids: [empty] }, property)).body.code).toBe(Code.ok);
  });

  it('shows the building view: photo, standard address, per-type tiles and the unit → floor → house grid', async () => {
    const bid = await buildingIdOf(t, ids.sunshine.id, '1幢');
    const v = (
      await t.post<{
        buildInfo: Record<string, string>;
        buildFirstName: string;
        personNum: number;
        houseNum: number;
        personCateInfo: { type: number; title: string; num: number }[];
        houseCateInfo: { type: number; title: string; num: number }[];
        houseArr: {
          unit_name: string;
          floors: {
            floor: number;
            title: string;
            houses: { id: number; name: string; type: number; pnum: number }[];
          }[];
        }[];
        address: string;
      }>('/Web/Basic/Building/cView', { bid }, property)
    ).body.data;
    expect(v.buildInfo).toEqual({ build_name: '1幢', img: '', bdp_img: '', bdper: '赵强' });
    expect(v.buildFirstName).toBe('1');
    expect(v.address).toBe('浙江省杭州市西湖区文三路 188 号 阳光花园 1幢');

    const houses = await t.one<{
      n: number;
      t1: number;
      t2: number;
      t3: number;
    }>(sql`select count(*)::int n, count(*) filter (where house_type = 1)::int t1,
      count(*) filter (where house_type = 2)::int t2, count(*) filter (where house_type = 3)::int t3 from houses where building_id = ${bid}`);
    const persons = await t.one<{
      n: number;
      p1: number;
      p2: number;
      p3: number;
    }>(sql`select count(*)::int n, count(*) filter (where personnel_type = 1)::int p1,
      count(*) filter (where personnel_type = 2)::int p2, count(*) filter (where personnel_type = 3)::int p3 from gate_persons where building_id = ${bid}`);
    expect(v.houseNum).toBe(houses.n);
    expect(v.houseCateInfo).toEqual([
      { type: 1, title: '住宅', num: houses.t1 },
      { type: 2, title: '商铺', num: houses.t2 },
      { type: 3, title: '车库', num: houses.t3 },
    ]);
    expect(houses.t2).toBe(4);
    expect(v.personNum).toBe(persons.n);
    expect(v.personCateInfo).toEqual([
      { type: 1, title: '业主', num: persons.p1 },
      { type: 2, title: '租户', num: persons.p2 },
      { type: 3, title: '家属', num: persons.p3 },
    ]);

    expect(v.houseArr.map((u) => u.unit_name)).toEqual(['1单元', '2单元']);
    expect(v.houseArr[0]!.floors.map((f) => f.title)).toEqual(['1F', '2F', '3F', '4F', '5F', '6F']);
    expect(v.houseArr[0]!.floors[2]!.houses.map((h) => h.name)).toEqual(['301', '302']);
    const all = v.houseArr.flatMap((u) => u.floors.flatMap((f) => f.houses));
    expect(all).toHaveLength(houses.n);
    const counts = rowsOf<{ id: number; n: number }>(
      await t.db.execute(
        sql`select house_id id, count(*)::int n from gate_persons where building_id = ${bid} group by house_id`,
      ),
    );
    for (const c of counts) expect(all.find((h) => h.id === c.id)?.pnum).toBe(c.n);
    expect(all.reduce((s, h) => s + h.pnum, 0)).toBe(persons.n);

    expect((await t.post('/Web/Basic/Building/cView', { bid }, propertyb)).body.code).toBe(Code.notFound);
    expect((await t.post('/Web/Basic/Building/cView', {}, property)).body.code).toBe(Code.validation);
  });

  it('opens a house: detail, its owners through the engine list, and the village map centre', async () => {
    const house = await t.one<{ id: number; building_id: number }>(
      sql`select h.id, h.building_id from houses h where exists (select 1 from gate_persons p where p.house_id = h.id and p.personnel_type = 1) order by h.id limit 1`,
    );
    const d = (
      await t.post<{ houseInfo: Record<string, unknown> }>(
        '/Web/Basic/Building/getHouseDetail',
        { id: house.id },
        property,
      )
    ).body.data.houseInfo;
    expect(d).toMatchObject({
      id: house.id,
      building_id: house.building_id,
      building_name: '1幢',
      unit_name: '1单元',
      village_name: '阳光花园',
      balance: '0.00',
    });
    expect(d.area).toMatch(/^\d+\.\d{2}$/);
    for (const k of ['house_type', 'house_state', 'use_type']) expect(typeof d[k]).toBe('number');

    const owners = (
      await t.post<ListReply>('/Web/Basic/GatePerson/list?tab_type=owner', { house_id: house.id, size: 40 }, property)
    ).body.data;
    const expected = await t.one<{ n: number }>(
      sql`select count(*)::int n from gate_persons where house_id = ${house.id} and personnel_type = 1`,
    );
    expect(owners.total).toBe(expected.n);
    expect(owners.records.every((r) => r.personnel_type === 1 && r.house_name === '1幢1单元' + String(d.name))).toBe(
      true,
    );

    expect(
      (await t.post<{ lonlat: string }>('/Web/Basic/Building/getVillageData', { id: house.building_id }, property)).body
        .data.lonlat,
    ).toBe('120.1301,30.2789');
    expect((await t.post('/Web/Basic/Building/getHouseDetail', { id: house.id }, propertyb)).body.code).toBe(
      Code.notFound,
    );
    expect((await t.post('/Web/Basic/Building/getVillageData', { id: house.building_id }, propertyb)).body.code).toBe(
      Code.notFound,
    );
  });
});
