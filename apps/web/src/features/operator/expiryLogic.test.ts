import { describe, expect, it } from 'vitest';
import { movedEnd, renewalAmount } from './expiryLogic.ts';

describe('expiry moves', () => {
  it('adds to a running end, and from yesterday to one that has passed or is none', () => {
    expect(movedEnd('2026-03-10', { days: 30 }, '2026-03-05')).toBe('2026-04-09');
    expect(movedEnd('2026-03-04', { days: 30 }, '2026-03-05')).toBe('2026-04-03');
    expect(movedEnd('2026-01-01', { days: 1 }, '2026-03-05')).toBe('2026-03-05');
    expect(movedEnd(null, { days: 1 }, '2026-03-01')).toBe('2026-03-01');
    expect(movedEnd('2026-12-31', { years: 1 }, '2026-12-01')).toBe('2027-12-31');
    expect(movedEnd('2028-02-29', { years: 1 }, '2028-02-01')).toBe('2029-02-28');
    expect(movedEnd('2028-02-29', { years: 4 }, '2028-02-01')).toBe('2032-02-29');
  });

  it('prices an offline renewal per company and in all, in whole fen', () => {
    expect(renewalAmount('3000.00', 2, 3)).toEqual({ each: '6000.00', total: '18000.00' });
    expect(renewalAmount('0.10', 3, 1)).toEqual({ each: '0.30', total: '0.30' });
    expect(renewalAmount(undefined, 1, 1)).toBeNull();
    expect(renewalAmount('10.00', '', 1)).toBeNull();
  });
});
