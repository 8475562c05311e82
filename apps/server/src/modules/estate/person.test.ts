import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { Code, type ImportResult, type ListReply, type ScreenConfig } from '@5a/contracts';
import { rowsOf, type TestApp } from '../../test/harness.ts';
import { idcardOf, loginWithRole, openDemo, type DemoIds } from './testing.ts';
import { flushSensitiveViews } from './service.ts';

let t: TestApp;
let property: string;
let propertyb: string;
/** the basic pages without 查看敏感信息 and without the prevention-control page */
let clerk: string;
let clerkId: number;
let ids: DemoIds;
const BASIC = ['Village', 'Building', 'House', 'GatePerson', 'Worker'];
beforeAll(async () => {
  ({ t, property, propertyb, ids } = await openDemo());
  const c = await loginWithRole(t, 'clerk', { pages: BASIC, villages: [ids.sunshine.id, ids.jade.id] });
  clerk = c.token;
  clerkId = c.userId;
});
afterAll(() => t.close());

const houseId = async (building: string, unit: string, room: string, village = ids.sunshine.id) =>
  (
    await t.one<{ id: number }>(
      sql`select h.id from houses h join buildings b on b.id = h.building_id where b.village_id = ${village} and b.name = ${building} and h.unit_name = ${unit} and h.name = ${room}`,
    )
  ).id;
const add = (row: object, token = property) => t.post<{ id: number }>('/Web/Basic/GatePerson/add', { row }, token);
// view logs are queued and written in batches: flush before counting
const views = async (userId?: number) =>
  (await flushSensitiveViews(t.db),
  await t.one<{ n: number }>(
    sql`select count(*)::int n from sensitive_views where ${userId ? sql`user_id = ${userId}` : sql`true`}`,
  )).n;

describe('住户: form rules', () => {
  it('checks the ID card checksum and the phone, naming the field', async () => {
    const house_id = await houseId('3幢', '1单元', '501');
    const good = idcardOf('330106', '19880512', '123');
    const wrongCheck = good.slice(0, 17) + (good[17] === '1' ? '2' : '1');
    expect((await add({ house_id, name: '测试甲', idcard: wrongCheck })).body).toMatchObject({
      code: Code.validation,
      msg: '身份证号码格式错误',
      data: { field: 'idcard' },
    });
    expect((await add({ house_id, name: '测试甲', idcard: '33010619881332123X' })).body.msg).toBe('身份证号码格式错误');
    expect((await add({ house_id, name: '测试甲', tel: '12812345678' })).body).toMatchObject({
      msg: '手机号码格式错误！',
      data: { field: 'tel' },
    });
    expect((await add({ name: '测试甲' })).body).toMatchObject({ msg: '请选择房屋', data: { field: 'house_id' } });
    expect((await add({ house_id, name: '' })).body).toMatchObject({ msg: '请输入姓名', data: { field: 'name' } });
    expect((await add({ house_id, name: '测试甲', personnel_type: '9' })).body.msg).toBe('人员类型的值无效：9');
    expect(
      (await add({ house_id: await houseId('1号楼', '1单元', '101', ids.anju.id), name: '越权' })).body,
    ).toMatchObject({ msg: '房屋不存在或无权限', data: { field: 'house_id' } });
  });

  it('adds a resident: village, building, address and sex follow the house and the ID card', async () => {
    const house_id = await houseId('3幢', '1单元', '501');
    const idcard = idcardOf('330106', '19880512', '124');
    const res = await add({ house_id, name: '测试乙', idcard, tel: '13900001111', personnel_type: '2' });
    expect(res.body.msg).toBe('保存成功!');
    const row = await t.one<Record<string, unknown>>(
      sql`select village_id, building_id, address, sex, status from gate_persons where id = ${res.body.data.id}`,
    );
    expect(row).toMatchObject({ village_id: ids.sunshine.id, address: '阳光花园3幢1单元501', sex: 2, status: 1 });
    expect((await add({ house_id, name: '测试乙', idcard })).body.msg).toBe('住户已存在，请勿重复添加');
    const tenants = (
      await t.post<ListReply>('/Web/Basic/GatePerson/list?tab_type=tenant', { house_id, size: 40 }, property)
    ).body.data;
    expect(tenants.records.map((r) => r.name)).toContain('测试乙');
    expect(tenants.records.every((r) => r.personnel_type === 2)).toBe(true);
    expect(
      (
        await t.post<ListReply>('/Web/Basic/GatePerson/list?tab_type=owner', { house_id, size: 40 }, property)
      ).body.data.records.map((r) => r.name),
    ).not.toContain('测试乙');
    // moving to another house moves village and building too
    const other = await houseId('B座', '2单元', '801', ids.jade.id);
    expect(
      (await t.post('/Web/Basic/GatePerson/edit', { row: { id: res.body.data.id, house_id: other } }, property)).body
        .code,
    ).toBe(0);
    expect(await t.one(sql`select village_id from gate_persons where id = ${res.body.data.id}`)).toEqual({
      village_id: ids.jade.id,
    });
  });
});

