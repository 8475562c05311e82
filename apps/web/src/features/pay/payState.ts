/**
 * Online payment page state: waiting 0, success 1, failure 2.
 *
 * The original page compared instead of assigning and took any bridge reply for success, so a
 * cancelled or failed payment still showed 支付成功 and a real result never replaced it. Here the
 * state is derived from what actually happened: the bridge callback (ok / cancel / fail) and the
 * server's trade state, the server having the last word, and success is final.
 */
export const PAY_WAITING = 0;
export const PAY_SUCCESS = 1;
export const PAY_FAILURE = 2;
export type PayState = typeof PAY_WAITING | typeof PAY_SUCCESS | typeof PAY_FAILURE;

export const PAY_STATE_TEXT: Record<PayState, string> = { 0: '等待支付', 1: '支付成功', 2: '支付失败' };

const FAILED_TRADE = new Set(['PAYERROR', 'CLOSED', 'REVOKED', 'FAIL', 'FAILED', 'FAILURE']);

/** A trade state from the server (WeChat states, or 0/1/2, or 'success'/'fail'). */
export const stateOfTrade = (state: unknown): PayState => {
  if (state === 1 || state === '1' || state === true) return PAY_SUCCESS;
  if (state === 2 || state === '2') return PAY_FAILURE;
  if (typeof state !== 'string') return PAY_WAITING;
  const s = state.toUpperCase();
  if (s === 'SUCCESS' || s === 'PAID' || s === 'REFUND') return PAY_SUCCESS;
  if (FAILED_TRADE.has(s)) return PAY_FAILURE;
  return PAY_WAITING; // NOTPAY, USERPAYING, unknown
};

/** WeixinJSBridge getBrandWCPayRequest callback: ok → success, cancel / fail → failure. */
export const stateOfBridge = (errMsg: unknown): PayState => {
  if (typeof errMsg !== 'string') return PAY_WAITING;
  if (errMsg.endsWith(':ok')) return PAY_SUCCESS;
  if (errMsg.endsWith(':cancel') || errMsg.endsWith(':fail') || errMsg.includes(':fail')) return PAY_FAILURE;
  return PAY_WAITING;
};

export type PayEvent = { kind: 'bridge'; errMsg: unknown } | { kind: 'server'; state: unknown } | { kind: 'retry' };

/** The page's reducer: success stays; a server state replaces a bridge guess; retry waits again. */
export const nextPayState = (current: PayState, event: PayEvent): PayState => {
  if (current === PAY_SUCCESS) return PAY_SUCCESS;
  if (event.kind === 'retry') return PAY_WAITING;
  if (event.kind === 'bridge') return stateOfBridge(event.errMsg);
  const s = stateOfTrade(event.state);
  // a server that has not seen the result yet does not undo a failure the payer just saw
  return s === PAY_WAITING ? current : s;
};

/** The trade state a reply carries under any of its usual names. */
export const tradeStateOf = (data: unknown): unknown => {
  if (!data || typeof data !== 'object') return undefined;
  const d = data as Record<string, unknown>;
  return d.state ?? d.trade_state ?? d.tradeState ?? d.payState;
};
