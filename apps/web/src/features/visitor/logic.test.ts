import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { absoluteUrl, defaultPassWindow, reviewBody } from './logic.ts';

describe('visitor review logic', () => {
  it('defaults the pass to today until 23:59:59', () => {
    const [s, e] = defaultPassWindow(dayjs('2026-11-27 15:04:05'));
    expect(s.format('YYYY-MM-DD HH:mm:ss')).toBe('2026-11-27 00:00:00');
    expect(e.format('YYYY-MM-DD HH:mm:ss')).toBe('2026-11-27 23:59:59');
  });

  it('sends a window with an approval and a trimmed reason with a refusal', () => {
    const w = defaultPassWindow(dayjs('2026-11-27 08:00:00'));
    expect(reviewBody(3, { status: 1, window: w, reason: 'x' })).toEqual({
      id: 3,
      status: 1,
      pass_start: '2026-11-27 00:00:00',
      pass_end: '2026-11-27 23:59:59',
    });
    expect(reviewBody(3, { status: 2, reason: ' 不在家 ' })).toEqual({ id: 3, status: 2, reason: '不在家' });
  });

  it('makes a path absolute with the site it was shown on', () => {
    expect(absoluteUrl('/visitor_reg?type=1&id=a.b', 'https://x.cn')).toBe('https://x.cn/visitor_reg?type=1&id=a.b');
    expect(absoluteUrl('https://y.cn/visitor_reg', 'https://x.cn')).toBe('https://y.cn/visitor_reg');
  });
});
