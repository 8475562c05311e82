import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@5a/contracts';
import { formatDate } from '../../../core/time.ts';
import { openDemo, type DemoApp } from '../../estate/testing.ts';
import { advertFigures } from '../index.ts';

const A = '/Web/Community/Advert';
type Slot = Record<string, unknown> & { id: number; name: string; state: number; advertiser: string | null };
type Page<T> = { records: T[]; total: number };

describe('广告管理: slot states, bookings billed through fees, figures and tenant isolation', () => {
  let { t, property, propertyb, ids } = {} as DemoApp;
  let house = 0;
  const slots = async (body: Record<string, unknown> = {}, token = property) =>
    (await t.post<Page<Slot>>(`${A}/list`, { current: 1, size: 100, ...body }, token)).body;
  const book = (body: Record<string, unknown>, token = property) => t.post(`${A}/book`, body, token);
  const today = formatDate(new Date());

  beforeAll(async () => {
    ({ t, property, propertyb, ids } = await openDemo());
    house = (
      await t.one<{ id: number }>(sql`select id from houses where village_id = ${ids.sunshine.id} order by id limit 1`)
    ).id;
  });
  afterAll(() => t.close());

  it('shows the demo slots occupied, expiring soon and free, searchable by state', async () => {
    const all = await slots();
    expect(all.code, all.msg).toBe(0);
    const byName = new Map(all.data.records.map((s) => [s.name, s]));
    expect(byName.get('东门灯箱')).toMatchObject({ state: 1, advertiser: '鲜丰水果连锁' });
    expect(byName.get('1栋电梯广告')).toMatchObject({ state: 2, advertiser: '优学教育' });
    expect(byName.get('北门展板')).toMatchObject({ state: 3, advertiser: null, end_date: null });
    for (const state of [1, 2, 3])
      expect((await slots({ state })).data.records.every((s) => s.state === state)).toBe(true);
  });

  it('books a free slot for whole months: the bill is the price times the months, and paying it stamps the booking', async () => {
    const free = (await slots({ name: '北门展板' })).data.records[0]!;
    const r = await book({
      id: free.id,
      advertiser: '便民药房',
      contact: '周先生',
      phone: '13900009999',
      house_id: house,
      start_date: today,
      months: 2,
    });
    expect(r.body, r.body.msg).toMatchObject({ code: 0, data: { amount: 2400, start_date: today } });
    const { bill_id, id } = (r.body as { data: { bill_id: number; id: number } }).data;
    const bill = await t.one<{ amount: number; status: number; house_id: number; months: number }>(
      sql`select amount::int, status, house_id, months from bills where id = ${bill_id}`,
    );
    expect(bill).toEqual({ amount: 240000, status: 1, house_id: house, months: 2 });
    expect((await slots({ name: '北门展板' })).data.records[0]).toMatchObject({ state: 1, advertiser: '便民药房' });
    // the same months again overlap
    const twice = await book({ id: free.id, advertiser: '别家', house_id: house, start_date: today, months: 1 });
    expect(twice.body.code).toBe(Code.fail);
    expect(twice.body.msg).toMatch(/已有预订/);
    // collected on site: the booking is stamped paid, and its bill can no longer be withdrawn with it
    const paid = await t.post(
      '/Web/Renewal/RenewalList/charge',
      { data: { ids: [bill_id], type: 1, payway: 2, orderNum: 'AD-1' } },
      property,
    );
    expect(paid.body.code, paid.body.msg).toBe(0);
    expect(
      (await t.one<{ paid: boolean }>(sql`select paid_at is not null as paid from advert_bookings where id = ${id}`))
        .paid,
    ).toBe(true);
    const del = await t.post('/Web/Community/AdvertBooking/del', { id }, property);
    expect(del.body).toMatchObject({ code: Code.fail, msg: '该订单的账单已缴费，不能删除' });
  });

  it('withdraws an unpaid booking with its bill', async () => {
    const s = (await slots({ name: '南门道闸广告' })).data.records[0]!;
    const house2 = (
      await t.one<{ id: number }>(sql`select id from houses where village_id = ${ids.jade.id} order by id limit 1`)
    ).id;
    const r = await book({ id: s.id, advertiser: '快修家电', house_id: house2, start_date: '2099-01-01', months: 1 });
    expect(r.body.code, r.body.msg).toBe(0);
    const { bill_id, id } = (r.body as { data: { bill_id: number; id: number } }).data;
    const del = await t.post('/Web/Community/AdvertBooking/del', { id }, property);
    expect(del.body.code, del.body.msg).toBe(0);
    expect(await t.rows(sql`select id from bills where id = ${bill_id}`)).toEqual([]);
  });

  it('refuses bad bookings in Chinese naming the field, writing nothing', async () => {
    const s = (await slots({ name: '东门灯箱' })).data.records[0]!;
    const n = async () =>
      (
        await t.one<{ n: number }>(
          sql`select (select count(*) from advert_bookings) + (select count(*) from bills) as n`,
        )
      ).n;
    const before = await n();
    const base = { id: s.id, advertiser: '某公司', house_id: house, start_date: '2099-06-01', months: 1 };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ advertiser: ' ' }, '请填写广告主', 'advertiser'],
      [{ months: 0 }, '租期(月) 须为1-36的整数', 'months'],
      [{ months: 37 }, '租期(月) 须为1-36的整数', 'months'],
      [{ start_date: '2099-02-30' }, '开始日期 格式错误', 'start_date'],
      [{ phone: '12345' }, '联系电话 格式错误', 'phone'],
      [{ house_id: 'x' }, '计费房屋 格式错误', 'house_id'],
    ];
    for (const [over, msg, field] of cases) {
      const r = await book({ ...base, ...over });
      expect(r.body, msg).toMatchObject({ code: Code.validation, msg, data: { field } });
    }
    // a house of the other village is not this slot's
    const jadeHouse = (
      await t.one<{ id: number }>(sql`select id from houses where village_id = ${ids.jade.id} limit 1`)
    ).id;
    expect((await book({ ...base, house_id: jadeHouse })).body).toMatchObject({
      code: Code.validation,
      data: { field: 'house_id' },
    });
    const price = await t.post(`${A}/add`, { row: { village_id: ids.sunshine.id, name: '无价' } }, property);
    expect(price.body).toMatchObject({ code: Code.validation, msg: '请输入月租金(元)' });
    const foreign = await t.post(
      `${A}/add`,
      { row: { village_id: ids.sunshine.id, name: '别家分类', price: 10, category_id: 999999 } },
      property,
    );
    expect(foreign.body).toMatchObject({ code: Code.validation, msg: '分类 不存在' });
    expect(await t.rows(sql`select 1 from advert_slots where name = '别家分类'`)).toEqual([]);
    expect(await n()).toBe(before);
  });

  it('feeds the figures the operator screens show from the slots', async () => {
    const f = await advertFigures(t.db, sql`(${ids.sunshine.id}, ${ids.jade.id})`);
    const rows = await t.rows<{ state: number }>(
      sql`select 1 from advert_slots where village_id in (${ids.sunshine.id}, ${ids.jade.id})`,
    );
    expect(f.slots).toBe(rows.length);
    expect(f.occupied + f.expiring + f.free).toBe(f.slots);
    expect(f.expiring).toBeGreaterThanOrEqual(1);
    expect(f.tenants).toBe(1);
    expect(f.expiringTenants).toBe(1);
    // company B's village counts its own slots only
    const b = await advertFigures(t.db, sql`(${ids.anju.id})`);
    const bSlots = await t.rows(sql`select 1 from advert_slots where village_id = ${ids.anju.id}`);
    expect(b.slots).toBe(bSlots.length);
  });

  it('lends the figures to the operator cockpit and the one-map village intro', async () => {
    const admin = await t.login('admin');
    const all = await advertFigures(t.db, sql`(select id from villages)`);
    const overview = await t.post<{ expireAdv: number }>('/Web/DataAnalysis/Operator/index', {}, admin);
    expect(overview.body.data.expireAdv).toBe(all.expiring);
    expect(all.expiring).toBeGreaterThan(0);
    const income = await t.post<Record<string, number>>('/Web/DataAnalysis/Operator/two', {}, admin);
    expect(income.body.data).toMatchObject({
      advTenant: all.tenants,
      advExpireTenant: all.expiringTenants,
      advFree: all.free,
    });
    // 广告收入: what the bookings paid this year brought in, straight from the table
    const paid = await t.one<{ fen: string }>(sql`select coalesce(sum(amount), 0) as fen from advert_bookings
      where paid_at >= date_trunc('year', now() at time zone 'Asia/Shanghai') at time zone 'Asia/Shanghai'`);
    expect(Number(paid.fen)).toBeGreaterThan(0);
    expect(income.body.data.adv).toBe(Number(paid.fen) / 100);
    const intro = await t.post<{ advNum: number }>(
      '/Web/DataAnalysis/PropertyData/getVillageInfo',
      { vid: ids.sunshine.id },
      admin,
    );
    expect(intro.body.data.advNum).toBe(3);
  });

  it("keeps company B out of A's slots", async () => {
    const s = (await slots()).data.records[0]!;
    const theirs = (await slots({}, propertyb)).data.records;
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.map((x) => x.id)).not.toContain(s.id);
    const r = await book(
      { id: s.id, advertiser: 'B', house_id: house, start_date: '2098-01-01', months: 1 },
      propertyb,
    );
    expect(r.body).toMatchObject({ msg: '数据不存在' });
  });
});

