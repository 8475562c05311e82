import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ScreenConfig } from '@5a/contracts';
import { type DemoApp, loginWithRole, openDemo } from '../../estate/testing.ts';

/** 房屋管理's 预存充值: the house list opens the prepaid top-up for the selected house, through the fees' call. */
let { t, property, ids } = {} as DemoApp;
beforeAll(async () => ({ t, property, ids } = await openDemo()));
afterAll(() => t.close());

const HOUSE = '/Web/Basic/House';
const toolbarOf = async (token: string) =>
  (await t.post<ScreenConfig>(`${HOUSE}/listConfig`, {}, token)).body.data.toolbar;

describe('房屋管理 · 预存充值', () => {
  it('offers the top-up for one selected house to whoever may top up', async () => {
    expect(await toolbarOf(property)).toContainEqual({
      type: 'recharge',
      title: '预存充值',
      selection: 'single',
      api: '/Web/Renewal/Balance/recharge',
    });
    // the house list alone: no button, and the call itself is refused
    const clerk = await loginWithRole(t, 'houseclerk', { pages: ['House'], villages: null });
    expect((await toolbarOf(clerk.token)).map((b) => b.type)).not.toContain('recharge');
    const topper = await loginWithRole(t, 'housetopper', {
      pages: ['House'],
      buttons: ['Balance:recharge'],
      villages: null,
    });
    expect((await toolbarOf(topper.token)).map((b) => b.type)).toContain('recharge');
  });

  it('credits the house chosen in the house list, with its ledger row', async () => {
    const list = await t.post<{ records: { id: number; full_name: string }[] }>(
      `${HOUSE}/list`,
      { village_id: ids.sunshine.id, size: 1 },
      property,
    );
    const house = list.body.data.records[0]!;
    const before = await t.one<{ balance: number }>(sql`select balance::int from houses where id = ${house.id}`);
    const res = await t.post<{ balance: string; arrival: string }>(
      '/Web/Renewal/Balance/recharge',
      { data: { id: house.id, bj: 200 } },
      property,
    );
    expect(res.body).toMatchObject({ code: 0, msg: '充值成功!' });
    expect(await t.one(sql`select balance::int from houses where id = ${house.id}`)).toEqual({
      balance: before.balance + Math.round(Number(res.body.data.arrival) * 100),
    });
    expect(
      await t.one(
        sql`select change::int, kind from balance_ledger where house_id = ${house.id} order by id desc limit 1`,
      ),
    ).toEqual({ change: Math.round(Number(res.body.data.arrival) * 100), kind: 1 });
  });
});
