import { createHmac, timingSafeEqual } from 'node:crypto';

/** how far a device's clock may be from ours */
export const TIMESTAMP_WINDOW_MS = 300_000;

export type DeviceHeaders = { code: string; timestamp: string; signature: string };
export type DeviceRefusal = 'missing' | 'stale' | 'signature';

/** hex HMAC-SHA256 of `${timestamp}.${rawBody}` under the lane's secret: what a camera sends as X-Signature */
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

/** constant-time comparison, so the answer time says nothing about how much of a forged signature was right */
export const signatureMatches = (secret: string, h: DeviceHeaders, rawBody: string): boolean => {
  const want = Buffer.from(signEvent(secret, h.timestamp, rawBody), 'hex');
  const got = /^[0-9a-fA-F]{64}$/.test(h.signature) ? Buffer.from(h.signature, 'hex') : null;
  return !!got && got.length === want.length && timingSafeEqual(got, want);
};
