import { describe, expect, it } from 'vitest';
import { lsnOf, needOf, writerKeys } from './read-marks.ts';
import { isRead } from './read-router.ts';

describe('read marks', () => {
  it('orders LSNs as PostgreSQL does', () => {
    expect(lsnOf('0/3015FF0')).toBe(0x3015ff0n);
    expect(lsnOf('1/0') > lsnOf('0/FFFFFFFF')).toBe(true);
  });

  it("holds a company's users to their own, their company's and unattributed writes; operators to all", () => {
    const web = { id: 7, kind: 'web', tenantId: 3, operatorId: null };
    const colleague = { ...web, id: 8 };
    const otherCompany = { id: 9, kind: 'web', tenantId: 4, operatorId: null };
    const operator = { id: 1, kind: 'operator', tenantId: null, operatorId: 2 };
    const marks = new Map<string, bigint>();
    for (const k of [...writerKeys(web), 'any']) marks.set(k, 100n);
    expect(writerKeys(web)).toEqual(['u:7', 't:3']);
    expect(needOf(marks, web)).toBe(100n);
    expect(needOf(marks, colleague)).toBe(100n);
    expect(needOf(marks, otherCompany)).toBe(0n);
    expect(needOf(marks, operator)).toBe(100n);
    marks.set('*', 200n);
    expect(needOf(marks, otherCompany)).toBe(200n);
    expect(needOf(marks, null)).toBe(200n);
    expect(writerKeys(null)).toEqual(['*']);
  });

  it('tells reads from writes', () => {
    expect(isRead('select 1')).toBe(true);
    expect(isRead(' WITH x as (select 1) select * from x')).toBe(true);
    expect(isRead('select update_time from t')).toBe(true);
    expect(isRead('with x as (delete from t returning id) select * from x')).toBe(false);
    expect(isRead('select id from t for update')).toBe(false);
    expect(isRead('insert into t values (1)')).toBe(false);
    expect(isRead('begin')).toBe(false);
  });
});
