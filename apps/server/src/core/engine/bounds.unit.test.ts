import { bigint, date, integer, numeric, pgTable, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { columnKind, isRealDate, misfit } from './bounds.ts';

const t = pgTable('t', {
  small: smallint('small'),
  int: integer('int'),
  fen: bigint('fen', { mode: 'number' }),
  rate: numeric('rate', { precision: 6, scale: 2 }),
  code: varchar('code', { length: 10 }),
  note: text('note'),
  day: date('day'),
  at: timestamp('at'),
  tags: integer('tags').array(),
});

describe('column bounds', () => {
  it('reads the range of each integer column type', () => {
    expect(misfit(columnKind(t.small), 32767)).toBeNull();
    expect(misfit(columnKind(t.small), 32768)).toBe('不能大于32767');
    expect(misfit(columnKind(t.int), 2 ** 31 - 1)).toBeNull();
    expect(misfit(columnKind(t.int), 2 ** 31)).toBe('不能大于2147483647');
    expect(misfit(columnKind(t.int), -(2 ** 31) - 1)).toBe('不能小于-2147483648');
    expect(misfit(columnKind(t.int), 1.5)).toBe('必须是整数');
    expect(misfit(columnKind(t.int), 'abc')).toBe('必须是数字');
    expect(misfit(columnKind(t.int), 1e308)).toBe('不能大于2147483647');
    expect(misfit(columnKind(t.int), '12')).toBeNull();
  });

  it('reads money in yuan against bigint fen, and numeric precision', () => {
    expect(misfit(columnKind(t.fen), '99999999999.99', 100)).toBeNull();
    expect(misfit(columnKind(t.fen), 1e20, 100)).toBe('不能大于99999999999.99');
    expect(misfit(columnKind(t.rate), '9999.99')).toBeNull();
    expect(misfit(columnKind(t.rate), '10000')).toBe('不能大于9999.99');
  });

  it('refuses NUL and overlong text, impossible dates and wrong array items', () => {
    expect(misfit(columnKind(t.code), 'x'.repeat(11))).toBe('不能超过10个字符');
    expect(misfit(columnKind(t.note), 'a\u0000b')).toBe('不能包含空字符');
    expect(misfit(columnKind(t.note), { a: 1 })).toBe('格式错误');
    expect(misfit(columnKind(t.day), '2024-02-29')).toBeNull();
    expect(misfit(columnKind(t.day), '2023-02-29')).toBe('格式错误');
    expect(misfit(columnKind(t.at), '2024-01-01 24:00:00')).toBe('格式错误');
    expect(misfit(columnKind(t.tags), [1, 2])).toBeNull();
    expect(misfit(columnKind(t.tags), [1, 2 ** 31])).toBe('不能大于2147483647');
    expect(isRealDate('2024-13-45')).toBe(false);
  });
});
