import { describe, expect, it } from 'vitest';
import { PAID_TEXT, paidText } from './parkingPaid.ts';

describe('the parking pay page after a payment', () => {
  it('promises the grace only when the payment covered the stay', () => {
    expect(paidText({ owed: '0.00', grace: true })).toBe(PAID_TEXT);
    expect(PAID_TEXT).toBe('支付成功，请在15分钟内离场');
  });

  it('names what is still owed, with two decimals, when the fee grew before the payment', () => {
    expect(paidText({ owed: '2.00', grace: false })).toBe('支付成功，仍需补缴 ¥2.00，请在出口补缴');
    expect(paidText({ owed: '5', grace: false })).toBe('支付成功，仍需补缴 ¥5.00，请在出口补缴');
  });

  it('says only that it was paid when the stay is closed or free', () => {
    expect(paidText({ owed: '0.00', grace: false })).toBe('支付成功');
  });
});
