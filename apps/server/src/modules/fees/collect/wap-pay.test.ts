import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { setupApp, type TestApp } from '../../../test/harness.ts';
import { demoIds } from '../../estate/testing.ts';
import { signMessage, wechatPayProvider, type WechatPayConfig } from '../../payment/wechat.ts';
import { usePaymentProvider } from '../../payment/resolve.ts';

/**
 * /wap_pay_page → H5/Pay/OnlinePay/webPay {code, payInfoId}: the sandbox names the payer by the
 * code; WeChat Pay exchanges the code at sns/oauth2/access_token (a local fake on 127.0.0.1 here)
 * and places the JSAPI order for that openid.
 */
const APPID = 'wx520c15f417810387';
const SECRET = 'b3c8f1a0d4e5f6a7b8c9d0e1f2a3b4c5';
const pair = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
const merchant = pair();
const platform = pair();

let oauthServer: Server;
let oauthBase = '';
const jsapiOrders: { payer?: { openid?: string }; amount?: { total?: number } }[] = [];
/** the v3 API: answers signed by the platform key, a prepay_id for a JSAPI order */
const transport: NonNullable<WechatPayConfig['transport']> = async (url, init) => {
  const path = url.replace('https://api.mch.weixin.qq.com', '');
  let body = '{}';
  if (path === '/v3/pay/transactions/native') body = JSON.stringify({ code_url: 'weixin://wxpay/bizpayurl?pr=wap1' });
  if (path === '/v3/pay/transactions/jsapi') {
    jsapiOrders.push(JSON.parse(init.body ?? '{}') as (typeof jsapiOrders)[number]);
    body = JSON.stringify({ prepay_id: 'wx2026112210000000000000000001' });
  }
  const ts = Math.floor(Date.now() / 1000);
  return {
    status: 200,
    headers: {
      'Wechatpay-Timestamp': String(ts),
      'Wechatpay-Nonce': 'n',
      'Wechatpay-Serial': 'P1',
      'Wechatpay-Signature': signMessage(platform.privateKey, `${ts}\nn\n${body}\n`),
    },
    body,
  };
};

let t: TestApp;
let property: string;
let ids: Awaited<ReturnType<typeof demoIds>>;
beforeAll(async () => {
  oauthServer = createServer((req, res) => {
    const q = new URL(req.url ?? '/', 'http://127.0.0.1').searchParams;
    const ok =
      q.get('appid') === APPID &&
      q.get('secret') === SECRET &&
      q.get('grant_type') === 'authorization_code' &&
      q.get('code')?.startsWith('good');
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end(
      JSON.stringify(
        ok
          ? {
              access_token: 'AT',
              expires_in: 7200,
              refresh_token: 'RT',
              openid: `o-${q.get('code')}`,
              scope: 'snsapi_base',
            }
          : { errcode: 40029, errmsg: 'invalid code' },
      ),
    );
  });
  await new Promise<void>((resolve) => oauthServer.listen(0, '127.0.0.1', resolve));
  oauthBase = `http://127.0.0.1:${(oauthServer.address() as AddressInfo).port}`;
  t = await setupApp();
  property = await t.login('property');
  ids = await demoIds(t);
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => oauthServer.close(() => resolve()));
});

