import { describe, expect, it } from 'vitest';
import { checkPatrolTime } from './patrol-time.ts';

const span = (start: string, end: string) => ({ start, end });

describe('checkPatrolTime', () => {
  it('normalises a good value: windows in time order, HH:mm gets seconds, days sorted without repeats', () => {
    const r = checkPatrolTime({
      type: 2,
      week: [5, '1', 5],
      times: [span('20:00', '21:00'), span('08:00:00', '09:00:00')],
    });
    expect(r).toEqual({
      ok: true,
      value: { type: 2, week: [1, 5], month: [], times: [span('08:00:00', '09:00:00'), span('20:00:00', '21:00:00')] },
      json: expect.any(String),
    });
    expect(checkPatrolTime(r.ok ? r.json : '')).toEqual(r);
  });

  it('lets one window end where the next begins, but not overlap it', () => {
    expect(checkPatrolTime({ type: 1, times: [span('08:00:00', '09:00:00'), span('09:00:00', '10:00:00')] }).ok).toBe(
      true,
    );
    expect(checkPatrolTime({ type: 1, times: [span('08:00:00', '09:00:01'), span('09:00:00', '10:00:00')] })).toEqual({
      ok: false,
      message: '巡更时段不能重叠',
    });
  });

  it('names the first rule broken', () => {
    const msg = (v: unknown) => (checkPatrolTime(v) as { message?: string }).message;
    expect(msg('{')).toBe('巡更时间格式错误');
    expect(msg({ type: 3, month: [0], times: [span('08:00:00', '09:00:00')] })).toBe('请选择巡更日期');
    expect(msg({ type: 3, month: [31], times: [span('08:00:00', '24:00:00')] })).toBe('巡更时段格式应为HH:mm:ss');
    expect(msg({ type: 1, times: [span('09:00:00', '09:00:00')] })).toBe('结束时间必须晚于开始时间');
    expect(msg({ type: 2, times: [span('08:00:00', '09:00:00')] })).toBe('请选择巡更星期');
    expect(msg({ type: 1 })).toBe('请添加巡更时段');
  });
});
