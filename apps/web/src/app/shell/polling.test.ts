import { describe, expect, it } from 'vitest';
import { abnormalListenMs, pollStep, startPolling } from './polling.ts';

describe('event polling failures', () => {
  it('stops on the sixth consecutive failure and resets the counter', () => {
    let failures = 0;
    for (let i = 1; i <= 5; i++) {
      const s = pollStep(failures, false);
      expect(s.stop).toBe(false);
      failures = s.failures;
    }
    expect(failures).toBe(5);
    expect(pollStep(failures, false)).toEqual({ failures: 0, stop: true });
  });
  it('a success resets the counter', () => {
    expect(pollStep(4, true)).toEqual({ failures: 0, stop: false });
  });
});

describe('startPolling', () => {
  /** A hand-driven clock: `beat()` fires the interval once. */
  const manual = () => {
    let fn: (() => void) | null = null;
    let cancelled = false;
    return {
      timers: { every: (f: () => void) => ((fn = f), 1), cancel: () => (cancelled = true) },
      beat: async () => {
        fn?.();
        await new Promise((r) => setTimeout(r, 0));
      },
      cancelled: () => cancelled,
    };
  };
  const flush = () => new Promise((r) => setTimeout(r, 0));

  it('stops after the sixth consecutive failure, silently until then, and calls no more', async () => {
    const clock = manual();
    let calls = 0;
    let stopped = 0;
    const data: number[] = [];
    startPolling(
      () => {
        calls++;
        return Promise.reject(new Error('down'));
      },
      60_000,
      { onData: (v: number) => data.push(v), onStop: () => stopped++ },
      clock.timers,
    );
    await flush();
    for (let i = 0; i < 4; i++) await clock.beat();
    expect(calls).toBe(5);
    expect(stopped).toBe(0);
    expect(clock.cancelled()).toBe(false);
    await clock.beat();
    expect(calls).toBe(6);
    expect(stopped).toBe(1);
    expect(clock.cancelled()).toBe(true);
    expect(data).toEqual([]);
  });

  it('a success in between starts the count again', async () => {
    const clock = manual();
    const results = [false, false, false, false, false, true, false, false, false, false, false];
    let i = 0;
    let stopped = 0;
    const data: number[] = [];
    startPolling(
      () => (results[i++] ? Promise.resolve(i) : Promise.reject(new Error('x'))),
      1000,
      { onData: (v: number) => data.push(v), onStop: () => stopped++ },
      clock.timers,
    );
    await flush();
    for (let k = 0; k < 10; k++) await clock.beat();
    expect(data).toEqual([6]);
    expect(stopped).toBe(0);
  });

  it('the stop function ends it without calling onStop', async () => {
    const clock = manual();
    let stopped = 0;
    const stop = startPolling(
      () => Promise.resolve(1),
      1000,
      { onData: () => {}, onStop: () => stopped++ },
      clock.timers,
    );
    stop();
    expect(clock.cancelled()).toBe(true);
    expect(stopped).toBe(0);
  });

  it('reads the abnormal-listen interval, 60 s when unset or nonsense', () => {
    expect(abnormalListenMs(undefined)).toBe(60_000);
    expect(abnormalListenMs('abc')).toBe(60_000);
    expect(abnormalListenMs('5000')).toBe(5000);
  });
});