const R = '/Web/Renewal';
let item = 0;
/** an online order for a fresh ¥5.20 line on the n-th house of 阳光花园 → its pay token */
const onlineOrder = async (n: number) => {
  if (!item)
    item = (
      await t.post<{ id: number }>(
        `${R}/FeeItem/add`,
        {
          row: {
            village_id: ids.sunshine.id,
            name: '手机支付测试费',
            category: '6',
            calc_mode: '2',
            period_type: '1',
            cycle_months: 1,
            unit_price: '5.20',
            start_date: '2020-01-01',
          },
        },
        property,
      )
    ).body.data.id;
  const house = (
    await t.one<{ id: number }>(
      sql`select id from houses where village_id = ${ids.sunshine.id} order by id offset ${n} limit 1`,
    )
  ).id;
  await t.post(
    `${R}/RenewalList/generate`,
    { data: { house_ids: [house], fee_item_ids: [item], period_start: '2032-01', months: 1 } },
    property,
  );
  const bill = (
    await t.one<{ id: number }>(sql`select id from bills where house_id = ${house} and fee_item_id = ${item}`)
  ).id;
  const r = await t.post<{ payToken: string }>(`${R}/RenewalList/charge`, { data: { ids: [bill], type: 0 } }, property);
  expect(r.body.code, r.body.msg).toBe(0);
  return r.body.data.payToken;
};
type JsApi = { appId: string; timeStamp: string; nonceStr: string; package: string; signType: string; paySign: string };

describe('手机支付页 webPay', () => {
  it('works without WeChat in the sandbox: the page comes back with code=sandbox', async () => {
    const token = await onlineOrder(0);
    expect(
      (await t.post<{ appId: string }>('/Web/NoLoginApi/OnlinePay/billInfo', { billInfo: token })).body.data.appId,
    ).toBe('sandbox');
    const res = await t.post<JsApi>('/H5/Pay/OnlinePay/webPay', { code: 'sandbox', payInfoId: token });
    expect(res.body.code, res.body.msg).toBe(0);
    expect(res.body.data).toMatchObject({
      appId: 'sandbox',
      signType: 'RSA',
      package: expect.stringMatching(/^prepay_id=sandbox_/),
    });
    expect((await t.post('/H5/Pay/OnlinePay/webPay', { payInfoId: token })).body.msg).toBe('缺少授权code');
  });

  it('exchanges the OAuth code for the openid with WeChat Pay and orders for that payer', async () => {
    usePaymentProvider(t.registry, async () =>
      wechatPayProvider({
        mchid: '1900000001',
        appid: APPID,
        serialNo: 'M1',
        privateKey: merchant.privateKey,
        apiV3Key: '0123456789abcdef0123456789abcdef',
        platformKeys: { P1: platform.publicKey },
        transport,
        appSecret: SECRET,
        oauth: { baseUrl: oauthBase },
      }),
    );
    const token = await onlineOrder(1);
    // a payer without a code is sent to this account's authorization
    expect(
      (await t.post<{ appId: string }>('/Web/NoLoginApi/OnlinePay/billInfo', { billInfo: token })).body.data.appId,
    ).toBe(APPID);

    const res = await t.post<JsApi>('/H5/Pay/OnlinePay/webPay', { code: 'good-wap', payInfoId: token });
    expect(res.body.code, res.body.msg).toBe(0);
    expect(res.body.data).toMatchObject({
      appId: APPID,
      package: 'prepay_id=wx2026112210000000000000000001',
      signType: 'RSA',
    });
    expect(jsapiOrders.at(-1)).toMatchObject({ payer: { openid: 'o-good-wap' }, amount: { total: 520 } });

    const bad = await t.post('/H5/Pay/OnlinePay/webPay', { code: 'stale', payInfoId: token });
    expect(bad.body.msg).toBe('微信授权失败：授权码无效或已过期，请重新打开支付页面（40029）');
  });

  it('tells the company to configure the AppSecret when WeChat Pay has none', async () => {
    usePaymentProvider(t.registry, async () =>
      wechatPayProvider({
        mchid: '1900000001',
        appid: APPID,
        serialNo: 'M1',
        privateKey: merchant.privateKey,
        apiV3Key: '0123456789abcdef0123456789abcdef',
        platformKeys: { P1: platform.publicKey },
        transport,
      }),
    );
    const token = await onlineOrder(2);
    expect((await t.post('/H5/Pay/OnlinePay/webPay', { code: 'good-x', payInfoId: token })).body.msg).toBe(
      '未配置公众号AppSecret（wechat_app_secret），无法获取微信用户openid',
    );
  });
});
