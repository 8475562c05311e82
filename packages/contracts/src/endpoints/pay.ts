import { endpoint } from '../endpoint.ts';

/** A pay link's signed token as the pages send it. */
type Token = string | number;

/** {id}: the order to pay; {paidid}: how its payment ended */
export type PayConfigBody = { id?: Token; paidid?: Token };
export type PayConfigReply =
  | { totalFee: string; href: string; tradeno: string; time: string; state: string }
  /** state: success | confirming | failed */
  | { state: string; tradeno: string };

export type BillInfoReply = {
  villageName: string;
  address: string;
  name: string;
  /** masked */
  tel: string;
  totalNum: number;
  period: string;
  TaxAmount: string;
  state: string;
  /** the official account a payer without an OAuth code is sent to ('sandbox': no messaging app) */
  appId: string;
};

export type WebPayParams = {
  appId: string;
  timeStamp: string;
  nonceStr: string;
  package: string;
  signType: 'RSA';
  paySign: string;
};

export type SandboxOrder = {
  outTradeNo: string;
  amount: string;
  description: string;
  expireAt: string;
  expired: boolean;
};

/** The public pay pages' calls (no login); ids travel only as signed tokens. */
export const payApi = {
  payConfig: endpoint<PayConfigBody, PayConfigReply>('/Web/NoLoginApi/OnlinePay/payConfig'),
  billInfo: endpoint<{ billInfo?: Token }, BillInfoReply>('/Web/NoLoginApi/OnlinePay/billInfo'),
  webPay: endpoint<{ code?: string; payInfoId?: Token }, WebPayParams>('/H5/Pay/OnlinePay/webPay'),
  sandboxOrder: endpoint<{ token: string }, SandboxOrder>('/Web/NoLoginApi/Sandbox/order'),
  sandboxPay: endpoint<
    { token: string; result: 'success' | 'fail' },
    { state: 'SUCCESS'; transactionId: string } | { state: 'PAYERROR' }
  >('/Web/NoLoginApi/Sandbox/pay'),
} as const;