describe('H5功能设置: show and update per village', () => {
  let { t, property, propertyb, ids } = {} as DemoApp;
  const H = '/web/Setting/H5Functions';
  type Mod = { module_id: number; name: string; is_pro: number; has: boolean };
  beforeAll(async () => {
    ({ t, property, propertyb, ids } = await openDemo());
  });
  afterAll(() => t.close());

  it('shows the demo modules (社区投票 off in the second village) and saves a new choice', async () => {
    const first = await t.post<Mod[]>(`${H}/show`, { village_id: ids.sunshine.id }, property);
    expect(first.body.data.map((m) => [m.name, m.has])).toEqual([
      ['问卷调查', true],
      ['社区投票', true],
      ['邻里圈', true],
      ['我的账单', true],
      ['报事报修', true],
    ]);
    const second = await t.post<Mod[]>(`${H}/show`, { village_id: ids.jade.id }, property);
    expect(second.body.data.find((m) => m.module_id === 2)!.has).toBe(false);
    const u = await t.post(`${H}/update`, { village_id: ids.sunshine.id, module_id: ['3', 5, 3] }, property);
    expect(u.body).toMatchObject({ code: 0, msg: '保存成功!', data: { module_id: [3, 5] } });
    const after = await t.post<Mod[]>(`${H}/show`, { village_id: ids.sunshine.id }, property);
    expect(after.body.data.filter((m) => m.has).map((m) => m.module_id)).toEqual([3, 5]);
    const none = await t.post(`${H}/update`, { village_id: ids.sunshine.id, module_id: [] }, property);
    expect(none.body.code).toBe(0);
    expect(await t.rows(sql`select 1 from h5_village_modules where village_id = ${ids.sunshine.id}`)).toEqual([]);
  });

  it('refuses unknown modules and villages, and company B gets 数据不存在 for A’s village', async () => {
    const bad = await t.post(`${H}/update`, { village_id: ids.jade.id, module_id: [9] }, property);
    expect(bad.body).toMatchObject({ code: Code.validation, msg: '功能模块 不存在' });
    const noVillage = await t.post(`${H}/show`, {}, property);
    expect(noVillage.body).toMatchObject({ code: Code.validation });
    expect(noVillage.body.msg).toContain('所属小区');
    expect((await t.post(`${H}/show`, { village_id: ids.jade.id }, propertyb)).body).toMatchObject({
      msg: '数据不存在',
    });
    expect((await t.post(`${H}/update`, { village_id: ids.jade.id, module_id: [1] }, propertyb)).body).toMatchObject({
      msg: '数据不存在',
    });
    expect(
      (await t.post<Mod[]>(`${H}/show`, { village_id: ids.jade.id }, property)).body.data.find(
        (m) => m.module_id === 1,
      )!.has,
    ).toBe(true);
  });
});

