import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@5a/contracts';
import { openDemo, type DemoApp } from '../../modules/estate/testing.ts';

/** Input the database cannot hold (int4 overflow, NUL, 1e308, impossible dates) is a field message, never a server error. */
let { t, property, ids } = {} as DemoApp;
beforeAll(async () => ({ t, property, ids } = await openDemo()));
afterAll(() => t.close());

const B = '/Web/Basic/Building';
const refused = async (url: string, body: unknown, msg: string, field?: string) => {
  const res = await t.post(url, body, property);
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ code: Code.validation, msg });
  if (field) expect(res.body.data).toEqual({ field });
};
const buildings = async () => Number((await t.one<{ n: number }>(sql`select count(*)::int as n from buildings`)).n);

describe('bounded input', () => {
  it('refuses ids above int4 and NaN ids, by name', async () => {
    await refused(`${B}/detail`, { id: 2 ** 31 }, 'id 格式错误', 'id');
    await refused(`${B}/detail`, { id: 'NaN' }, 'id 格式错误', 'id');
    await refused(`${B}/batchDel`, { ids: [1, 2 ** 31] }, 'ids 格式错误', 'ids');
    await refused(`${B}/edit`, { id: 2 ** 31, name: 'x' }, 'id 格式错误', 'id');
    await refused('/System/DictData/cellSave', { key: 'dict_number', row: { id: 1e20 }, val: 1 }, 'id 格式错误', 'id');
    await refused(`${B}/list`, { ids: [2 ** 31] }, 'ids 格式错误', 'ids');
    await refused(`${B}/list`, { village_id: 2 ** 31 }, '所属小区格式错误', 'village_id');
  });

  it('bounds paging', async () => {
    await refused(`${B}/list`, { current: 1e20 }, 'current 格式错误', 'current');
    await refused(`${B}/list`, { current: 1_000_001 }, 'current 不能超过1000000', 'current');
    await refused(`${B}/list`, { current: 'abc' }, 'current 格式错误', 'current');
    await refused(`${B}/list`, { size: 1e308 }, 'size 格式错误', 'size');
    await refused(`${B}/list`, { size: 501 }, 'size 不能超过500', 'size');
    expect((await t.post(`${B}/list`, { current: '2', size: '5' }, property)).body.code).toBe(0);
  });

  it('types search values by field', async () => {
    await refused('/Web/Basic/House/list', { house_type: 'abc' }, '房屋类型格式错误', 'house_type');
    await refused(`${B}/list`, { created_at: ['2024-13-45', ''] }, '创建时间格式错误', 'created_at');
    await refused(`${B}/list`, { created_at: ['2024-01-01', 1e20] }, '创建时间格式错误', 'created_at');
    expect((await t.post('/Web/Basic/House/list', { house_type: '1' }, property)).body.code).toBe(0);
  });

  it('bounds numbers by their column and refuses NUL text, writing nothing', async () => {
    const before = await buildings();
    const item = {
      village_id: ids.sunshine.id,
      name: '边界',
      category: '1',
      calc_mode: '1',
      period_type: '1',
      cycle_months: 1,
      unit_price: '1',
      start_date: '2024-02-01',
    };
    const row = { village_id: ids.sunshine.id, name: '边界楼', units: 1, floors: 2, rooms_per_floor: 2 };
    await refused(`${B}/add`, { row: { ...row, sort: 1e308 } }, '排序不能大于2147483647', 'sort');
    await refused(`${B}/add`, { row: { ...row, sort: 2 ** 31 } }, '排序不能大于2147483647', 'sort');
    await refused(`${B}/add`, { row: { ...row, name: 'a\u0000b' } }, 'row.name 不能包含空字符', 'row.name');
    await refused(
      '/Web/Renewal/FeeItem/add',
      { row: { ...item, start_date: '2024-02-30' } },
      '生效日期不是有效日期',
      'start_date',
    );
    expect(await buildings()).toBe(before);
  });

  it('gives custom routes the same bounds', async () => {
    await refused('/Web/Renewal/RenewalList/orderState', {}, 'orderId 格式错误', 'orderId');
    await refused('/Web/Renewal/RenewalList/orderState', { orderId: 2 ** 31 }, 'orderId 格式错误', 'orderId');
    await refused(`${B}/cView`, { bid: 2 ** 31 }, '楼栋格式错误', 'bid');
    await refused('/Web/Renewal/Balance/ledger', { house_id: 2 ** 31 }, 'house_id 格式错误', 'house_id');
  });
});
