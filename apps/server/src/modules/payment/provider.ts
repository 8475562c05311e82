/**
 * One interface for every payment provider: WeChat Pay API v3 in production, the
 * sandbox in the demo and the tests. Amounts are integer fen.
 */
export type PayChannel = 'native' | 'jsapi';

export type CreateOrderInput = {
  /** our order number, unique per tenant; the provider echoes it back in notifications */
  outTradeNo: string;
  description: string;
  amountFen: number;
  channel: PayChannel;
  /** payer's openid, for jsapi */
  openid?: string;
  /** absolute URL the provider posts the result to */
  notifyUrl: string;
  expireAt?: Date;
};

/** What the payer needs: a QR code URL (native) or the JSAPI parameters for the WeChat page. */
export type CreatedOrder = {
  codeUrl?: string;
  prepayId?: string;
  jsapi?: { appId: string; timeStamp: string; nonceStr: string; package: string; signType: 'RSA'; paySign: string };
};

export type TradeState = 'SUCCESS' | 'NOTPAY' | 'CLOSED' | 'PAYERROR' | 'REFUND' | 'USERPAYING' | 'REVOKED';

/** A verified result from the provider (notification or query). */
export type PayResult = {
  outTradeNo: string;
  transactionId: string;
  state: TradeState;
  amountFen: number;
  paidAt: Date | null;
};

export type NotificationRequest = { headers: Record<string, string | undefined>; body: string };

export type PaymentProvider = {
  kind: 'wechat' | 'sandbox';
  /** the official account whose web authorization gives the JSAPI payer's openid ('sandbox' in the sandbox) */
  appId?: string;
  /** the payer's openid from a web-authorization code; absent when the provider cannot exchange codes */
  openidFromCode?: (code: string) => Promise<string>;
  createOrder: (input: CreateOrderInput) => Promise<CreatedOrder>;
  queryOrder: (outTradeNo: string) => Promise<PayResult | null>;
  /** verifies the signature and decrypts; throws PaymentSignatureError on anything forged */
  parseNotification: (req: NotificationRequest) => Promise<PayResult>;
};

export class PaymentSignatureError extends Error {
  constructor(message = '支付通知签名验证失败') {
    super(message);
    this.name = 'PaymentSignatureError';
  }
}

/** What the provider expects as the answer to a notification it delivered. */
export const notifyAck = {
  ok: { code: 'SUCCESS', message: '成功' },
  fail: (message: string) => ({ code: 'FAIL', message }),
} as const;
