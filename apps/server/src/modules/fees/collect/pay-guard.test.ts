import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { readConfig } from '../../../core/config.ts';
import { setupApp, type TestApp } from '../../../test/harness.ts';
import { demoIds, type DemoIds } from '../../estate/testing.ts';
import type { CreateOrderInput, PaymentProvider } from '../../payment/provider.ts';
import { usePaymentProvider } from '../../payment/resolve.ts';
import { WEB_PAY_PER_MINUTE } from './routes.ts';

/**
 * Payments outside the demo: no silent sandbox, notify URLs from PUBLIC_BASE_URL only, and the
 * public JSAPI call reuses its order and is rate-limited.
 */
const R = '/Web/Renewal';
const S = '/Web/Renewal/Service';

/** the pay settings a PostgreSQL start (DATABASE_URL, no PAY_SANDBOX, no PUBLIC_BASE_URL) reads */
const productionPay = () => {
  const c = readConfig({ DATABASE_URL: 'postgres://db.example/fivea' });
  return {
    production: c.production,
    paySandbox: c.paySandbox,
    renewalSandbox: c.renewalSandbox,
    publicBaseUrl: c.publicBaseUrl,
  };
};

type Ctx = { t: TestApp; property: string; ids: DemoIds };
const open = async (config: Parameters<typeof setupApp>[0]): Promise<Ctx> => {
  const t = await setupApp(config);
  return { t, property: await t.login('property'), ids: await demoIds(t) };
};

let itemId = 0;
let houseOffset = 0;
/** a fresh unpaid ¥3.30 bill of company A */
const freshBill = async ({ t, property, ids }: Ctx) => {
  const added = await t.post<{ id: number }>(
    `${R}/FeeItem/add`,
    {
      row: {
        village_id: ids.sunshine.id,
        name: `支付保护测试费${++itemId}`,
        category: '6',
        calc_mode: '2',
        period_type: '1',
        cycle_months: 1,
        unit_price: '3.30',
        late_fee_rate: '0',
        start_date: '2020-01-01',
      },
    },
    property,
  );
  expect(added.body.code, added.body.msg).toBe(0);
  const item = added.body.data.id;
  const house = (
    await t.one<{ id: number }>(
      sql`select id from houses where village_id = ${ids.sunshine.id} order by id offset ${houseOffset++} limit 1`,
    )
  ).id;
  await t.post(
    `${R}/RenewalList/generate`,
    { data: { house_ids: [house], fee_item_ids: [item], period_start: '2033-01', months: 1 } },
    property,
  );
  return (await t.one<{ id: number }>(sql`select id from bills where house_id = ${house} and fee_item_id = ${item}`))
    .id;
};

const openOrders = async (t: TestApp) =>
  (await t.one<{ n: number }>(sql`select count(*)::int as n from pay_orders where state = 'NOTPAY'`)).n;

describe('pay settings read from the environment', () => {
  it('enables the sandbox only for the demo or with PAY_SANDBOX=1, and renewals only in the demo or an explicit PostgreSQL test run', () => {
    expect(readConfig({})).toMatchObject({
      production: false,
      paySandbox: true,
      renewalSandbox: true,
      publicBaseUrl: 'http://127.0.0.1:8080',
    });
    expect(productionPay()).toEqual({
      production: true,
      paySandbox: false,
      renewalSandbox: false,
      publicBaseUrl: undefined,
    });
    // PostgreSQL: PAY_SANDBOX=1 is the companies' own sandbox, never a free renewal of the platform's service
    expect(
      readConfig({ DATABASE_URL: 'postgres://x/y', PAY_SANDBOX: '1', PUBLIC_BASE_URL: 'https://wy.example.com/' }),
    ).toMatchObject({ paySandbox: true, renewalSandbox: false, publicBaseUrl: 'https://wy.example.com' });
    expect(readConfig({ DATABASE_URL: 'postgres://x/y', PAY_SANDBOX: '1', RENEWAL_SANDBOX: '1' })).toMatchObject({
      renewalSandbox: false,
    });
    expect(readConfig({ DATABASE_URL: 'postgres://x/y', PAY_SANDBOX: '1', NODE_ENV: 'test' })).toMatchObject({
      renewalSandbox: false,
    });
    // only a test run that asks for it explicitly
    expect(
      readConfig({ DATABASE_URL: 'postgres://x/y', PAY_SANDBOX: '1', RENEWAL_SANDBOX: '1', NODE_ENV: 'test' }),
    ).toMatchObject({ renewalSandbox: true });
    expect(readConfig({ NODE_ENV: 'production', PAY_SANDBOX: '1' })).toMatchObject({
      production: true,
      paySandbox: true,
      renewalSandbox: false,
      publicBaseUrl: undefined,
    });
    expect(readConfig({ PAY_SANDBOX: '0' })).toMatchObject({ paySandbox: false });
  });
});

