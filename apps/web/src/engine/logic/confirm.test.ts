import { describe, expect, it } from 'vitest';
import { batchConfirmText, customConfirmText, exportConfirmText, exportLabel } from './confirm.ts';

describe('confirm texts', () => {
  it('fills title and count into the default batch text', () => {
    expect(batchConfirmText({ title: '审核' }, 3)).toBe('确定要审核这3条数据吗?');
  });
  it("uses the button's own text with {n}", () => {
    expect(batchConfirmText({ title: '批量删除', confirm: '确定要删除这{n}条数据吗?' }, 12)).toBe(
      '确定要删除这12条数据吗?',
    );
  });
  it('custom button confirm', () => {
    expect(customConfirmText('停用')).toBe('确定要停用该数据吗?');
  });
  it('export: selected vs all', () => {
    expect(exportConfirmText(2)).toBe('确定要导出数据吗？');
    expect(exportConfirmText(0)).toBe('确定要导出全部数据吗？');
  });
});

describe('export button label', () => {
  it('says what it exports', () => {
    expect(exportLabel(2, {}, 50)).toBe('导出所选 2 条');
    expect(exportLabel(0, { name: '张' }, 7)).toBe('导出当前查询 7 条');
    expect(exportLabel(0, { name: '', due_date: ['', ''] }, 50)).toBe('导出全部');
  });
});
