import { createCipheriv, createDecipheriv, createSign, createVerify, randomBytes } from 'node:crypto';
import { wechatOAuth, type WechatOAuthConfig } from './wechat-oauth.ts';
import {
  PaymentSignatureError,
  type CreateOrderInput,
  type CreatedOrder,
  type NotificationRequest,
  type PayResult,
  type PaymentProvider,
  type TradeState,
} from './provider.ts';

/**
 * WeChat Pay API v3 client (Native and JSAPI orders), per the official v3 documentation:
 * requests signed with the merchant's RSA key (WECHATPAY2-SHA256-RSA2048), responses and
 * notifications verified with the platform public key of the serial they name, notification
 * resources decrypted with the APIv3 key (AEAD_AES_256_GCM).
 */
export type WechatPayConfig = {
  mchid: string;
  appid: string;
  /** serial number of the merchant API certificate */
  serialNo: string;
  /** merchant private key, PEM */
  privateKey: string;
  /** 32-byte APIv3 key */
  apiV3Key: string;
  /** platform public keys (or certificates) by serial, PEM */
  platformKeys: Record<string, string>;
  baseUrl?: string;
  /** injectable for tests; defaults to global fetch */
  transport?: (
    url: string,
    init: { method: string; headers: Record<string, string>; body?: string },
  ) => Promise<{ status: number; headers: Record<string, string>; body: string }>;
  /** notifications older than this are refused (replay window) */
  maxSkewSeconds?: number;
  /** the official account's AppSecret: with it the provider exchanges OAuth codes for openids */
  appSecret?: string;
  /** the OAuth exchange's endpoint and HTTP call, injectable for tests */
  oauth?: Pick<WechatOAuthConfig, 'baseUrl' | 'get' | 'timeoutMs'>;
};

const AUTH_SCHEMA = 'WECHATPAY2-SHA256-RSA2048';
const nonce = () => randomBytes(16).toString('hex');

export const signMessage = (privateKey: string, message: string) =>
  createSign('RSA-SHA256').update(message).sign(privateKey, 'base64');
const verifyMessage = (publicKey: string, message: string, signature: string) => {
  try {
    return createVerify('RSA-SHA256').update(message).verify(publicKey, signature, 'base64');
  } catch {
    return false;
  }
};

/** Authorization header for one request (method, path with query, timestamp, nonce, body). */
export const authorization = (
  cfg: WechatPayConfig,
  method: string,
  urlPath: string,
  body: string,
  ts = Math.floor(Date.now() / 1000),
  n = nonce(),
) => {
  const signature = signMessage(cfg.privateKey, `${method}\n${urlPath}\n${ts}\n${n}\n${body}\n`);
  return `${AUTH_SCHEMA} mchid="${cfg.mchid}",nonce_str="${n}",signature="${signature}",timestamp="${ts}",serial_no="${cfg.serialNo}"`;
};

const header = (h: Record<string, string | undefined>, name: string) => {
  const key = Object.keys(h).find((k) => k.toLowerCase() === name.toLowerCase());
  return key ? h[key] : undefined;
};

/** Checks Wechatpay-Timestamp/Nonce/Signature/Serial over the body; throws when forged or stale. */
export const verifySigned = (cfg: WechatPayConfig, headers: Record<string, string | undefined>, body: string) => {
  const ts = header(headers, 'wechatpay-timestamp');
  const n = header(headers, 'wechatpay-nonce');
  const sig = header(headers, 'wechatpay-signature');
  const serial = header(headers, 'wechatpay-serial');
  if (!ts || !n || !sig || !serial) throw new PaymentSignatureError('支付通知缺少签名信息');
  const key = cfg.platformKeys[serial];
  if (!key) throw new PaymentSignatureError('未知的平台证书序列号');
  if (Math.abs(Date.now() / 1000 - Number(ts)) > (cfg.maxSkewSeconds ?? 300))
    throw new PaymentSignatureError('支付通知已过期');
  if (!verifyMessage(key, `${ts}\n${n}\n${body}\n`, sig)) throw new PaymentSignatureError();
};

type Resource = { algorithm: string; ciphertext: string; associated_data?: string; nonce: string };

/** AEAD_AES_256_GCM: the last 16 bytes of the ciphertext are the tag. */
export const decryptResource = (apiV3Key: string, r: Resource) => {
  if (r.algorithm !== 'AEAD_AES_256_GCM') throw new PaymentSignatureError('不支持的加密算法');
  const data = Buffer.from(r.ciphertext, 'base64');
  try {
    const d = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(r.nonce, 'utf8'));
    d.setAuthTag(data.subarray(data.length - 16));
    d.setAAD(Buffer.from(r.associated_data ?? '', 'utf8'));
    return Buffer.concat([d.update(data.subarray(0, data.length - 16)), d.final()]).toString('utf8');
  } catch {
    throw new PaymentSignatureError('支付通知解密失败');
  }
};