describe('住户: screen', () => {
  it('answers its tabs to ?getTab=1 whether the client posts {} or no body at all', async () => {
    const expected = [
      { key: 'owner', title: '业主' },
      { key: 'tenant', title: '租户' },
      { key: 'family', title: '家属' },
    ];
    const url = '/Web/Basic/GatePerson/listConfig?getTab=1';
    expect((await t.post(url, {}, property)).body).toMatchObject({ code: 0, data: expected });
    const bare = await t.app.inject({
      method: 'POST',
      url: `/xapi${url}`,
      headers: { authorization: `Bearer ${property}` },
    });
    expect(bare.json()).toMatchObject({ code: 0, data: expected });
  });

  it('has the type tabs (no car tab), and the tag button only with the prevention-control page', async () => {
    const tabs = (await t.post<{ key: string }[]>('/Web/Basic/GatePerson/listConfig?getTab=1', {}, property)).body.data;
    expect(tabs.map((x) => x.key)).toEqual(['owner', 'tenant', 'family']);
    const full = (await t.post<ScreenConfig>('/Web/Basic/GatePerson/listConfig', {}, property)).body.data;
    expect(full.toolbar).toContainEqual({
      type: 'ownerTags',
      title: '住户标签',
      selection: 'multi',
      api: '/Web/Basic/GatePerson/batch',
    });
    expect(full.rowActions.map((a) => a.type)).toContain('review');
    const plain = (await t.post<ScreenConfig>('/Web/Basic/GatePerson/listConfig', {}, clerk)).body.data;
    expect(plain.toolbar.map((b) => b.type)).not.toContain('ownerTags');
    const epi = await loginWithRole(t, 'epi', { pages: ['GatePerson', 'Protection'], villages: null });
    expect(
      (await t.post<ScreenConfig>('/Web/Basic/GatePerson/listConfig', {}, epi.token)).body.data.toolbar.map(
        (b) => b.type,
      ),
    ).toContain('ownerTags');
  });

  it("takes the resident's photo by the avatar uploader's rules: JPG only, at most 2 MB", async () => {
    const cfg = (await t.post<ScreenConfig>('/Web/Basic/GatePerson/listConfig', {}, property)).body.data;
    expect(cfg.fields.find((f) => f.prop === 'imgs')).toMatchObject({ type: 'image', jpgOnly: true, maxSize: 2097152 });
  });

  it('sets resident tags for selected rows through batch', async () => {
    const rows = (await t.post<ListReply>('/Web/Basic/GatePerson/list', { size: 2 }, property)).body.data.records;
    const pick = rows.map((r) => Number(r.id));
    expect(
      (await t.post('/Web/Basic/GatePerson/batch', { ids: pick, row: { tags: ['1', '4'] } }, property)).body.code,
    ).toBe(0);
    expect(
      rowsOf<{ tags: string }>(
        await t.db.execute(
          sql`select tags from gate_persons where id in (${sql.join(
            pick.map((i) => sql`${i}`),
            sql`, `,
          )})`,
        ),
      ).map((r) => r.tags),
    ).toEqual(['1,4', '1,4']);
    expect((await t.post('/Web/Basic/GatePerson/batch', { ids: pick, row: { tags: ['9'] } }, property)).body.msg).toBe(
      '住户标签的值无效：9',
    );
  });
});