describe('分类管理: a two-level tree, name required', () => {
  let { t, property, propertyb } = {} as DemoApp;
  const C = '/Web/Community/Category';
  beforeAll(async () => {
    ({ t, property, propertyb } = await openDemo());
  });
  afterAll(() => t.close());

  it('adds a top category and a child, refuses a nameless one and a third level, writing nothing', async () => {
    const count = async () => (await t.one<{ n: number }>(sql`select count(*)::int as n from community_categories`)).n;
    const before = await count();
    const nameless = await t.post(`${C}/add`, { row: { name: '' } }, property);
    expect(nameless.body).toMatchObject({ code: Code.validation, msg: '请输入分类名称' });
    expect(await count()).toBe(before);
    const top = await t.post<{ id: number }>(`${C}/add`, { row: { name: '便民服务' } }, property);
    expect(top.body.code, top.body.msg).toBe(0);
    const topId = (await t.one<{ id: number }>(sql`select id from community_categories where name = '便民服务'`)).id;
    const child = await t.post(`${C}/add`, { row: { name: '家政', parent_id: topId } }, property);
    expect(child.body.code, child.body.msg).toBe(0);
    const childId = (await t.one<{ id: number }>(sql`select id from community_categories where name = '家政'`)).id;
    const third = await t.post(`${C}/add`, { row: { name: '保洁', parent_id: childId } }, property);
    expect(third.body).toMatchObject({ code: Code.validation, msg: '上级分类 只能是一级分类' });
    // company B cannot hang its category under A's
    const b = await t.post(`${C}/add`, { row: { name: 'B的', parent_id: topId } }, propertyb);
    expect(b.body).toMatchObject({ code: Code.validation, msg: '上级数据不存在' });
    const del = await t.post(`${C}/del`, { id: topId }, property);
    expect(del.body.code).toBe(Code.fail);
    // the engine keeps a category with children
    expect(del.body.msg).toBe('存在下级数据，不能删除');
    expect(await count()).toBe(before + 2);
  });
});
