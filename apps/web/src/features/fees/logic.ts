import dayjs from 'dayjs';

/** Pure fee rules shared by the dialogs and pages; unit-tested. */

/** Pay methods. */
export const PAY_METHODS = [
  { value: 1, label: '银行卡' },
  { value: 2, label: '现金' },
  { value: 3, label: '支付宝' },
  { value: 4, label: '微信支付' },
] as const;
/** The server also takes 5: the house's prepaid balance (no receipt number needed). */
export const PAY_BALANCE = 5;
export const ON_SITE_METHODS = [...PAY_METHODS, { value: PAY_BALANCE, label: '预存余额抵扣' }] as const;
/** Payment collection type. */
export const COLLECT_ONLINE = 0;
export const COLLECT_ON_SITE = 1;
export const DEFAULT_DISCOUNT = 100;
export const QR_SIZE = 300;
export const QR_COUNTDOWN_S = 100;
export const ORDER_POLL_MS = 2000;

export const MONTH_FORMAT = 'YYYY-MM';
export const DATE_FORMAT = 'YYYY-MM-DD';

/** A number from a yuan string or number; anything else is 0. */
export const toNum = (v: unknown): number => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : 0;
};

/** Two decimals by way of integer fen (0.1 + 0.2 style errors never leak). */
export const round2 = (n: number): number => Math.round(Math.round(n * 1000) / 10) / 100;

export const yuan = (n: number) => round2(n).toFixed(2);

/** What the server answers a discount out of range with; the dialog says it before sending. */
export const DISCOUNT_RANGE_MSG = '折扣应为大于0且不超过100的数字（百分比），最多两位小数';

/** A discount percent the server takes: blank (the full amount), or above 0 and at most 100 with two decimals. */
export const isValidDiscount = (discount: number | null | undefined) =>
  discount === null ||
  discount === undefined ||
  (Number.isFinite(discount) &&
    discount > 0 &&
    discount <= 100 &&
    Math.abs(Math.round(discount * 100) - discount * 100) < 1e-6);

/**
 * The amount shown while typing = total × discount / 100, two decimals. A discount out of range
 * shows the full amount (the form refuses to send it); above 100 is capped.
 */
export const applyDiscount = (
  total: number,
  discount: number | null | undefined,
): { discount: number; amount: number } => {
  const d =
    typeof discount === 'number' && Number.isFinite(discount) && discount > 0
      ? Math.min(discount, 100)
      : DEFAULT_DISCOUNT;
  const totalFen = Math.round(toNum(total) * 100);
  return { discount: d, amount: Math.round((totalFen * d) / 100) / 100 };
};

/** Amount fields a bill row may carry, first hit wins. */
const AMOUNT_PROPS = ['amount', 'total', 'total_amount', 'money', 'include_tex'] as const;
export const billAmount = (row: Record<string, unknown>): number => {
  for (const p of AMOUNT_PROPS)
    if (row[p] !== undefined && row[p] !== null && row[p] !== '') return toNum(row[p]) + toNum(row.late_fee);
  return 0;
};
export const billsTotal = (rows: Record<string, unknown>[]) => round2(rows.reduce((s, r) => s + billAmount(r), 0));

/** The distinct houses of the selected bills (collection works on one house at a time). */
export const housesOf = (rows: Record<string, unknown>[]) => [
  ...new Set(rows.map((r) => r.house_id).filter((v) => v !== undefined && v !== null && v !== '')),
];

// ─── recharge ──────────────────────────────────────────────────────────────────────────────
export type RechargePackage = { principal: number; present: number };
export const MIN_RATIO = 1;
export const MAX_RATIO = 2;

/** The multiplier in effect: below 1 (or not a number) counts as 1. */
export const effectiveRatio = (bl: unknown): number => {
  const n = toNum(bl);
  return n < MIN_RATIO ? MIN_RATIO : n;
};

/** Arrival of a custom amount: ratio × amount, two decimals (1.15 → 100 arrives as 115). */
export const arrivalOf = (amount: number, bl: unknown): number => round2(toNum(amount) * effectiveRatio(bl));

/** Arrival of a package: principal plus present. */
export const packageArrival = (p: RechargePackage): number => round2(toNum(p.principal) + toNum(p.present));

/**
 * What a principal brings, as the server decides it: a package with this principal gives
 * principal + present, any other amount ratio × amount.
 */
export const rechargeArrival = (amount: number, pgs: readonly RechargePackage[], bl: unknown): number => {
  const fen = Math.round(toNum(amount) * 100);
  const pkg = pgs.find((p) => Math.round(toNum(p.principal) * 100) === fen);
  return pkg ? packageArrival(pkg) : arrivalOf(amount, bl);
};

