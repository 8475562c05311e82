import type { FieldConfig } from '@5a/contracts';
import { describe, expect, it } from 'vitest';
import { testField } from './field-fixture.ts';
import { baseOfRoute, cursorFrom, listRequestBody, searchBody, searchKindOf, withCursor, withQuery } from './search.ts';

const field = (prop: string, type: FieldConfig['type'], inSearch = true): FieldConfig =>
  testField(prop, { type, inSearch });
const fields = [
  field('name', 'text'),
  field('status', 'dict'),
  field('created_at', 'datetime'),
  field('sort', 'number'),
  field('region_code', 'region'),
  field('remark', 'textarea', false),
];

describe('search values → list request', () => {
  it('drops empty values and fields that are not searchable', () => {
    expect(
      searchBody(fields, { name: '  ', status: undefined, created_at: [null, null], remark: 'x', sort: [] }),
    ).toEqual({});
  });
  it('trims text and keeps choices as they are', () => {
    expect(searchBody(fields, { name: ' 保安 ', status: '1', region_code: '110101' })).toEqual({
      name: '保安',
      status: '1',
      region_code: '110101',
    });
  });
  it('sends ranges as [from, to] with an open end as null', () => {
    expect(searchBody(fields, { created_at: ['2026-01-01', '2026-01-31'], sort: [3, undefined] })).toEqual({
      created_at: ['2026-01-01', '2026-01-31'],
      sort: [3, null],
    });
  });
  it('search kinds per value type', () => {
    expect(searchKindOf({ type: 'datetime' })).toBe('dateRange');
    expect(searchKindOf({ type: 'money' })).toBe('numberRange');
    expect(searchKindOf({ type: 'month' })).toBe('monthRange');
    expect(searchKindOf({ type: 'dict' })).toBe('choice');
    expect(searchKindOf({ type: 'textarea' })).toBe('text');
  });
  it('adds paging, sort and extra keys', () => {
    expect(
      listRequestBody(
        { current: 2, size: 20, sortField: 'sort', sortOrder: 'descend' },
        { name: 'a' },
        { dict_type: 'sys_status' },
      ),
    ).toEqual({
      name: 'a',
      dict_type: 'sys_status',
      current: 2,
      size: 20,
      sortField: 'sort',
      sortOrder: 'descend',
    });
    expect(listRequestBody({ current: 1, size: 10, sortField: 'sort' }, {})).toEqual({ current: 1, size: 10 });
  });
  it('urls', () => {
    expect(withQuery('/a/list', { tab_type: 'owner' })).toBe('/a/list?tab_type=owner');
    expect(withQuery('/a/list?x=1', { tab_type: 'o' })).toBe('/a/list?x=1&tab_type=o');
    expect(withQuery('/a/list', { tab_type: undefined })).toBe('/a/list');
    expect(baseOfRoute('/System/Post/index')).toBe('/System/Post');
  });
});

describe('list cursor', () => {
  it('rides on the next page of the same request only', () => {
    const body = { name: '张', current: 3, size: 10, sortField: 'amount', sortOrder: 'descend' };
    const cursor = cursorFrom('/x/list', body, { current: 3, next: 'abc' });
    expect(withCursor('/x/list', { ...body, current: 4 }, cursor)).toEqual({ ...body, current: 4, after: 'abc' });
    expect(withCursor('/x/list', { ...body, current: 5 }, cursor)).toEqual({ ...body, current: 5 });
    expect(withCursor('/x/list', { ...body, current: 4, name: '李' }, cursor)).not.toHaveProperty('after');
    expect(withCursor('/y/list', { ...body, current: 4 }, cursor)).not.toHaveProperty('after');
    expect(cursorFrom('/x/list', body, { current: 3 })).toBeNull();
  });
});
