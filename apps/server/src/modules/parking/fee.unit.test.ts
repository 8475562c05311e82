import { describe, expect, it } from 'vitest';
import { temporaryFee, yuan } from './fee.ts';

const tariff = { freeMinutes: 15, hourPrice: 500, dayCap: 3000 };

describe('temporary parking fee', () => {
  it('is free within the free minutes', () => {
    expect(temporaryFee(0, tariff)).toBe(0);
    expect(temporaryFee(15, tariff)).toBe(0);
  });

  it('charges every started hour once the free minutes are passed, counted from the entry', () => {
    expect(temporaryFee(16, tariff)).toBe(500);
    expect(temporaryFee(60, tariff)).toBe(500);
    expect(temporaryFee(61, tariff)).toBe(1000);
    expect(temporaryFee(5 * 60 + 1, tariff)).toBe(3000);
  });

  it('charges at most the day cap for each 24 hours', () => {
    expect(temporaryFee(23 * 60, tariff)).toBe(3000);
    expect(temporaryFee(24 * 60, tariff)).toBe(3000);
    // a day and one started hour
    expect(temporaryFee(24 * 60 + 1, tariff)).toBe(3500);
    expect(temporaryFee(3 * 24 * 60 + 10 * 60, tariff)).toBe(3 * 3000 + 3000);
  });

  it('has no cap when the day cap is 0, and nothing to pay when the hour is free', () => {
    expect(temporaryFee(24 * 60 + 30, { freeMinutes: 0, hourPrice: 200, dayCap: 0 })).toBe(25 * 200);
    expect(temporaryFee(600, { freeMinutes: 0, hourPrice: 0, dayCap: 3000 })).toBe(0);
  });

  it('rounds a partial minute up', () => {
    expect(temporaryFee(15.2, tariff)).toBe(500);
  });

  it('shows fen as yuan with two decimals', () => {
    expect(yuan(3500)).toBe('35.00');
    expect(yuan(5)).toBe('0.05');
  });
});