describe('production start without a payment provider', () => {
  let c: Ctx;
  beforeAll(async () => (c = await open(productionPay())));
  afterAll(() => c.t.close());

  it('answers 未配置支付方式 to an online collection and leaves no open order', async () => {
    const bill = await freshBill(c);
    const res = await c.t.post(`${R}/RenewalList/charge`, { data: { ids: [bill], type: 0 } }, c.property);
    expect(res.body.msg).toBe('未配置支付方式');
    expect(await openOrders(c.t)).toBe(0);
    // collecting on site still works
    const onsite = await c.t.post(
      `${R}/RenewalList/charge`,
      { data: { ids: [bill], type: 1, payway: 1, orderNum: 'POS-1' } },
      c.property,
    );
    expect(onsite.body.code, onsite.body.msg).toBe(0);
  });

  it('never renews the platform subscription through the sandbox', async () => {
    const before = await c.t.one<{ n: number; expire: string }>(
      sql`select (select count(*)::int from service_orders) as n, (select service_expire from tenants where id = ${c.ids.tenantA}) as expire`,
    );
    const svc = (await c.t.post<{ list: { id: number; title: string }[] }>(`${S}/index`, {}, c.property)).body.data
      .list[0]!;
    const res = await c.t.post<{ codeUrl: string }>(`${S}/order`, { id: svc.id, radio: 2, payway: 4 }, c.property);
    expect(res.body.msg).toBe('未配置支付方式');
    expect(
      await c.t.one(
        sql`select (select count(*)::int from service_orders) as n, (select service_expire from tenants where id = ${c.ids.tenantA}) as expire`,
      ),
    ).toEqual(before);
  });

  it('refuses the sandbox payer page', async () => {
    const res = await c.t.post('/Web/NoLoginApi/Sandbox/pay', { token: 'eyJvIjoiWCJ9.x', result: 'success' });
    expect(res.body.msg).toBe('支付沙箱未启用');
  });

  it('refuses online payment without PUBLIC_BASE_URL even with WeChat Pay configured', async () => {
    const placed: CreateOrderInput[] = [];
    usePaymentProvider(c.t.registry, async () => ({
      kind: 'wechat',
      createOrder: async (i) => (placed.push(i), { codeUrl: 'weixin://x' }),
      queryOrder: async () => null,
      parseNotification: async () => Promise.reject(new Error('unused')),
    }));
    try {
      const bill = await freshBill(c);
      const res = await c.t.post(`${R}/RenewalList/charge`, { data: { ids: [bill], type: 0 } }, c.property);
      expect(res.body.msg).toBe('未配置对外访问地址（PUBLIC_BASE_URL），无法发起在线支付');
      expect(placed).toEqual([]);
      expect(await openOrders(c.t)).toBe(0);
    } finally {
      usePaymentProvider(c.t.registry, null);
    }
  });
});

