/**
 * Pure money rules of the fees module. Amounts are integer fen; every rounding is half away from
 * zero at the fen (PostgreSQL's round(numeric) does the same, so SQL and TypeScript agree).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** fen → '12.50' */
export const yuan = (fen: number | bigint) => {
  const n = BigInt(fen);
  const neg = n < 0n;
  const a = neg ? -n : n;
  return `${neg ? '-' : ''}${a / 100n}.${String(a % 100n).padStart(2, '0')}`;
};

/** '12.5' / 12.5 → 1250; null when not a number with at most two decimals */
export const toFen = (v: unknown): number | null => {
  const s = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '';
  if (!/^-?\d+(\.\d{1,2})?$/.test(s)) return null;
  const [i, d = ''] = s.replace('-', '').split('.');
  const fen = Number(i) * 100 + Number(d.padEnd(2, '0'));
  return s.startsWith('-') ? -fen : fen;
};

/** a / b rounded half away from zero, in integers (b > 0) */
const divRound = (a: bigint, b: bigint) => (a >= 0n ? (a * 2n + b) / (2n * b) : -((-a * 2n + b) / (2n * b)));

/**
 * A bill line: quantity in hundredths (120.00 m² → 12000) × unit price fen × months, rounded once.
 * A fixed amount passes quantity null.
 */
export const lineAmount = (quantityCents: number | null, unitPriceFen: number, months: number) =>
  quantityCents === null
    ? unitPriceFen * months
    : Number(divRound(BigInt(quantityCents) * BigInt(unitPriceFen) * BigInt(months), 100n));

/**
 * Discount in percent, above 0 and at most 100, two decimals; blank is the full amount. 0 or less
 * is refused by the caller like any other number out of range: read as the full amount it hid a
 * slip. Returns hundredths of a percent (100 % → 10000).
 */
export const discountBasis = (v: unknown): number | 'invalid' => {
  if (v === undefined || v === null || v === '') return 10000;
  const n = typeof v === 'number' || (typeof v === 'string' && v.trim() !== '') ? Number(v) : NaN;
  if (!Number.isFinite(n) || n <= 0) return 'invalid';
  const cents = Math.round(n * 100);
  if (cents > 10000 || Math.abs(cents - n * 100) > 1e-6) return 'invalid';
  return cents;
};

/** round(total × discount / 100) to the fen */
export const applyDiscount = (totalFen: number, basis: number) =>
  Number(divRound(BigInt(totalFen) * BigInt(basis), 10000n));

/**
 * Splits a discounted total over bill lines in proportion to what each owes: each line gets its
 * rounded share, the last line takes what rounding left, so the lines always add up to the total.
 */
export const splitPaid = (dues: number[], paidTotal: number): number[] => {
  const total = dues.reduce((s, d) => s + d, 0);
  if (total === 0) return dues.map(() => 0);
  const out = dues.map((d) => Number(divRound(BigInt(d) * BigInt(paidTotal), BigInt(total))));
  out[out.length - 1]! += paidTotal - out.reduce((s, d) => s + d, 0);
  return out;
};

/** Late fee of one unpaid line: amount × rate‰ × overdue days, rounded at the fen. */
export const lateFee = (amountFen: number, ratePermille: number, overdueDays: number) =>
  overdueDays <= 0 || ratePermille <= 0
    ? 0
    : Number(divRound(BigInt(amountFen) * BigInt(Math.round(ratePermille * 100)) * BigInt(overdueDays), 100000n));

/** Recharge multiplier: 1.00–2.00; below 1 counts as 1; above 2 is refused (null). */
export const effectiveMultiplier = (v: unknown): number | null => {
  const n = Number(v);
  if (!Number.isFinite(n)) return null;
  if (n < 1) return 1;
  if (n > 2) return null;
  return Math.round(n * 100) / 100;
};

/** Arrival of a top-up: principal × multiplier, rounded at the fen. */
export const arrivalOf = (principalFen: number, multiplier: number) =>
  Number(divRound(BigInt(principalFen) * BigInt(Math.round(multiplier * 100)), 100n));

/** 'YYYY-MM' → first day, last day and the months in between. */
export const periodOf = (start: string, months: number) => {
  const [y, m] = start.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(y, m - 1, 1));
  const last = new Date(Date.UTC(y, m - 1 + months, 0));
  const d = (x: Date) => x.toISOString().slice(0, 10);
  return { start: d(first), end: d(last) };
};

/**
 * Signed links for the public pay pages: `<orderId>.<expiry>.<hmac>`, so a payer's URL never
 * exposes a bare id anyone could change. Secret from PAY_LINK_SECRET or random per process.
 */
const secret = process.env.PAY_LINK_SECRET || randomBytes(32).toString('hex');
const mac = (body: string) => createHmac('sha256', secret).update(body).digest('base64url').slice(0, 32);
export const signPayToken = (orderId: number, ttlSeconds = 7 * 86400) => {
  const body = `${orderId}.${Math.floor(Date.now() / 1000) + ttlSeconds}`;
  return `${body}.${mac(body)}`;
};
export const readPayToken = (token: unknown): number | null => {
  if (typeof token !== 'string') return null;
  const m = /^(\d+)\.(\d+)\.([\w-]+)$/.exec(token);
  if (!m) return null;
  const want = Buffer.from(mac(`${m[1]}.${m[2]}`));
  const got = Buffer.from(m[3]!);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
  if (Number(m[2]) < Date.now() / 1000) return null;
  return Number(m[1]);
};

/** Our order number: tenant, time, randomness; ≤ 32 chars as WeChat Pay requires. */
export const newOutTradeNo = (tenantId: number) =>
  `F${tenantId}${Date.now().toString(36).toUpperCase()}${randomBytes(5).toString('hex').toUpperCase()}`.slice(0, 32);
