import { describe, expect, it } from 'vitest';
import { testField } from './field-fixture.ts';
import { classChildRow, classChildTitle } from './classChild.ts';

const field = testField;

describe('添加子类', () => {
  it('posts the name and icon with the other fields at their defaults', () => {
    const fields = [
      field('name'),
      field('icon', { type: 'image' }),
      field('response_minutes', { type: 'number', defaultValue: 30 }),
      field('status', { defaultValue: '1' }),
      field('created_at', { inAdd: false, defaultValue: 'x' }),
    ];
    expect(classChildRow(fields, { name: ' 水管漏水 ', icon: '/files/a.png' })).toEqual({
      response_minutes: 30,
      status: '1',
      name: '水管漏水',
      icon: '/files/a.png',
    });
    expect(classChildRow(fields, { name: '灯具', icon: '' })).toEqual({
      response_minutes: 30,
      status: '1',
      name: '灯具',
    });
  });

  it('names the parent in the title', () => {
    expect(classChildTitle('添加子类', '水电')).toBe('添加子类 - 水电');
    expect(classChildTitle('添加子类', '')).toBe('添加子类');
  });
});
