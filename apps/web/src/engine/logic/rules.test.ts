import type { FieldConfig } from '@5a/contracts';
import { describe, expect, it } from 'vitest';
import { testField } from './field-fixture.ts';
import { formFields, formRow, formRules, initialValues } from './rules.ts';

const f = (over: Partial<FieldConfig>): FieldConfig => testField('p', { label: 'P', ...over });

type Validator = (rule: unknown, v: unknown) => Promise<void>;
const run = (rule: unknown, v: unknown) => (rule as { validator: Validator }).validator({}, v);

describe('form rules', () => {
  it('required is skipped in batch mode', () => {
    const field = f({ rules: [{ required: true, message: '请输入P' }] });
    expect(formRules(field, 'add')).toEqual([{ required: true, message: '请输入P', whitespace: true }]);
    expect(formRules(field, 'batch')).toEqual([]);
  });
  it('named validators and patterns accept empty values and reject bad ones', async () => {
    const [mobile] = formRules(f({ rules: [{ validator: 'mobile', message: '手机号码格式错误！' }] }), 'add');
    await expect(run(mobile, '')).resolves.toBeUndefined();
    await expect(run(mobile, '13800138000')).resolves.toBeUndefined();
    await expect(run(mobile, '12345')).rejects.toThrow('手机号码格式错误！');
    const [pattern] = formRules(f({ rules: [{ pattern: '^[a-z]+$', message: 'bad' }] }), 'edit');
    await expect(run(pattern, 'ABC')).rejects.toThrow('bad');
  });
  it('min/max are value bounds for numbers and lengths for text', () => {
    expect(formRules(f({ type: 'number', rules: [{ min: 0, message: 'm' }] }), 'add')[0]).toMatchObject({
      type: 'number',
      min: 0,
    });
    expect(formRules(f({ rules: [{ max: 64, message: 'm' }] }), 'add')[0]).toMatchObject({ type: 'string', max: 64 });
  });
  it('fields per mode, defaults and presets on add', () => {
    const fields = [
      f({ prop: 'a', defaultValue: '1' }),
      f({ prop: 'b', inEdit: false, inBatch: true }),
      f({ prop: 'dict_type' }),
    ];
    expect(formFields(fields, 'edit').map((x) => x.prop)).toEqual(['a', 'dict_type']);
    expect(formFields(fields, 'batch').map((x) => x.prop)).toEqual(['b']);
    expect(initialValues(fields, 'add', null, { dict_type: 'sys', other: 1 })).toEqual({ a: '1', dict_type: 'sys' });
    expect(initialValues(fields, 'edit', { a: 'x', b: 'y', id: 1 })).toEqual({ a: 'x', b: 'y' });
  });
  it('batch rows keep only filled values', () => {
    const fields = [f({ prop: 'a' }), f({ prop: 'b', type: 'dict' })];
    expect(formRow(fields, 'batch', { a: '', b: '2' })).toEqual({ b: '2' });
    expect(formRow(fields, 'add', { a: ' x ' })).toEqual({ a: 'x', b: null });
  });
});

describe('required on non-text fields', () => {
  it('accepts a number, an id or a list and refuses an empty value', async () => {
    for (const type of ['number', 'money', 'select', 'tableSelect', 'date'] as const) {
      const [rule] = formRules({ type, rules: [{ required: true, message: '必填' }] }, 'add');
      const validate = (rule as { validator: (r: unknown, v: unknown) => Promise<void> }).validator;
      await expect(validate({}, 1)).resolves.toBeUndefined();
      await expect(validate({}, [1])).resolves.toBeUndefined();
      await expect(validate({}, '')).rejects.toThrow('必填');
      await expect(validate({}, undefined)).rejects.toThrow('必填');
    }
  });
});
