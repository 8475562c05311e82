import { describe, expect, it } from 'vitest';
import { checkForm as checkWith, fieldSchemaOf, type FormMode } from './validate.ts';

// region codes are the region module's (the app's registry); here every well-formed code exists
const checkForm = (def: Parameters<typeof checkWith>[0], mode: FormMode, row: Record<string, unknown>) =>
  checkWith(def, mode, row, () => true);
import type { FieldDef } from './types.ts';

const form = (fields: FieldDef[]) => ({ fields });

describe('field validation from declarations', () => {
  it('sanitizes rich text on the server', () => {
    const { values } = checkForm(form([{ prop: 'intro', label: '简介', type: 'richText' }]), 'add', {
      intro:
        '<p onclick="x()">好<script>alert(1)</script><img src="javascript:alert(1)"><a href="https://a.cn">链接</a></p>',
    });
    expect(values.intro).toBe('<p>好<img /><a href="https://a.cn">链接</a></p>');
  });

  it('checks phone, id card with its checksum, money and dates', () => {
    const fields: FieldDef[] = [
      { prop: 'tel', label: '手机号', type: 'text', validator: 'mobile' },
      { prop: 'idcard', label: '身份证号', type: 'text', validator: 'idcard' },
      { prop: 'fee', label: '金额', type: 'money', min: 0 },
      { prop: 'day', label: '日期', type: 'date' },
    ];
    expect(
      checkForm(form(fields), 'add', {
        tel: '13912345678',
        idcard: '11010519491231002X',
        fee: '12.50',
        day: '2026-11-22',
      }).errors,
    ).toEqual([]);
    const bad = checkForm(form(fields), 'add', {
      tel: '12912345678',
      idcard: '110105194912310021',
      fee: '1.234',
      day: '2026/11/22',
    }).errors.map((e) => e.message);
    expect(bad).toEqual(['手机号码格式错误！', '身份证号码格式错误', '金额最多两位小数', '日期格式应为YYYY-MM-DD']);
  });

  it('requires on add, checks only what is sent on edit, skips add rules in batch', () => {
    const fields: FieldDef[] = [
      { prop: 'name', label: '名称', type: 'text', required: true },
      {
        prop: 'status',
        label: '状态',
        type: 'select',
        options: [
          { label: '正常', value: 1 },
          { label: '停用', value: 2 },
        ],
        batch: true,
        required: true,
      },
    ];
    expect(checkForm(form(fields), 'add', {}).errors.map((e) => e.message)).toEqual(['请输入名称', '请选择状态']);
    expect(checkForm(form(fields), 'edit', { status: 2 }).errors).toEqual([]);
    expect(checkForm(form(fields), 'edit', { name: '' }).errors.map((e) => e.message)).toEqual(['请输入名称']);
    expect(checkForm(form(fields), 'batch', { status: 3 }).errors.map((e) => e.message)).toEqual(['状态的值无效']);
    expect(checkForm(form(fields), 'batch', { name: 'x' }).values).toEqual({});
  });
});

describe('fast field checks', () => {
  // every value the fast path accepts must come out exactly as zod would give it; what it does not
  // accept goes to zod, so errors are zod's
  const fields: FieldDef[] = [
    { prop: 'text', label: '文本', type: 'text', maxLength: 5 },
    { prop: 'area', label: '多行', type: 'textarea' },
    { prop: 'code', label: '编码', type: 'text', pattern: { source: '^[A-Z]+$', message: '编码只能是大写字母' } },
    { prop: 'tel', label: '手机', type: 'text', validator: 'mobile' },
    { prop: 'idcard', label: '身份证', type: 'text', validator: 'idcard' },
    { prop: 'num', label: '数量', type: 'number', min: 1, max: 100 },
    { prop: 'fee', label: '金额', type: 'money', min: 0 },
    { prop: 'on', label: '开关', type: 'switch' },
    {
      prop: 'sel',
      label: '选择',
      type: 'select',
      options: [
        { label: '一', value: 1 },
        { label: '二', value: '2' },
      ],
    },
    { prop: 'dict', label: '字典', type: 'dict', dict: 'x' },
    { prop: 'multi', label: '多选', type: 'select', multiple: true },
    { prop: 'box', label: '复选', type: 'checkbox' },
    { prop: 'tree', label: '上级', type: 'treeSelect' },
    { prop: 'pick', label: '房屋', type: 'tableSelect' },
    { prop: 'day', label: '日期', type: 'date' },
    { prop: 'at', label: '时间', type: 'datetime' },
    { prop: 'month', label: '月份', type: 'month' },
    { prop: 'range', label: '区间', type: 'daterange' },
    { prop: 'img', label: '图片', type: 'image' },
  ];
  const samples: unknown[] = [
    'abc',
    ' ab ',
    'ABCDEF',
    '  ',
    'abcdef',
    '13912345678',
    '12912345678',
    '11010519491231002X',
    '110105194912310021',
    1,
    2,
    '2',
    '1',
    0,
    -1,
    1.5,
    '1.50',
    '1.234',
    '12.50',
    100,
    101,
    '100',
    ' 7 ',
    '1e1',
    '0x10',
    'NaN',
    NaN,
    Infinity,
    2 ** 60,
    true,
    false,
    ['a', 'b'],
    [],
    { a: 1 },
    '2026-11-22',
    '2026-11-22 08:30:00',
    '2026-11',
    '2026/11/22',
    '2026-11-22,2026-11-30',
    '',
    null,
    undefined,
  ];
  it('agree with zod on every field type, for accepted and refused values alike', () => {
    for (const f of fields) {
      for (const required of [false, true]) {
        const field = { ...f, required };
        const schema = fieldSchemaOf(field);
        for (const v of samples) {
          const { values, errors } = checkForm(form([field]), 'add', { [f.prop]: v });
          const blank = v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
          const what = `${f.type} ${required ? 'required' : 'optional'} ${JSON.stringify(v)}`;
          if (blank) {
            expect(errors.length, what).toBe(required ? 1 : 0);
            continue;
          }
          const z = schema.safeParse(v);
          if (z.success) {
            expect(errors, what).toEqual([]);
            expect(values[f.prop], what).toEqual(z.data);
          } else
            expect(
              errors.map((e) => e.message),
              what,
            ).toEqual([z.error.issues[0]!.message]);
        }
      }
    }
  });
});
