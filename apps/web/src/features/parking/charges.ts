/** 支付方式 of a parking bill: online waits in 欠费催缴, the others are collected on site at once */
export const PAY_TYPE_OPTIONS = [
  { label: '线上支付', value: 1 },
  { label: '现金', value: 2 },
  { label: '银行卡', value: 3 },
  { label: '支付宝', value: 4 },
  { label: '微信', value: 5 },
];

const fen = (yuan: unknown) => Math.round(Number(yuan ?? 0) * 100);

/** 合计 of a renewal in yuan: months × (monthly fee + cleaning fee); nothing while the months are not a count. */
export const renewalTotal = (months: unknown, monthly: unknown, cleaning: unknown): string => {
  const m = Number(months);
  if (!Number.isInteger(m) || m < 0) return '';
  return ((m * (fen(monthly) + fen(cleaning))) / 100).toFixed(2);
};
