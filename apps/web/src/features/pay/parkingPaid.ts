/** The pay page's word after a payment, from the server's state reply. */
export type PaidState = { owed: string; grace: boolean };

export const PAID_TEXT = '支付成功，请在15分钟内离场';

/**
 * A payment that covered the stay leaves 15 minutes to go; one priced before the fee grew leaves the difference
 * to pay at the exit, so the page names it instead of promising a free exit.
 */
export const paidText = (s: PaidState): string => {
  if (Number(s.owed) > 0) return `支付成功，仍需补缴 ¥${Number(s.owed).toFixed(2)}，请在出口补缴`;
  return s.grace ? PAID_TEXT : '支付成功';
};
