import { describe, expect, it } from 'vitest';
import { idListOf, idsSchema } from './input.ts';

const msg = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : r.error!.issues[0]!.message;

describe('a selection of ids', () => {
  it('reads an id, an array of ids and a comma list alike', () => {
    expect(idsSchema.parse(12)).toEqual([12]);
    expect(idsSchema.parse('12')).toEqual([12]);
    expect(idsSchema.parse([12, '13'])).toEqual([12, 13]);
    expect(idsSchema.parse(' 12, 13 ,14 ')).toEqual([12, 13, 14]);
    expect(idsSchema.parse('2147483647')).toEqual([2147483647]);
  });

  it('nothing chosen is 您还未选择数据, unless the selection only narrows', () => {
    for (const v of [undefined, null, '', '  ', []])
      expect(msg(idsSchema.safeParse(v)), String(v)).toBe('您还未选择数据');
    expect(idListOf('ids', { min: 0 }).parse('')).toEqual([]);
    expect(msg(idListOf('fee_item_ids', { empty: '请选择收费项目' }).safeParse([]))).toBe('请选择收费项目');
  });

  it('anything else names the field as malformed', () => {
    const bill = idListOf('bill_ids');
    for (const v of ['12,x', '12,,13', '0', '-1', '1.5', '1e3', '2147483648', [0], [12, null], 1.5, true, { id: 1 }])
      expect(msg(bill.safeParse(v)), JSON.stringify(v)).toBe('bill_ids 格式错误');
  });

  it('caps the number of ids', () => {
    expect(msg(idListOf('ids', { max: 2, tooMany: '一次最多选择2条' }).safeParse('1,2,3'))).toBe('一次最多选择2条');
    expect(msg(idsSchema.safeParse(Array.from({ length: 10_001 }, (_, i) => i + 1)))).toBe('一次最多选择10000条数据');
  });
});