describe('住户: review', () => {
  it('reads {id, name, status} and saves 1 or 2 with 审核成功', async () => {
    const p = await t.one<{ id: number; name: string }>(
      sql`select id, name from gate_persons where status = 0 order by id limit 1`,
    );
    expect((await t.post('/Web/Basic/GatePerson/reviewGet', { id: p.id }, property)).body.data).toEqual({
      id: p.id,
      name: p.name,
      status: 0,
    });
    expect(
      (await t.post('/Web/Basic/GatePerson/reviewSave', { id: p.id, name: p.name, status: 3 }, property)).body.msg,
    ).toBe('审核结果只能是已通过或已驳回');
    expect(
      (await t.post('/Web/Basic/GatePerson/reviewSave', { id: p.id, name: p.name, status: 2 }, property)).body.msg,
    ).toBe('审核成功');
    expect(
      (await t.post<{ status: number }>('/Web/Basic/GatePerson/reviewGet', { id: p.id }, property)).body.data.status,
    ).toBe(2);
    // the dialog's default choice is 1 (已通过)
    expect((await t.post('/Web/Basic/GatePerson/reviewSave', { id: p.id, name: p.name }, property)).body.msg).toBe(
      '审核成功',
    );
    expect(
      (await t.post<{ status: number }>('/Web/Basic/GatePerson/reviewGet', { id: p.id }, property)).body.data.status,
    ).toBe(1);
    expect((await t.post('/Web/Basic/GatePerson/reviewGet', { id: p.id }, propertyb)).body.code).toBe(Code.notFound);
    expect((await t.post('/Web/Basic/GatePerson/reviewSave', { id: p.id, status: 1 }, propertyb)).body.code).toBe(
      Code.notFound,
    );
  });
});

