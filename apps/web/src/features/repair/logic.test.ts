import { describe, expect, it } from 'vitest';
import { countdownText, imageList, isOverdue, mayShowStep } from './logic.ts';

describe('repair logic', () => {
  it('writes time left and overdue time', () => {
    expect(countdownText(7500)).toBe('剩余 2小时5分');
    expect(countdownText(-90000)).toBe('超时 1天1小时');
    expect(countdownText(null)).toBe('');
    expect(isOverdue(-1)).toBe(true);
    expect(isOverdue(0)).toBe(false);
    expect(isOverdue(null)).toBe(false);
  });
  it('shows a worker step only to the order’s worker', () => {
    expect(mayShowStep('接单', { worker_user_id: 4 }, 4)).toBe(true);
    expect(mayShowStep('接单', { worker_user_id: 4 }, 3)).toBe(false);
    expect(mayShowStep('回访', { worker_user_id: 4 }, 3)).toBe(true);
  });
  it('reads an image list from an array or a comma list', () => {
    expect(imageList('a,b')).toEqual(['a', 'b']);
    expect(imageList(['x'])).toEqual(['x']);
    expect(imageList('')).toEqual([]);
  });
});
