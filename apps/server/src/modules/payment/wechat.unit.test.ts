import { describe, expect, it } from 'vitest';
import { createVerify, generateKeyPairSync } from 'node:crypto';
import { PaymentSignatureError } from './provider.ts';
import { encryptResource, signMessage, wechatPayProvider, type WechatPayConfig } from './wechat.ts';

const pair = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
const merchant = pair();
const platform = pair();
const apiV3Key = '0123456789abcdef0123456789abcdef';
const PLATFORM_SERIAL = 'PLATFORM0001';

/** Signs like the platform: Wechatpay-* headers over `${ts}\n${nonce}\n${body}\n`. */
const platformHeaders = (body: string, ts = Math.floor(Date.now() / 1000), key = platform.privateKey) => {
  const nonce = 'n0nce';
  return {
    'Wechatpay-Timestamp': String(ts),
    'Wechatpay-Nonce': nonce,
    'Wechatpay-Serial': PLATFORM_SERIAL,
    'Wechatpay-Signature': signMessage(key, `${ts}\n${nonce}\n${body}\n`),
  };
};

type Seen = { url: string; method: string; headers: Record<string, string>; body?: string };
const seen: Seen[] = [];

/** Plays the v3 API: checks the merchant's request signature, answers signed. */
const transport: NonNullable<WechatPayConfig['transport']> = async (url, init) => {
  seen.push({ url, ...init });
  const auth = init.headers.Authorization!;
  const field = (k: string) => new RegExp(`${k}="([^"]+)"`).exec(auth)?.[1] ?? '';
  const path = url.replace('https://api.mch.weixin.qq.com', '');
  const message = `${init.method}\n${path}\n${field('timestamp')}\n${field('nonce_str')}\n${init.body ?? ''}\n`;
  const valid =
    auth.startsWith('WECHATPAY2-SHA256-RSA2048 ') &&
    createVerify('RSA-SHA256').update(message).verify(merchant.publicKey, field('signature'), 'base64');
  if (!valid)
    return {
      status: 401,
      headers: platformHeaders('{"code":"SIGN_ERROR"}'),
      body: '{"code":"SIGN_ERROR","message":"签名错误"}',
    };
  let body = '{}';
  if (path === '/v3/pay/transactions/native') body = JSON.stringify({ code_url: 'weixin://wxpay/bizpayurl?pr=abc123' });
  if (path === '/v3/pay/transactions/jsapi')
    body = JSON.stringify({ prepay_id: 'wx201410272009395522657a690389285100' });
  if (path.startsWith('/v3/pay/transactions/out-trade-no/'))
    body = JSON.stringify({
      out_trade_no: 'B1',
      transaction_id: 'T1',
      trade_state: 'SUCCESS',
      amount: { total: 90000 },
      success_time: '2026-11-22T10:00:00+08:00',
    });
  return { status: 200, headers: platformHeaders(body), body };
};

const cfg: WechatPayConfig = {
  mchid: '1900000001',
  appid: 'wxd678efh567hg6787',
  serialNo: 'MERCHANT01',
  privateKey: merchant.privateKey,
  apiV3Key,
  platformKeys: { [PLATFORM_SERIAL]: platform.publicKey },
  transport,
};
const provider = wechatPayProvider(cfg);

const notification = (transaction: object, opts: { key?: string; ts?: number } = {}) => {
  const body = JSON.stringify({
    id: 'EV-1',
    event_type: 'TRANSACTION.SUCCESS',
    resource_type: 'encrypt-resource',
    resource: encryptResource(apiV3Key, JSON.stringify(transaction)),
  });
  return { headers: platformHeaders(body, opts.ts, opts.key), body };
};

describe('WeChat Pay API v3 client', () => {
  it('places a Native order with a signed request and returns the code_url', async () => {
    const order = await provider.createOrder({
      outTradeNo: 'B1',
      description: '阳光花园 1幢1单元1201 物业费',
      amountFen: 90000,
      channel: 'native',
      notifyUrl: 'https://pay.example.cn/notify/1',
    });
    expect(order.codeUrl).toBe('weixin://wxpay/bizpayurl?pr=abc123');
    const sent = JSON.parse(seen.at(-1)!.body!);
    expect(sent).toMatchObject({
      appid: cfg.appid,
      mchid: cfg.mchid,
      out_trade_no: 'B1',
      amount: { total: 90000, currency: 'CNY' },
      notify_url: 'https://pay.example.cn/notify/1',
    });
  });

  it('places a JSAPI order and signs the payer-side parameters', async () => {
    const order = await provider.createOrder({
      outTradeNo: 'B2',
      description: '物业费',
      amountFen: 100,
      channel: 'jsapi',
      openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o',
      notifyUrl: 'https://pay.example.cn/notify/1',
    });
    const j = order.jsapi!;
    expect(j.package).toBe('prepay_id=wx201410272009395522657a690389285100');
    expect(
      createVerify('RSA-SHA256')
        .update(`${j.appId}\n${j.timeStamp}\n${j.nonceStr}\n${j.package}\n`)
        .verify(merchant.publicKey, j.paySign, 'base64'),
    ).toBe(true);
    expect(JSON.parse(seen.at(-1)!.body!).payer).toEqual({ openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' });
  });

  it('queries an order by out_trade_no', async () => {
    expect(await provider.queryOrder('B1')).toMatchObject({ outTradeNo: 'B1', state: 'SUCCESS', amountFen: 90000 });
    expect(seen.at(-1)!.url).toBe('https://api.mch.weixin.qq.com/v3/pay/transactions/out-trade-no/B1?mchid=1900000001');
  });

  it('verifies and decrypts a payment notification', async () => {
    const r = await provider.parseNotification(
      notification({
        out_trade_no: 'B1',
        transaction_id: '4200000001',
        trade_state: 'SUCCESS',
        amount: { total: 90000, payer_total: 90000 },
        success_time: '2026-11-22T10:00:00+08:00',
      }),
    );
    expect(r).toEqual({
      outTradeNo: 'B1',
      transactionId: '4200000001',
      state: 'SUCCESS',
      amountFen: 90000,
      paidAt: new Date('2026-11-22T02:00:00Z'),
    });
  });

  it('refuses a forged signature, a tampered body, a stale timestamp and an unknown serial', async () => {
    const forged = notification({ out_trade_no: 'B1', trade_state: 'SUCCESS' }, { key: pair().privateKey });
    await expect(provider.parseNotification(forged)).rejects.toBeInstanceOf(PaymentSignatureError);
    const good = notification({ out_trade_no: 'B1', trade_state: 'SUCCESS' });
    await expect(
      provider.parseNotification({ ...good, body: good.body.replace('EV-1', 'EV-2') }),
    ).rejects.toBeInstanceOf(PaymentSignatureError);
    await expect(
      provider.parseNotification(notification({ out_trade_no: 'B1' }, { ts: Math.floor(Date.now() / 1000) - 3600 })),
    ).rejects.toThrow('支付通知已过期');
    await expect(
      provider.parseNotification({ ...good, headers: { ...good.headers, 'Wechatpay-Serial': 'OTHER' } }),
    ).rejects.toThrow('未知的平台证书序列号');
  });

  it('refuses a resource encrypted with another key', async () => {
    const body = JSON.stringify({
      resource: encryptResource('ffffffffffffffffffffffffffffffff', '{"out_trade_no":"B1"}'),
    });
    await expect(provider.parseNotification({ headers: platformHeaders(body), body })).rejects.toThrow(
      '支付通知解密失败',
    );
  });
});
