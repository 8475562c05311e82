import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  PaymentSignatureError,
  type CreatedOrder,
  type NotificationRequest,
  type PayResult,
  type PaymentProvider,
} from './provider.ts';

/**
 * The sandbox provider goes through the same states as WeChat Pay (order → QR → payer scans →
 * signed notification → paid) without leaving the machine. The QR code leads to our own payer
 * page (/sandbox_pay), which plays the payer's scan: success or failure. Orders travel inside an
 * HMAC-signed token, notifications are HMAC-signed like the platform signs its own.
 */
export const SANDBOX_OPENID_PREFIX = 'sandbox-';

export type SandboxOrder = { o: string; a: number; d: string; n: string; e: number };

const b64 = (s: string) => Buffer.from(s).toString('base64url');
const hmac = (secret: string, s: string) => createHmac('sha256', secret).update(s).digest('base64url');
const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export const signOrderToken = (secret: string, order: SandboxOrder) => {
  const payload = b64(JSON.stringify(order));
  return `${payload}.${hmac(secret, payload)}`;
};

export const readOrderToken = (secret: string, token: string): SandboxOrder => {
  const [payload, sig] = token.split('.');
  if (!payload || !sig || !same(sig, hmac(secret, payload))) throw new PaymentSignatureError('支付链接无效');
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as SandboxOrder;
};

/**
 * The one transaction an order gets, derived from the order: like WeChat Pay, which refuses to take
 * money twice for one out_trade_no, a replayed payer scan is answered with the first transaction
 * and so settles (or refunds) nothing again.
 */
export const sandboxTransactionId = (secret: string, order: Pick<SandboxOrder, 'o' | 'n'>) =>
  `SBX${createHmac('sha256', secret).update(`transaction\n${order.n}\n${order.o}`).digest('hex').slice(0, 25)}`;

/**
 * What the sandbox platform posts to notify_url when the payer has paid (or failed); a test may name
 * another transaction to play a provider that delivers a second payment for the same order.
 */
export const sandboxNotification = (
  secret: string,
  order: SandboxOrder,
  success: boolean,
  at = new Date(),
  transactionId = sandboxTransactionId(secret, order),
): NotificationRequest => {
  const body = JSON.stringify({
    event_type: success ? 'TRANSACTION.SUCCESS' : 'TRANSACTION.PAYERROR',
    out_trade_no: order.o,
    transaction_id: transactionId,
    trade_state: success ? 'SUCCESS' : 'PAYERROR',
    amount: { total: order.a },
    success_time: success ? at.toISOString() : undefined,
  });
  const ts = String(Math.floor(at.getTime() / 1000));
  const nonce = randomBytes(8).toString('hex');
  return {
    headers: {
      'content-type': 'application/json',
      'x-sandbox-timestamp': ts,
      'x-sandbox-nonce': nonce,
      'x-sandbox-signature': hmac(secret, `${ts}\n${nonce}\n${body}\n`),
    },
    body,
  };
};

export const sandboxProvider = (secret: string, publicUrl: string): PaymentProvider => {
  const results = new Map<string, PayResult>();
  const createOrder = async (input: {
    outTradeNo: string;
    description: string;
    amountFen: number;
    notifyUrl: string;
    channel: 'native' | 'jsapi';
    expireAt?: Date;
    openid?: string;
  }): Promise<CreatedOrder> => {
    const token = signOrderToken(secret, {
      o: input.outTradeNo,
      a: input.amountFen,
      d: input.description,
      n: input.notifyUrl,
      e: (input.expireAt ?? new Date(Date.now() + 2 * 3600_000)).getTime(),
    });
    const codeUrl = `${publicUrl.replace(/\/$/, '')}/sandbox_pay?token=${encodeURIComponent(token)}`;
    if (input.channel === 'native') return { codeUrl };
    const timeStamp = String(Math.floor(Date.now() / 1000));
    const nonceStr = randomBytes(8).toString('hex');
    const pkg = `prepay_id=sandbox_${input.outTradeNo}`;
    return {
      prepayId: `sandbox_${input.outTradeNo}`,
      codeUrl,
      jsapi: {
        appId: 'sandbox',
        timeStamp,
        nonceStr,
        package: pkg,
        signType: 'RSA',
        paySign: hmac(secret, `sandbox\n${timeStamp}\n${nonceStr}\n${pkg}\n`),
      },
    };
  };
  const parseNotification = async ({ headers, body }: NotificationRequest): Promise<PayResult> => {
    const ts = headers['x-sandbox-timestamp'];
    const nonce = headers['x-sandbox-nonce'];
    const sig = headers['x-sandbox-signature'];
    if (!ts || !nonce || !sig || !same(sig, hmac(secret, `${ts}\n${nonce}\n${body}\n`)))
      throw new PaymentSignatureError();
    if (Math.abs(Date.now() / 1000 - Number(ts)) > 300) throw new PaymentSignatureError('支付通知已过期');
    const t = JSON.parse(body) as {
      out_trade_no: string;
      transaction_id: string;
      trade_state: PayResult['state'];
      amount: { total: number };
      success_time?: string;
    };
    const result: PayResult = {
      outTradeNo: t.out_trade_no,
      transactionId: t.transaction_id,
      state: t.trade_state,
      amountFen: t.amount.total,
      paidAt: t.success_time ? new Date(t.success_time) : null,
    };
    results.set(result.outTradeNo, result);
    return result;
  };
  // no messaging app in the sandbox: the wap page comes back with code=sandbox and the code names the payer
  const openidFromCode = async (code: string) => `${SANDBOX_OPENID_PREFIX}${code}`;
  return {
    kind: 'sandbox',
    appId: 'sandbox',
    openidFromCode,
    createOrder,
    queryOrder: async (o) => results.get(o) ?? null,
    parseNotification,
  };
};
