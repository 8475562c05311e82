import { send } from '../../api/http.ts';

/** Public pay pages' calls (no login): identity failures never log anyone out here. */
const pub = <T>(path: string, body: unknown, silent = false) => send<T>(path, body, { skipAuthFailure: true, silent });

export const PAY_URLS = {
  sandboxOrder: '/Web/NoLoginApi/Sandbox/order',
  sandboxPay: '/Web/NoLoginApi/Sandbox/pay',
  payConfig: '/Web/NoLoginApi/OnlinePay/payConfig',
  billInfo: '/Web/NoLoginApi/OnlinePay/billInfo',
  webPay: '/H5/Pay/OnlinePay/webPay',
} as const;

export type SandboxOrder = {
  outTradeNo: string;
  amount: string;
  description: string;
  expireAt: string;
  expired: boolean;
};
export const fetchSandboxOrder = (token: string) => pub<SandboxOrder>(PAY_URLS.sandboxOrder, { token });
export const sandboxPay = (token: string, result: 'success' | 'fail') =>
  pub<{ state: string }>(PAY_URLS.sandboxPay, { token, result });

export type PayConfig = {
  totalFee?: string | number;
  href?: string;
  tradeno?: string;
  time?: string;
  state?: unknown;
  status?: unknown;
};
export const fetchPayConfig = (query: Record<string, string>, silent = false) =>
  pub<PayConfig | null>(PAY_URLS.payConfig, query, silent);

export type BillInfo = {
  villageName?: string;
  address?: string;
  name?: string;
  tel?: string;
  totalNum?: string | number;
  period?: string;
  TaxAmount?: string | number;
  payInfoId?: string | number;
  state?: unknown;
  /** the official account a payer without an OAuth code is sent to ('sandbox': no messaging app) */
  appId?: string;
};
export const fetchBillInfo = (billInfo: string, silent = false) =>
  pub<BillInfo | null>(PAY_URLS.billInfo, { billInfo }, silent);

export type WebPayParams = {
  appId: string;
  timeStamp: string;
  nonceStr: string;
  package: string;
  signType: string;
  paySign: string;
  codeUrl?: string;
};
export const fetchWebPay = (code: string, payInfoId: string) => pub<WebPayParams>(PAY_URLS.webPay, { code, payInfoId });

/** The message of a failed call (shown inline on the public pages as well as toasted). */
export const errorText = (e: unknown) => (e instanceof Error ? e.message : '请求失败');
