import { describe, expect, it } from 'vitest';
import { exportColumns, exportRows } from './excel.ts';

describe('financial export', () => {
  const cols = [
    { prop: 'name', label: '项目' },
    { prop: 'pic', label: '图片' },
    { prop: 'logo', label: '标志', type: 'image' },
    { prop: 'amount', label: '金额' },
  ];
  const data = [
    { name: '物业费', pic: '/up/a.png', logo: 'x', amount: '10.00' },
    { name: '水费', pic: '/up/b.jpg?token=1', logo: '', amount: 5 },
  ];
  it('drops image-type columns', () => {
    expect(exportColumns(cols, data).map((c) => c.prop)).toEqual(['name', 'amount']);
  });
  it('keeps values in column order', () => {
    expect(exportRows(exportColumns(cols, data), data)).toEqual([
      ['物业费', '10.00'],
      ['水费', 5],
    ]);
  });
});
