import { describe, expect, it } from 'vitest';
import { chainOf, draftJson, draftOf, draftProblem, idsOf, lineQrProblem, lineQrUrl, moveId } from './lines.ts';

describe('patrol time picker logic', () => {
  it('reads the stored JSON back into a draft and writes only the chosen type’s days', () => {
    const d = draftOf('{"type":2,"week":[1,3],"month":[5],"times":[{"start":"08:00:00","end":"09:00:00"}]}');
    expect(d).toEqual({ type: 2, week: [1, 3], month: [5], times: [{ start: '08:00:00', end: '09:00:00' }] });
    expect(JSON.parse(draftJson(d))).toEqual({
      type: 2,
      week: [1, 3],
      month: [],
      times: [{ start: '08:00:00', end: '09:00:00' }],
    });
    expect(draftOf('')).toEqual(draftOf('not json'));
    expect(draftOf('').times).toHaveLength(1);
  });

  it('shows the server’s words for the rule broken, and nothing for a good time', () => {
    const d = draftOf({ type: 2, week: [1], times: [{ start: '08:00:00', end: '09:00:00' }] });
    expect(draftProblem(d)).toBe('');
    expect(draftProblem({ ...d, week: [] })).toBe('请选择巡更星期');
    expect(draftProblem({ ...d, times: [...d.times, { start: '08:30:00', end: '10:00:00' }] })).toBe(
      '巡更时段不能重叠',
    );
    expect(draftProblem({ ...d, times: [{ start: '10:00:00', end: '09:00:00' }] })).toBe('结束时间必须晚于开始时间');
    expect(draftProblem({ ...d, type: 3, month: [] })).toBe('请选择巡更日期');
  });
});

describe('point chain logic', () => {
  it('takes ids from any form of the value, each once, in order', () => {
    expect(idsOf([3, 1, 3])).toEqual([3, 1]);
    expect(idsOf('5,2')).toEqual([5, 2]);
    expect(idsOf([{ id: 7, name: 'x' }, { id: 'bad' }])).toEqual([7]);
    expect(idsOf(null)).toEqual([]);
  });

  it('moves a dragged point to where it was dropped', () => {
    expect(moveId([1, 2, 3, 4], 4, 1)).toEqual([4, 1, 2, 3]);
    expect(moveId([1, 2, 3, 4], 1, 3)).toEqual([2, 3, 1, 4]);
    expect(moveId([1, 2], 9, 1)).toEqual([1, 2]);
  });

  it('reads a row’s chain and builds the route’s QR print address in walking order', () => {
    const chain = chainOf([
      { id: 4, name: '车库' },
      { id: 2, name: '东门' },
    ]);
    expect(chain.map((p) => p.name)).toEqual(['车库', '东门']);
    expect(chainOf('x')).toEqual([]);
    expect(lineQrUrl(chain, '东区 夜巡')).toBe(
      '/print/patrol-qr?ids=4%2C2&title=%E4%B8%9C%E5%8C%BA+%E5%A4%9C%E5%B7%A1',
    );
  });
});

describe('线路二维码', () => {
  it('says why a route without points has no labels to print', () => {
    expect(lineQrProblem([])).toBe('该路线没有巡更点，请先编辑路线添加巡更点');
    expect(lineQrProblem(chainOf('not a chain'))).not.toBe('');
    expect(lineQrProblem([{ id: 1, name: '东门' }])).toBe('');
  });
});
