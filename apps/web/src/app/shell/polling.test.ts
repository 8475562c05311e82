import { describe, expect, it } from 'vitest';
import { pollStep } from './polling.ts';

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
