import { describe, expect, it } from 'vitest';
import type { ReceiptDoc } from '@5a/contracts/endpoints/receipts';
import { idsOfQuery, layoutOf, sheetsOf } from './receipt.ts';

const doc = (no: string): ReceiptDoc => ({
  kind: 'receipt',
  no,
  reprint: false,
  date: '2026-01-01',
  village: '阳光花园',
  house: '1幢 101',
  payer: '张三',
  lines: [],
  total: '0.00',
  method: '现金',
  order_num: '',
  collector: '管理员',
  bill_ids: [],
});

describe('receipt sheets', () => {
  it('puts two papers on a half-A4 sheet and one on the others', () => {
    const docs = ['1', '2', '3'].map(doc);
    expect(sheetsOf(docs, 'half').map((s) => s.map((d) => d.no))).toEqual([['1', '2'], ['3']]);
    expect(sheetsOf(docs, 'a4')).toHaveLength(3);
    expect(sheetsOf(docs, 'continuous')).toHaveLength(3);
  });

  it('reads the ids and the layout of the address', () => {
    expect(idsOfQuery('3, 4,x,-1,0,5')).toEqual([3, 4, 5]);
    expect(idsOfQuery(null)).toEqual([]);
    expect(layoutOf('continuous', 'a4')).toBe('continuous');
    expect(layoutOf('letter', 'half')).toBe('half');
  });
});