/** Custom amount rule: 'a number greater than 1'. */
export const isValidCustomAmount = (v: unknown) => typeof v === 'number' && Number.isFinite(v) && v > 1;

/** Package settings rule: multiplier 1.00–2.00. */
export const isValidRatio = (v: unknown) =>
  typeof v === 'number' && Number.isFinite(v) && v >= MIN_RATIO && v <= MAX_RATIO;

/** The package list as numbers; rows without a principal dropped. */
export const normalizePackages = (pgs: unknown): RechargePackage[] =>
  Array.isArray(pgs)
    ? pgs
        .map((p: unknown) =>
          p && typeof p === 'object'
            ? { principal: toNum((p as RechargePackage).principal), present: toNum((p as RechargePackage).present) }
            : null,
        )
        .filter((p): p is RechargePackage => p !== null && p.principal > 0)
    : [];

// ─── date ranges (revenue widget) ──────────────────────────────────────────────────────────
export const RANGE_SHORTCUTS = [
  { label: '最近一周', days: 7 },
  { label: '最近一个月', days: 30 },
  { label: '最近三个月', days: 90 },
] as const;

/** [start, end] as yyyy-MM-dd for the last `days` days ending at `now`. */
export const lastDays = (days: number, now: Date = new Date()): [string, string] => {
  const end = dayjs(now);
  return [end.subtract(days, 'day').format(DATE_FORMAT), end.format(DATE_FORMAT)];
};

/** The revenue query body, or null when no complete range is chosen (the query does nothing). */
export const revenueQuery = (
  range: readonly [string | null | undefined, string | null | undefined] | null | undefined,
) => (range && range[0] && range[1] ? { start_time: range[0], end_time: range[1] } : null);

// ─── bill display ──────────────────────────────────────────────────────────────────────────
export type CountItem = { title: string; num: number | string };

/** Bill totals add the absolute value of each counted item. */
export const countTotal = (items: readonly CountItem[] | null | undefined) =>
  round2((items ?? []).reduce((s, i) => s + Math.abs(toNum(i.num)), 0));

const MONEY_RE = /^-?\d+(\.\d{1,2})?$/;
/**
 * Count items when the server sends none: for each column whose values are all money-like
 * ('12.30'), the sum of absolute values ('合计' + column title).
 */
export const fallbackCountItems = (labels: readonly string[], rows: readonly (readonly unknown[])[]): CountItem[] =>
  labels.flatMap((label, i) => {
    const vals = rows.map((r) => r[i]);
    if (!vals.length || !vals.every((v) => typeof v === 'number' || (typeof v === 'string' && MONEY_RE.test(v.trim()))))
      return [];
    const totalFen = vals.reduce<number>((s, v) => s + Math.abs(Math.round(toNum(v) * 100)), 0);
    return [{ title: `${label}合计`, num: (totalFen / 100).toFixed(2) }];
  });

// ─── generate bills ────────────────────────────────────────────────────────────────────────
/** search props a house list understands, and the bill-list props that name them differently */
const HOUSE_SEARCH_KEYS = [
  'village_id',
  'building_id',
  'building_name',
  'unit_name',
  'floor',
  'house_type',
  'house_state',
  'use_type',
] as const;
const HOUSE_SEARCH_ALIASES: Record<string, string> = { unit: 'name', house_name: 'name' };

/** The house search that 'generate all' means, from a bill or house list's applied search. */
export const houseSearchOf = (search: Record<string, unknown>, isHouseList = false): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  const set = (k: string, v: unknown) => {
    if (v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0)) out[k] = v;
  };
  for (const k of HOUSE_SEARCH_KEYS) set(k, search[k]);
  for (const [from, to] of Object.entries(HOUSE_SEARCH_ALIASES)) set(to, search[from]);
  if (isHouseList) set('name', search.name);
  return out;
};

type SelectorChoice = { id: string | number; name: string };
type SelectorGroup = { label: string; options: { label: string; value: string | number }[] };
const SELECTOR_GROUPS = [
  { label: '小区', match: (id: string | number) => !/^[a-z]+:/.test(String(id)) },
  { label: '车位', match: (id: string | number) => String(id).startsWith('space:') },
  { label: '车辆', match: (id: string | number) => String(id).startsWith('car:') },
] as const;

/** The financial statement's selector (carSquireList): villages, parking spaces and cars, each under its heading. */
export const selectorOptions = (list: SelectorChoice[] | undefined): SelectorGroup[] =>
  SELECTOR_GROUPS.map((g) => ({
    label: g.label,
    options: (list ?? []).filter((o) => g.match(o.id)).map((o) => ({ label: o.name, value: o.id })),
  })).filter((g) => g.options.length > 0);