describe('NODE_ENV=production with PAY_SANDBOX=1', () => {
  let c: Ctx;
  beforeAll(async () => {
    const env = readConfig({ NODE_ENV: 'production', PAY_SANDBOX: '1', PUBLIC_BASE_URL: 'https://wy.example.com' });
    c = await open({
      production: env.production,
      paySandbox: env.paySandbox,
      renewalSandbox: env.renewalSandbox,
      publicBaseUrl: env.publicBaseUrl,
    });
  });
  afterAll(() => c.t.close());

  it('lets bills go through the sandbox but not platform renewals', async () => {
    const bill = await freshBill(c);
    const res = await c.t.post<{ codeUrl: string }>(
      `${R}/RenewalList/charge`,
      { data: { ids: [bill], type: 0 } },
      c.property,
    );
    expect(res.body.code, res.body.msg).toBe(0);
    expect(res.body.data.codeUrl).toMatch(/^https:\/\/wy\.example\.com\/sandbox_pay\?token=/);
    const svc = (await c.t.post<{ list: { id: number }[] }>(`${S}/index`, {}, c.property)).body.data.list[0]!;
    expect((await c.t.post(`${S}/order`, { id: svc.id, radio: 1, payway: 4 }, c.property)).body.msg).toBe(
      '未配置支付方式',
    );
  });
});

describe('demo start with PUBLIC_BASE_URL', () => {
  let c: Ctx;
  const placed: CreateOrderInput[] = [];
  beforeAll(async () => {
    c = await open({ publicBaseUrl: 'https://wy.example.com' });
  });
  afterAll(async () => {
    await c.t.close();
  });

  it('builds the notify URL from PUBLIC_BASE_URL, never from the Host header', async () => {
    const recording: PaymentProvider = {
      kind: 'sandbox',
      createOrder: async (i) => (
        placed.push(i),
        {
          codeUrl: 'x',
          jsapi: {
            appId: 'a',
            timeStamp: '1',
            nonceStr: 'n',
            package: `prepay_id=${i.outTradeNo}`,
            signType: 'RSA',
            paySign: 's',
          },
        }
      ),
      queryOrder: async () => null,
      parseNotification: async () => Promise.reject(new Error('unused')),
    };
    usePaymentProvider(c.t.registry, async () => recording);
    const bill = await freshBill(c);
    const res = await c.t.app.inject({
      method: 'POST',
      url: `/xapi${R}/RenewalList/charge`,
      payload: { data: { ids: [bill], type: 0 } },
      headers: { authorization: `Bearer ${c.property}`, host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    });
    expect(res.json<{ code: number }>().code).toBe(0);
    expect(placed.at(-1)!.notifyUrl).toBe(
      `https://wy.example.com/xapi/Web/NoLoginApi/OnlinePay/notify/${c.ids.tenantA}`,
    );
  });

  it('reuses the open JSAPI order for the same bills instead of placing one per call', async () => {
    usePaymentProvider(c.t.registry, null);
    const bill = await freshBill(c);
    const token = (
      await c.t.post<{ payToken: string }>(`${R}/RenewalList/charge`, { data: { ids: [bill], type: 0 } }, c.property)
    ).body.data.payToken;
    const packages = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const res = await c.t.post<{ package: string }>('/H5/Pay/OnlinePay/webPay', {
        code: 'sandbox',
        payInfoId: token,
      });
      expect(res.body.code, res.body.msg).toBe(0);
      packages.add(res.body.data.package);
    }
    expect(packages.size).toBe(1);
    const n = await c.t.one<{ n: number }>(
      sql`select count(*)::int as n from pay_orders where channel = 'jsapi' and bill_ids = ${`{${bill}}`}::int[]`,
    );
    expect(n.n).toBe(1);
  });

  it('rate-limits the public JSAPI call per client', async () => {
    const codes: number[] = [];
    for (let i = 0; i <= WEB_PAY_PER_MINUTE; i++)
      codes.push(
        (
          await c.t.app.inject({
            method: 'POST',
            url: '/xapi/H5/Pay/OnlinePay/webPay',
            payload: { code: 'sandbox', payInfoId: 'x' },
          })
        ).statusCode,
      );
    expect(codes.at(-1)).toBe(429);
  });
});
