import { describe, expect, it } from 'vitest';
import { renewalTotal } from './charges.ts';

describe('renewal total', () => {
  it('is months × (monthly + cleaning) in yuan, exact in fen', () => {
    expect(renewalTotal(3, '300.00', '20.00')).toBe('960.00');
    expect(renewalTotal(3, '0.10', '0.20')).toBe('0.90');
    expect(renewalTotal(0, '300.00', '20.00')).toBe('0.00');
  });
  it('says nothing for months that are not a count', () => {
    expect(renewalTotal(1.5, '300.00', '0')).toBe('');
    expect(renewalTotal(undefined, '300.00', '0')).toBe('');
    expect(renewalTotal(-1, '300.00', '0')).toBe('');
  });
});
