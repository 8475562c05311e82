import { createHmac, timingSafeEqual } from 'node:crypto';
import { Code } from '@5a/contracts';
import { fail } from '../errors.ts';

/**
 * Devices (barrier cameras, door controllers, face terminals) sign every call with a secret of their own: a device
 * code, a millisecond timestamp within the window and an HMAC-SHA256 over `${timestamp}.${rawBody}`. The modules that
 * own devices find the candidates by code and let these helpers decide; the checks live here once.
 */

/** how far a device's clock may be from ours */
export const TIMESTAMP_WINDOW_MS = 300_000;

export type DeviceHeaders = { code: string; timestamp: string; signature: string };
export type DeviceRefusal = 'missing' | 'stale' | 'signature';

/** hex HMAC-SHA256 of `${timestamp}.${rawBody}` under the device's secret: what a camera sends as X-Signature */
export const signEvent = (secret: string, timestamp: string, rawBody: string): string =>
  createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');

/** the device headers, or null when one is missing (header names are lower-cased by Node) */
export const deviceHeaders = (h: Record<string, string | string[] | undefined>): DeviceHeaders | null => {
  const one = (k: string) => {
    const v = h[k];
    return typeof v === 'string' && v !== '' ? v : null;
  };
  const code = one('x-device-code');
  const timestamp = one('x-timestamp');
  const signature = one('x-signature');
  return code && timestamp && signature ? { code, timestamp, signature } : null;
};

/** a timestamp (ms) outside the window, or not a number at all, is stale: a captured request cannot be played later */
export const isStale = (timestamp: string, now: number): boolean => {
  if (!/^\d{1,16}$/.test(timestamp)) return true;
  return Math.abs(now - Number(timestamp)) > TIMESTAMP_WINDOW_MS;
};

/**
 * How far a capture time may lie before the signed timestamp: a camera that lost its network sends what it kept
 * when it is back, but a stay is not priced from a time days away.
 */
export const EVENT_TIME_BEFORE_MS = 24 * 3600_000;
/** and after it: a capture is signed when it is sent, so only a clock's jitter between the two */
export const EVENT_TIME_AFTER_MS = TIMESTAMP_WINDOW_MS;

/**
 * Whether a capture time (ms) lies in the window around the device's signed timestamp (already checked fresh):
 * a time outside it would price a stay of centuries or none, or reach the database as a year it cannot store.
 */
export const capturedNearTimestamp = (at: number, timestamp: string): boolean => {
  const signed = Number(timestamp);
  return at >= signed - EVENT_TIME_BEFORE_MS && at <= signed + EVENT_TIME_AFTER_MS;
};

/** what a capture time outside that window is answered with */
export const TIME_OUT_OF_WINDOW = 'time须在请求时间戳（X-Timestamp）之前24小时至之后5分钟内';

/** constant-time comparison, so the answer time says nothing about how much of a forged signature was right */
export const signatureMatches = (secret: string, h: DeviceHeaders, rawBody: string): boolean => {
  const want = Buffer.from(signEvent(secret, h.timestamp, rawBody), 'hex');
  const got = /^[0-9a-fA-F]{64}$/.test(h.signature) ? Buffer.from(h.signature, 'hex') : null;
  return !!got && got.length === want.length && timingSafeEqual(got, want);
};

/** why a device was refused: the code it is answered with and the line the log keeps */
export type Refusal = { code: number; msg: string; why: 'headers' | 'stale' | 'unknown' | 'signature' | 'disabled' };
export const refusals = {
  headers: { code: Code.forbidden, msg: '缺少设备认证信息', why: 'headers' },
  stale: { code: Code.staleTimestamp, msg: '请求时间戳已过期', why: 'stale' },
  unknown: { code: Code.forbidden, msg: '设备未登记', why: 'unknown' },
  signature: { code: Code.forbidden, msg: '设备签名错误', why: 'signature' },
  disabled: { code: Code.disabled, msg: '设备已停用', why: 'disabled' },
} as const satisfies Record<string, Refusal>;
export const refuse = (r: Refusal) => fail(r.msg, r.code, { reason: r.why });

/**
 * The one candidate whose secret signed the body (a device code is unique per company, so several companies may
 * share it: the signature tells whose device it is), or the refusal that says why none did. An empty secret (none
 * issued, or one that cannot be read) signs nothing: anyone could compute an HMAC under an empty key.
 */
export const signedBy = <C>(
  candidates: readonly C[],
  secretOf: (c: C) => string,
  h: DeviceHeaders,
  rawBody: string,
): C | Refusal => {
  if (candidates.length === 0) return refusals.unknown;
  const signed = (c: C) => {
    const secret = secretOf(c);
    return secret !== '' && signatureMatches(secret, h, rawBody);
  };
  return candidates.find(signed) ?? refusals.signature;
};
export const isRefusal = (v: unknown): v is Refusal =>
  typeof v === 'object' && v !== null && 'why' in v && 'msg' in v && 'code' in v;
