import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  capturedNearTimestamp,
  deviceHeaders,
  EVENT_TIME_AFTER_MS,
  EVENT_TIME_BEFORE_MS,
  isStale,
  signatureMatches,
  signEvent,
  TIMESTAMP_WINDOW_MS,
} from './device-signature.ts';

const secret = 'lane-secret';
const body = '{"event_id":"e1","plate":"京A12345","direction":1}';

describe('device signature', () => {
  it('is the hex HMAC-SHA256 of timestamp.body under the secret', () => {
    const want = createHmac('sha256', secret).update(`1700000000000.${body}`).digest('hex');
    expect(signEvent(secret, '1700000000000', body)).toBe(want);
  });

  it('accepts the right signature in either case and refuses another key, body or timestamp', () => {
    const sig = signEvent(secret, '1700000000000', body);
    const h = { code: 'P1', timestamp: '1700000000000', signature: sig };
    expect(signatureMatches(secret, h, body)).toBe(true);
    expect(signatureMatches(secret, { ...h, signature: sig.toUpperCase() }, body)).toBe(true);
    expect(signatureMatches('other', h, body)).toBe(false);
    expect(signatureMatches(secret, h, body.replace('12345', '12346'))).toBe(false);
    expect(signatureMatches(secret, { ...h, timestamp: '1700000000001' }, body)).toBe(false);
    expect(signatureMatches(secret, { ...h, signature: 'zz' }, body)).toBe(false);
    expect(signatureMatches(secret, { ...h, signature: sig.slice(0, 62) }, body)).toBe(false);
  });

  it('calls a timestamp stale outside ±300 s or when it is not a number', () => {
    const now = 1_700_000_000_000;
    expect(isStale(String(now - TIMESTAMP_WINDOW_MS), now)).toBe(false);
    expect(isStale(String(now + TIMESTAMP_WINDOW_MS), now)).toBe(false);
    expect(isStale(String(now - TIMESTAMP_WINDOW_MS - 1), now)).toBe(true);
    expect(isStale(String(now + TIMESTAMP_WINDOW_MS + 1), now)).toBe(true);
    expect(isStale('soon', now)).toBe(true);
  });

  it('takes a capture time from a day before the signed timestamp to a few minutes after it, and nothing beyond', () => {
    const ts = 1_700_000_000_000;
    expect(capturedNearTimestamp(ts, String(ts))).toBe(true);
    expect(capturedNearTimestamp(ts - EVENT_TIME_BEFORE_MS, String(ts))).toBe(true);
    expect(capturedNearTimestamp(ts + EVENT_TIME_AFTER_MS, String(ts))).toBe(true);
    expect(capturedNearTimestamp(ts - EVENT_TIME_BEFORE_MS - 1, String(ts))).toBe(false);
    expect(capturedNearTimestamp(ts + EVENT_TIME_AFTER_MS + 1, String(ts))).toBe(false);
    expect(capturedNearTimestamp(Date.UTC(9999, 11, 31), String(ts))).toBe(false);
    expect(capturedNearTimestamp(Number.NaN, String(ts))).toBe(false);
  });

  it('reads the three headers and nothing when one is missing', () => {
    expect(deviceHeaders({ 'x-device-code': 'P1', 'x-timestamp': '1', 'x-signature': 'ab' })).toEqual({
      code: 'P1',
      timestamp: '1',
      signature: 'ab',
    });
    expect(deviceHeaders({ 'x-device-code': 'P1', 'x-timestamp': '1' })).toBeNull();
    expect(deviceHeaders({ 'x-device-code': ['P1', 'P2'], 'x-timestamp': '1', 'x-signature': 'ab' })).toBeNull();
  });
});