describe('住户: sensitive data', () => {
  const idMask = /^\d{6}\*{8}[\dX]{4}$/;
  const telMask = /^1\d{2}\*{4}\d{4}$/;

  it('masks ID cards and phones in list, detail and export without 查看敏感信息, and logs nothing', async () => {
    const before = await views(clerkId);
    const page = (await t.post<ListReply>('/Web/Basic/GatePerson/list', { size: 20 }, clerk)).body.data;
    expect(page.records).toHaveLength(20);
    for (const r of page.records) {
      expect(String(r.idcard)).toMatch(idMask);
      expect(String(r.tel)).toMatch(telMask);
    }
    const id = Number(page.records[0]!.id);
    const real = await t.one<{ idcard: string; tel: string }>(
      sql`select idcard, tel from gate_persons where id = ${id}`,
    );
    expect(page.records[0]!.idcard).toBe(`${real.idcard.slice(0, 6)}********${real.idcard.slice(-4)}`);
    expect(page.records[0]!.tel).toBe(`${real.tel.slice(0, 3)}****${real.tel.slice(-4)}`);
    expect(
      (await t.post<{ idcard: string }>('/Web/Basic/GatePerson/detail?return=result', { id }, clerk)).body.data.idcard,
    ).toMatch(idMask);
    // with the right, ID card and phone match exactly only: a partial search cannot reveal digits
    expect(
      (await t.post<ListReply>('/Web/Basic/GatePerson/list', { idcard: real.idcard.slice(0, 10) }, property)).body.data
        .total,
    ).toBe(0);
    expect(
      (
        await t.post<ListReply>('/Web/Basic/GatePerson/list?tab_type=owner', { idcard: real.idcard }, property)
      ).body.data.records.map((r) => r.id),
    ).toContain(id);

    const file = await t.app.inject({
      method: 'POST',
      url: '/xapi/Web/Basic/GatePerson/export',
      payload: { ids: [id] },
      headers: { authorization: `Bearer ${clerk}` },
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    const cells = (ws.getRow(2).values as unknown[]).slice(1);
    expect(String(cells[header.indexOf('身份证号码')])).toMatch(idMask);
    expect(String(cells[header.indexOf('手机号码')])).toMatch(telMask);
    expect(await views(clerkId)).toBe(before);
  });

  it('refuses a search by a masked field without 查看敏感信息: guessing phones one by one finds nobody', async () => {
    const real = await t.one<{ idcard: string; tel: string }>(
      sql`select idcard, tel from gate_persons where tel <> '' and village_id = ${ids.sunshine.id} order by id limit 1`,
    );
    const tel = await t.post<ListReply>('/Web/Basic/GatePerson/list', { tel: real.tel }, clerk);
    expect(tel.body).toMatchObject({ code: Code.validation, msg: '无权按手机号码搜索', data: { field: 'tel' } });
    const idcard = await t.post<ListReply>(
      '/Web/Basic/GatePerson/list?tab_type=family',
      { idcard: real.idcard, size: 50 },
      clerk,
    );
    expect(idcard.body).toMatchObject({
      code: Code.validation,
      msg: '无权按身份证号码搜索',
      data: { field: 'idcard' },
    });
    const file = await t.post('/Web/Basic/GatePerson/export', { tel: real.tel }, clerk);
    expect(file.body).toMatchObject({ code: Code.validation, msg: '无权按手机号码搜索' });
    // other searches and blank masked fields still work
    expect(
      (await t.post<ListReply>('/Web/Basic/GatePerson/list', { tel: '', idcard: null, size: 5 }, clerk)).body.data
        .records,
    ).toHaveLength(5);
    // with the right the exact search finds the resident
    expect(
      (await t.post<ListReply>('/Web/Basic/GatePerson/list', { tel: real.tel }, property)).body.data.records.map(
        (r) => r.tel,
      ),
    ).toContain(real.tel);
  });

  it('keeps the real values when an edit form sends the masked ones back', async () => {
    const page = (await t.post<ListReply>('/Web/Basic/GatePerson/list', { size: 1 }, clerk)).body.data.records[0]!;
    const before = await t.one<{ idcard: string; tel: string }>(
      sql`select idcard, tel from gate_persons where id = ${Number(page.id)}`,
    );
    const res = await t.post(
      '/Web/Basic/GatePerson/edit',
      { row: { id: page.id, name: '改名测试', idcard: page.idcard, tel: page.tel } },
      clerk,
    );
    expect(res.body.msg).toBe('修改成功!');
    expect(await t.one(sql`select name, idcard, tel from gate_persons where id = ${Number(page.id)}`)).toEqual({
      name: '改名测试',
      ...before,
    });
    // a new value is checked as usual
    expect((await t.post('/Web/Basic/GatePerson/edit', { row: { id: page.id, tel: '1391234' } }, clerk)).body.msg).toBe(
      '手机号码格式错误！',
    );
  });

  it('shows full values with 查看敏感信息 and logs one row per resident shown, with the time of the view', async () => {
    const before = await views();
    const page = (await t.post<ListReply>('/Web/Basic/GatePerson/list?tab_type=family', { size: 15 }, property)).body
      .data;
    expect(String(page.records[0]!.idcard)).toMatch(/^\d{17}[\dX]$/);
    expect(await views()).toBe(before + 15);
    const logged = rowsOf<{ person_id: number; fields: string; at: string }>(
      await t.db.execute(
        sql`select person_id, fields, created_at::text at from sensitive_views order by id desc limit 15`,
      ),
    );
    expect(new Set(logged.map((l) => l.person_id))).toEqual(new Set(page.records.map((r) => Number(r.id))));
    expect(new Set(logged.map((l) => l.fields))).toEqual(new Set(['idcard,tel']));
    // the time of the view: every row of one page view has the same
    expect(new Set(logged.map((l) => l.at)).size).toBe(1);
    await t.post('/Web/Basic/GatePerson/detail', { id: page.records[0]!.id }, property);
    expect(await views()).toBe(before + 16);

    const auditor = await loginWithRole(t, 'auditor', {
      pages: ['GatePerson'],
      buttons: ['GatePerson:sensitive'],
      villages: [ids.jade.id],
    });
    const seen = (await t.post<ListReply>('/Web/Basic/GatePerson/list', { size: 5 }, auditor.token)).body.data.records;
    expect(String(seen[0]!.tel)).toMatch(/^1[3-9]\d{9}$/);
    expect(await views(auditor.userId)).toBe(5);
  });
});

describe('住户: data scope and other companies', () => {
  it('lists only the role villages and answers 10004 for anything else', async () => {
    const jadeOnly = await loginWithRole(t, 'jade', { pages: BASIC, villages: [ids.jade.id] });
    const page = (await t.post<ListReply>('/Web/Basic/GatePerson/list', { size: 100 }, jadeOnly.token)).body.data;
    const expected = await t.one<{ n: number }>(
      sql`select count(*)::int n from gate_persons where village_id = ${ids.jade.id} and personnel_type = 1`,
    );
    expect(page.total).toBe(expected.n);
    expect(page.records.every((r) => r.village_id === ids.jade.id)).toBe(true);
    const sunny = await t.one<{ id: number }>(
      sql`select id from gate_persons where village_id = ${ids.sunshine.id} order by id limit 1`,
    );
    expect((await t.post('/Web/Basic/GatePerson/detail', { id: sunny.id }, jadeOnly.token)).body.code).toBe(
      Code.notFound,
    );
    expect(
      (await t.post('/Web/Basic/GatePerson/edit', { row: { id: sunny.id, name: 'x' } }, jadeOnly.token)).body.code,
    ).toBe(Code.notFound);
    expect((await t.post('/Web/Basic/GatePerson/del', { id: sunny.id }, propertyb)).body.code).toBe(Code.notFound);
    expect(
      (await t.post('/Web/Basic/GatePerson/reviewSave', { id: sunny.id, status: 1 }, jadeOnly.token)).body.code,
    ).toBe(Code.notFound);
    expect((await add({ house_id: await houseId('1幢', '1单元', '201'), name: '越界' }, jadeOnly.token)).body.msg).toBe(
      '房屋不存在或无权限',
    );
  });
});

describe('住户: import', () => {
  it('finds the house from building / unit / room text and reports errors by row', async () => {
    const okId = idcardOf('110105', '19900101', '003');
    const res = await t.post<ImportResult>(
      '/Web/Basic/GatePerson/import?tab_type=owner',
      {
        rows: [
          {
            楼栋: '3幢',
            单元: '2单元',
            房号: 1101,
            姓名: '导入甲',
            人员类型: '业主',
            身份证号码: okId,
            手机号码: '13700001234',
          },
          { 小区: '翠湖名苑', 楼栋: 'C座', 单元: '1', 房号: '702', 姓名: '导入乙', 人员类型: '家属', 性别: '女' },
        ],
      },
      property,
    );
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 0, data: { inserted: 2 } });
    const rows = rowsOf<{ name: string; house: string; village_id: number; sex: number }>(
      await t.db.execute(
        sql`select p.name, b.name || h.unit_name || h.name house, p.village_id, p.sex from gate_persons p join houses h on h.id = p.house_id join buildings b on b.id = h.building_id where p.name like '导入%' order by p.name`,
      ),
    );
    expect(rows).toEqual([
      { name: '导入乙', house: 'C座1单元702', village_id: ids.jade.id, sex: 2 },
      { name: '导入甲', house: '3幢2单元1101', village_id: ids.sunshine.id, sex: 1 },
    ]);

    const badId = await t.post<ImportResult>(
      '/Web/Basic/GatePerson/import',
      { rows: [{ 楼栋: '2幢', 单元: '1单元', 房号: '101', 姓名: '错号', 身份证号码: '110105199001010031' }] },
      property,
    );
    expect(badId.body).toMatchObject({ code: Code.validation, msg: '导入失败：第2行 身份证号码 身份证号码格式错误' });
    const noHouse = await t.post<ImportResult>(
      '/Web/Basic/GatePerson/import',
      { rows: [{ 楼栋: '2幢', 单元: '1单元', 房号: '9999', 姓名: '无房' }] },
      property,
    );
    expect(noHouse.body.msg).toBe('导入失败：第2行 房屋 房屋不存在：2幢 1单元 9999');
    const partial = await t.post<ImportResult>(
      '/Web/Basic/GatePerson/import',
      { rows: [{ 楼栋: '2幢', 姓名: '缺列' }] },
      property,
    );
    expect(partial.body.msg).toBe('导入失败：第2行 房屋 请填写楼栋、单元和房号');
    expect(
      (await t.one<{ n: number }>(sql`select count(*)::int n from gate_persons where name in ('错号', '无房', '缺列')`))
        .n,
    ).toBe(0);
  });
});
