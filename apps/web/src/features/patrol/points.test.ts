import { describe, expect, it } from 'vitest';
import { idsOfQuery, patrolLink, printTitle, printUrl, sheetsOf, type PatrolQrPoint } from './points.ts';

const point = (id: number, name: string): PatrolQrPoint => ({
  id,
  name,
  point_no: `P-${id}`,
  village_name: '阳光花园',
  point_type_name: '普通点位',
});

describe('patrol QR labels', () => {
  it('a code opens the H5 patrol page of its point', () => {
    expect(patrolLink('https://wy.example.com', 42)).toBe('https://wy.example.com/h5/patrol?point=42');
  });

  it('the print address carries the ids in order and an optional title, and reads back the same', () => {
    const url = printUrl([3, 1, 2], '东区夜巡');
    expect(url).toBe('/print/patrol-qr?ids=3%2C1%2C2&title=%E4%B8%9C%E5%8C%BA%E5%A4%9C%E5%B7%A1');
    const q = new URLSearchParams(url.split('?')[1]);
    expect(idsOfQuery(q.get('ids'))).toEqual([3, 1, 2]);
    expect(q.get('title')).toBe('东区夜巡');
    expect(printUrl([7])).toBe('/print/patrol-qr?ids=7');
  });

  it('drops what is not an id, and repeats', () => {
    expect(idsOfQuery('5, 2,x,,0,-1,2,9999999999,1.5')).toEqual([5, 2]);
    expect(idsOfQuery(null)).toEqual([]);
  });

  it('fills A4 sheets four labels at a time', () => {
    const labels = [1, 2, 3, 4, 5, 6, 7, 8, 9];
    expect(sheetsOf(labels)).toEqual([[1, 2, 3, 4], [5, 6, 7, 8], [9]]);
    expect(sheetsOf([])).toEqual([]);
  });

  it("titles a single label by the point's name, a batch by its title or count", () => {
    expect(printTitle([point(1, '东门岗亭')], null)).toBe('东门岗亭');
    expect(printTitle([point(1, '东门岗亭'), point(2, '北门')], null)).toBe('巡更点位二维码（2个）');
    expect(printTitle([point(1, '东门岗亭'), point(2, '北门')], '东区夜巡')).toBe('东区夜巡');
  });
});
