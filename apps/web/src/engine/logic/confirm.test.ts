import { describe, expect, it } from 'vitest';
import { batchConfirmText, customConfirmText, exportConfirmText } from './confirm.ts';

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
