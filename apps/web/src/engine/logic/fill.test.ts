import { describe, expect, it } from 'vitest';
import { fillFromIdCard, fillFromRow } from './fill.ts';

describe('form fills', () => {
  it('copies the picked row props it has', () => {
    expect(
      fillFromRow(
        { village_id: 'village_id', person_name: 'owner_name', tel: 'owner_tel' },
        {
          village_id: 3,
          owner_name: '张三',
          owner_tel: null,
        },
      ),
    ).toEqual({ village_id: 3, person_name: '张三' });
  });
  it('reads sex and birth date from a valid ID card only', () => {
    const id = '11010519491231002X'; // GB 11643 example: order code 002 (even: 女)
    expect(fillFromIdCard({ sex: 'sex', birthday: 'birth' }, id)).toEqual({ sex: '2', birthday: '1949-12-31' });
    expect(fillFromIdCard({ sex: 'sex' }, '110105194912310021')).toEqual({});
    expect(fillFromIdCard({ sex: 'sex' }, '1101')).toEqual({});
  });
});