/** The inverse, for tests and the sandbox: what WeChat sends. */
export const encryptResource = (
  apiV3Key: string,
  plaintext: string,
  associatedData = 'transaction',
  n = randomBytes(6).toString('hex'),
): Resource => {
  const c = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(n, 'utf8'));
  c.setAAD(Buffer.from(associatedData, 'utf8'));
  const out = Buffer.concat([c.update(plaintext, 'utf8'), c.final(), c.getAuthTag()]);
  return {
    algorithm: 'AEAD_AES_256_GCM',
    ciphertext: out.toString('base64'),
    associated_data: associatedData,
    nonce: n,
  };
};

type Transaction = {
  out_trade_no: string;
  transaction_id?: string;
  trade_state: TradeState;
  amount?: { total?: number; payer_total?: number };
  success_time?: string;
};

const toResult = (t: Transaction): PayResult => ({
  outTradeNo: t.out_trade_no,
  transactionId: t.transaction_id ?? '',
  state: t.trade_state,
  amountFen: t.amount?.total ?? 0,
  paidAt: t.success_time ? new Date(t.success_time) : null,
});

/** time_expire is RFC 3339 with the +08:00 offset */
const rfc3339 = (d: Date) => `${new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;

export const wechatPayProvider = (cfg: WechatPayConfig): PaymentProvider => {
  const base = cfg.baseUrl ?? 'https://api.mch.weixin.qq.com';
  const transport =
    cfg.transport ??
    (async (url, init) => {
      const res = await fetch(url, init);
      return { status: res.status, headers: Object.fromEntries(res.headers.entries()), body: await res.text() };
    });

  const call = async <T>(
    method: 'GET' | 'POST',
    path: string,
    payload?: unknown,
  ): Promise<{ status: number; data: T | null }> => {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const res = await transport(`${base}${path}`, {
      method,
      headers: {
        Authorization: authorization(cfg, method, path, body),
        Accept: 'application/json',
        'Content-Type': 'application/json',
        'User-Agent': '5a-community/1.10',
      },
      body: method === 'POST' ? body : undefined,
    });
    if (res.status === 404) return { status: 404, data: null };
    // every answer of the platform is signed too
    verifySigned({ ...cfg, maxSkewSeconds: 3600 }, res.headers, res.body);
    if (res.status >= 300) {
      const err = (res.body ? JSON.parse(res.body) : {}) as { code?: string; message?: string };
      throw new Error(`微信支付下单失败：${err.message ?? err.code ?? res.status}`);
    }
    return { status: res.status, data: (res.body ? JSON.parse(res.body) : null) as T };
  };

  const createOrder = async (input: CreateOrderInput): Promise<CreatedOrder> => {
    const order = {
      appid: cfg.appid,
      mchid: cfg.mchid,
      description: input.description.slice(0, 127),
      out_trade_no: input.outTradeNo,
      notify_url: input.notifyUrl,
      amount: { total: input.amountFen, currency: 'CNY' },
      ...(input.expireAt ? { time_expire: rfc3339(input.expireAt) } : {}),
      ...(input.channel === 'jsapi' ? { payer: { openid: input.openid } } : {}),
    };
    if (input.channel === 'native') {
      const { data } = await call<{ code_url: string }>('POST', '/v3/pay/transactions/native', order);
      return { codeUrl: data?.code_url };
    }
    const { data } = await call<{ prepay_id: string }>('POST', '/v3/pay/transactions/jsapi', order);
    const prepayId = data?.prepay_id ?? '';
    const timeStamp = String(Math.floor(Date.now() / 1000));
    const nonceStr = nonce();
    const pkg = `prepay_id=${prepayId}`;
    return {
      prepayId,
      jsapi: {
        appId: cfg.appid,
        timeStamp,
        nonceStr,
        package: pkg,
        signType: 'RSA',
        paySign: signMessage(cfg.privateKey, `${cfg.appid}\n${timeStamp}\n${nonceStr}\n${pkg}\n`),
      },
    };
  };

  const queryOrder = async (outTradeNo: string) => {
    const { data } = await call<Transaction>(
      'GET',
      `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}?mchid=${cfg.mchid}`,
    );
    return data ? toResult(data) : null;
  };

  const parseNotification = async ({ headers, body }: NotificationRequest) => {
    verifySigned(cfg, headers, body);
    const event = JSON.parse(body) as { event_type?: string; resource?: Resource };
    if (!event.resource) throw new PaymentSignatureError('支付通知格式错误');
    return toResult(JSON.parse(decryptResource(cfg.apiV3Key, event.resource)) as Transaction);
  };

  const oauth = cfg.appSecret ? wechatOAuth({ appid: cfg.appid, secret: cfg.appSecret, ...cfg.oauth }) : null;
  return {
    kind: 'wechat',
    appId: cfg.appid,
    ...(oauth ? { openidFromCode: oauth.openidFromCode } : {}),
    createOrder,
    queryOrder,
    parseNotification,
  };
};
