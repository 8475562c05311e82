import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Code } from '@5a/contracts';
import { formatDate } from '../../../core/time.ts';
import { type DemoApp, openDemo } from '../../estate/testing.ts';

/** A lapsed company reads but does not write once its grace days are over; renewing gives writing back at once. */
let { t, property, propertyb, ids } = {} as DemoApp;
beforeAll(async () => ({ t, property, propertyb, ids } = await openDemo()));
afterAll(() => t.close());

const daysFromToday = (n: number) => formatDate(new Date(Date.now() + n * 86400_000));
const setExpire = (tenantId: number, date: string | null) =>
  t.db.execute(sql`update tenants set service_expire = ${date}::date where id = ${tenantId}`);
const buildings = async () => (await t.one<{ n: number }>(sql`select count(*)::int as n from buildings`)).n;
const addBuilding = (token: string, name: string) =>
  t.post(
    '/Web/Basic/Building/add',
    { row: { village_id: ids.anju.id, name, units: 1, floors: 6, rooms_per_floor: 2 } },
    token,
  );
type State = { expire: string; daysLeft: number | null; graceDays: number; readOnly: boolean; message: string };
const state = async (token: string) => (await t.post<State>('/Web/Renewal/Service/state', {}, token)).body.data;

describe('只读模式', () => {
  it('an expired company past its grace days reads its lists, writes nothing, and says why', async () => {
    const expire = daysFromToday(-10);
    await setExpire(ids.tenantB, expire);
    expect((await t.post('/Web/Basic/Building/list', {}, propertyb)).body).toMatchObject({ code: 0 });
    const before = await buildings();
    const res = await addBuilding(propertyb, '只读楼');
    expect(res.body).toMatchObject({
      code: Code.readOnly,
      msg: `物业服务已于${expire}到期，当前为只读模式，续费后即可恢复`,
    });
    expect(await buildings()).toBe(before);
    expect(await state(propertyb)).toEqual({
      expire,
      daysLeft: -10,
      graceDays: 7,
      readOnly: true,
      message: `物业服务已于${expire}到期，当前为只读模式，续费后即可恢复`,
    });
    // another company is not touched
    expect((await state(property)).readOnly).toBe(false);
  });

  it('keeps writing within the grace days, and the platform setting moves the line', async () => {
    await setExpire(ids.tenantB, daysFromToday(-3));
    expect(await state(propertyb)).toMatchObject({
      daysLeft: -3,
      readOnly: false,
      message: expect.stringContaining('5天后将转为只读模式'),
    });
    expect((await addBuilding(propertyb, '宽限楼')).body).toMatchObject({ code: 0 });
    // the parameter every installation starts with (7 days), as the platform edits it in 参数设置
    await t.db.execute(sql`update configs set config_value = '2' where config_key = 'tenant_grace_days'`);
    expect((await addBuilding(propertyb, '宽限楼2')).body.code).toBe(Code.readOnly);
    expect(await state(propertyb)).toMatchObject({ graceDays: 2, readOnly: true });
    await t.db.execute(sql`update configs set config_value = '7' where config_key = 'tenant_grace_days'`);
    // 长期 (no expiry) and a close expiry: writing, with a reminder for the latter
    await setExpire(ids.tenantB, daysFromToday(5));
    expect(await state(propertyb)).toMatchObject({
      daysLeft: 5,
      readOnly: false,
      message: `您的物业服务将于${daysFromToday(5)}到期（剩余5天），请及时续费`,
    });
    await setExpire(ids.tenantB, null);
    expect(await state(propertyb)).toMatchObject({ expire: '', daysLeft: null, readOnly: false, message: '' });
  });

  it('renewing stays open while read-only and gives writing back as soon as it is paid', async () => {
    await setExpire(ids.tenantB, daysFromToday(-30));
    expect((await addBuilding(propertyb, '续费楼')).body.code).toBe(Code.readOnly);
    const S = '/Web/Renewal/Service';
    const list = (await t.post<{ list: { id: number; title: string }[] }>(`${S}/index`, {}, propertyb)).body.data.list;
    const platform = list.find((s) => s.title === '物业管理平台')!;
    const order = await t.post<{ codeUrl: string }>(`${S}/order`, { id: platform.id, radio: 1, payway: 4 }, propertyb);
    expect(order.body).toMatchObject({ code: 0 });
    const token = decodeURIComponent(order.body.data.codeUrl.split('token=')[1]!);
    expect((await t.post('/Web/NoLoginApi/Sandbox/pay', { token, result: 'success' })).body).toMatchObject({ code: 0 });
    expect((await state(propertyb)).readOnly).toBe(false);
    expect((await addBuilding(propertyb, '续费楼')).body).toMatchObject({ code: 0 });
  });
});
