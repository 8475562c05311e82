import { describe, expect, it } from 'vitest';
import {
  applyDiscount,
  arrivalOf,
  billsTotal,
  countTotal,
  effectiveRatio,
  fallbackCountItems,
  houseSearchOf,
  isValidDiscount,
  selectorOptions,
  isValidCustomAmount,
  isValidRatio,
  lastDays,
  normalizePackages,
  packageArrival,
  rechargeArrival,
  revenueQuery,
  round2,
} from './logic.ts';

describe('discount', () => {
  it('computes total × discount / 100 with two decimals', () => {
    expect(applyDiscount(100, 85)).toEqual({ discount: 85, amount: 85 });
    expect(applyDiscount(33.33, 33.33).amount).toBe(11.11);
    expect(applyDiscount(10.05, 50).amount).toBe(5.03);
    expect(applyDiscount(0.1 + 0.2, 100).amount).toBe(0.3);
  });
  it('shows the full amount for a discount out of range', () => {
    expect(applyDiscount(123.45, 0)).toEqual({ discount: 100, amount: 123.45 });
    expect(applyDiscount(123.45, -5)).toEqual({ discount: 100, amount: 123.45 });
    expect(applyDiscount(123.45, null)).toEqual({ discount: 100, amount: 123.45 });
    expect(applyDiscount(10, 150).amount).toBe(10);
  });
  it('takes a blank discount or one above 0 and at most 100 with two decimals', () => {
    for (const d of [null, undefined, 0.01, 11, 85.5, 100]) expect(isValidDiscount(d)).toBe(true);
    for (const d of [0, -10, 100.01, 12.345, NaN]) expect(isValidDiscount(d)).toBe(false);
  });
  it('sums bill rows', () => {
    expect(billsTotal([{ amount: '10.10' }, { amount: 20.2, late_fee: '0.01' }, {}])).toBe(30.31);
  });
});

describe('recharge', () => {
  it('treats ratio below 1 as 1', () => {
    expect(effectiveRatio(0.5)).toBe(1);
    expect(effectiveRatio('x')).toBe(1);
    expect(effectiveRatio('1.15')).toBe(1.15);
  });
  it('arrival = ratio × amount: 1.15 makes 100 arrive as 115', () => {
    expect(arrivalOf(100, 1.15)).toBe(115);
    expect(arrivalOf(100, 0.8)).toBe(100);
    expect(arrivalOf(33.33, 2)).toBe(66.66);
  });
  it('packages arrive as principal plus present', () => {
    expect(packageArrival({ principal: 100, present: 15 })).toBe(115);
    expect(normalizePackages([{ principal: '200', present: '30' }, { principal: 0, present: 1 }, null])).toEqual([
      { principal: 200, present: 30 },
    ]);
  });
  it('a custom amount equal to a package principal arrives as that package', () => {
    const pgs = [{ principal: 100, present: 20 }];
    expect(rechargeArrival(100, pgs, 1.15)).toBe(120);
    expect(rechargeArrival(200, pgs, 1.15)).toBe(230);
    expect(rechargeArrival(50, [], 0.5)).toBe(50);
  });
  it('validates the custom amount and the multiplier bounds', () => {
    expect(isValidCustomAmount(1)).toBe(false);
    expect(isValidCustomAmount(1.01)).toBe(true);
    expect(isValidRatio(1)).toBe(true);
    expect(isValidRatio(2)).toBe(true);
    expect(isValidRatio(2.01)).toBe(false);
    expect(isValidRatio(0.99)).toBe(false);
  });
});

describe('date-range shortcuts', () => {
  it('ends today and starts 7/30/90 days back', () => {
    const now = new Date(2026, 2, 15, 10);
    expect(lastDays(7, now)).toEqual(['2026-03-08', '2026-03-15']);
    expect(lastDays(30, now)).toEqual(['2026-02-13', '2026-03-15']);
    expect(lastDays(90, now)).toEqual(['2025-12-15', '2026-03-15']);
  });
  it('queries only with a complete range', () => {
    expect(revenueQuery(null)).toBeNull();
    expect(revenueQuery(['2026-01-01', null])).toBeNull();
    expect(revenueQuery(['2026-01-01', '2026-01-31'])).toEqual({ start_time: '2026-01-01', end_time: '2026-01-31' });
  });
});

describe('bill display totals', () => {
  it('adds absolute values', () => {
    expect(
      countTotal([
        { title: '应收', num: '100.50' },
        { title: '减免', num: -20.25 },
      ]),
    ).toBe(120.75);
    expect(countTotal(undefined)).toBe(0);
    expect(round2(1.005)).toBe(1.01);
  });
  it('derives count items from money columns when the server sends none', () => {
    expect(
      fallbackCountItems(
        ['房屋', '应收金额', '减免'],
        [
          ['A101', '10.10', '-1.05'],
          ['A102', 20.2, '0.00'],
        ],
      ),
    ).toEqual([
      { title: '应收金额合计', num: '30.30' },
      { title: '减免合计', num: '1.05' },
    ]);
  });
});

describe('generate-all search', () => {
  it('keeps house search keys and maps the bill list room number', () => {
    expect(houseSearchOf({ village_id: 3, status: '1', unit: '101', owner_name: '张', building_name: '' })).toEqual({
      village_id: 3,
      name: '101',
    });
    expect(houseSearchOf({ name: '202', unit_name: '1单元' }, true)).toEqual({ unit_name: '1单元', name: '202' });
    expect(houseSearchOf({ name: '物业费' })).toEqual({});
  });
});

describe('financial statement selector', () => {
  it('groups villages, spaces and cars', () => {
    expect(
      selectorOptions([
        { id: 1, name: '阳光花园' },
        { id: 'space:5', name: '车位 A-001（阳光花园）' },
        { id: 'car:7', name: '车辆 浙A12345（阳光花园）' },
      ]),
    ).toEqual([
      { label: '小区', options: [{ label: '阳光花园', value: 1 }] },
      { label: '车位', options: [{ label: '车位 A-001（阳光花园）', value: 'space:5' }] },
      { label: '车辆', options: [{ label: '车辆 浙A12345（阳光花园）', value: 'car:7' }] },
    ]);
    expect(selectorOptions(undefined)).toEqual([]);
  });
});
