import { describe, expect, it } from 'vitest';
import { checkForm } from './validate.ts';
import type { FieldDef } from './types.ts';

const form = (fields: FieldDef[]) => ({ fields });

describe('field validation from declarations', () => {
  it('sanitizes rich text on the server', () => {
    const { values } = checkForm(form([{ prop: 'intro', label: '简介', type: 'richText' }]), 'add', {
      intro: '<p onclick="x()">好<script>alert(1)</script><img src="javascript:alert(1)"><a href="https://a.cn">链接</a></p>',
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
    expect(checkForm(form(fields), 'add', { tel: '13912345678', idcard: '11010519491231002X', fee: '12.50', day: '2026-11-22' }).errors).toEqual([]);
    const bad = checkForm(form(fields), 'add', { tel: '12912345678', idcard: '110105194912310021', fee: '1.234', day: '2026/11/22' }).errors.map((e) => e.message);
    expect(bad).toEqual(['手机号码格式错误！', '身份证号码格式错误', '金额最多两位小数', '日期格式应为YYYY-MM-DD']);
  });

  it('requires on add, checks only what is sent on edit, skips add rules in batch', () => {
    const fields: FieldDef[] = [
      { prop: 'name', label: '名称', type: 'text', required: true },
      { prop: 'status', label: '状态', type: 'select', options: [{ label: '正常', value: 1 }, { label: '停用', value: 2 }], batch: true, required: true },
    ];
    expect(checkForm(form(fields), 'add', {}).errors.map((e) => e.message)).toEqual(['请输入名称', '请选择状态']);
    expect(checkForm(form(fields), 'edit', { status: 2 }).errors).toEqual([]);
    expect(checkForm(form(fields), 'edit', { name: '' }).errors.map((e) => e.message)).toEqual(['请输入名称']);
    expect(checkForm(form(fields), 'batch', { status: 3 }).errors.map((e) => e.message)).toEqual(['状态的值无效']);
    expect(checkForm(form(fields), 'batch', { name: 'x' }).values).toEqual({});
  });
});
