import { describe, expect, it } from 'vitest';
import { isIdCard, isMobile } from '@5a/contracts';
import { idCheckDigit } from '../../seed/people.ts';
import { decimal2 } from '../../core/engine/columns.ts';
import { normalizeGeom } from '../tenancy/geom.ts';
import { greetingAt, isMasked, maskIdcard, maskPhone, roomName, unitNamesOf } from './format.ts';

describe('ID card and phone rules', () => {
  it('computes the GB 11643 check digit the idcard validator accepts', () => {
    expect(idCheckDigit('11010519491231002')).toBe('X');
    expect(isIdCard('11010519491231002X')).toBe(true);
    expect(isIdCard('110105194912310021')).toBe(false);
    expect(isIdCard(`44030819990229123${idCheckDigit('44030819990229123')}`)).toBe(false); // no 29 Feb 1999
    for (const body of ['33010619880512123', '81000019900101001', '91234519850620002'])
      expect(isIdCard(body + idCheckDigit(body))).toBe(true);
  });

  it('accepts 11-digit mobiles starting 1[3-9]', () => {
    expect(isMobile('13912345678')).toBe(true);
    expect(isMobile('12912345678')).toBe(false);
    expect(isMobile('1391234567')).toBe(false);
  });
});

describe('masking', () => {
  it('keeps the region and the last four of an ID card, three and four of a phone', () => {
    expect(maskIdcard('11010519491231002X')).toBe('110105********002X');
    expect(maskPhone('13912345678')).toBe('139****5678');
    expect(maskIdcard('')).toBe('');
    expect(maskPhone('12345')).toBe('*****');
    expect(isMasked(maskPhone('13912345678'))).toBe(true);
    expect(isMasked('13912345678')).toBe(false);
  });
});

describe('estate formats', () => {
  it('shows areas with two decimals', () => {
    expect(decimal2(88.5)).toBe('88.50');
    expect(decimal2('1234')).toBe('1234.00');
    expect(decimal2(null)).toBeNull();
  });

  it('names rooms floor + two-digit room', () => {
    expect(roomName(12, 1)).toBe('1201');
    expect(roomName(1, 2)).toBe('102');
  });

  it('derives and checks unit names', () => {
    expect(unitNamesOf(3, '').names).toEqual(['1单元', '2单元', '3单元']);
    expect(unitNamesOf(2, ' 东单元， 西单元 ')).toEqual({ names: ['东单元', '西单元'] });
    expect(unitNamesOf(2, 'A').error).toBe('单元名称数量（1）与单元数（2）不一致');
    expect(unitNamesOf(2, 'A,A').error).toBe('单元名称不能重复');
  });

  it('fills default colours into a hot area and refuses malformed ones', () => {
    expect(normalizeGeom('1,1;2,2;3,1').value).toBe('1,1;2,2;3,1----rgba(24,144,255,0.3)--#1890ff');
    expect(normalizeGeom('1,1;2,2;3,1--2,1.5--rgba(255,0,0,0.5)--#f00').value).toBe(
      '1,1;2,2;3,1--2,1.5--rgba(255,0,0,0.5)--#f00',
    );
    expect(normalizeGeom('').value).toBe('');
    expect(normalizeGeom('1,1;2,2').error).toBe('小区热区至少需要3个“经度,纬度”点');
    expect(normalizeGeom('1,1;2,2;3,1--x').error).toBe('小区热区的中心点格式错误');
  });

  it('greets by the hour in Shanghai', () => {
    expect(greetingAt(new Date('2026-01-01T01:00:00Z'))).toBe('上午好');
    expect(greetingAt(new Date('2026-01-01T12:00:00Z'))).toBe('晚上好');
  });
});
