import { payApi, type BillInfoReply, type PayConfigReply } from '@5a/contracts/endpoints/pay';
import type { AnyEndpoint, BodyOf } from '@5a/contracts';
import { call } from '../../api/call.ts';

export type { SandboxOrder, WebPayParams } from '@5a/contracts/endpoints/pay';

/** Public pay pages' calls (no login): identity failures never log anyone out here. */
const pub = <E extends AnyEndpoint>(endpoint: E, body: BodyOf<E>, silent = false) =>
  call(endpoint, body, { skipAuthFailure: true, silent });

export const fetchSandboxOrder = (token: string) => pub(payApi.sandboxOrder, { token });
export const sandboxPay = (token: string, result: 'success' | 'fail') => pub(payApi.sandboxPay, { token, result });

/** what the pages read of either reply (the order to pay, or how its payment ended) */
export type PayConfig = Partial<Extract<PayConfigReply, { totalFee: string }>> & { state?: string };
export const fetchPayConfig = (query: Record<string, string>, silent = false): Promise<PayConfig> =>
  pub(payApi.payConfig, query, silent);

export type BillInfo = BillInfoReply;
export const fetchBillInfo = (billInfo: string, silent = false) => pub(payApi.billInfo, { billInfo }, silent);

export const fetchWebPay = (code: string, payInfoId: string) => pub(payApi.webPay, { code, payInfoId });

/** The message of a failed call (shown inline on the public pages as well as toasted). */
export const errorText = (e: unknown) => (e instanceof Error ? e.message : '请求失败');
