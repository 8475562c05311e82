import { describe, expect, it } from 'vitest';
import { slaState, slaText } from './sla.ts';

const at = (s: string) => new Date(`${s}+08:00`);
const order = {
  status: 0,
  createdAt: at('2026-05-01T08:00:00'),
  wctime: null,
  responseMinutes: 30,
  completeMinutes: 240,
};

describe('work order SLA', () => {
  it('counts the response time until someone accepts, then the completion time', () => {
    expect(slaState(order, at('2026-05-01T08:10:00'))).toMatchObject({
      kind: 'response',
      leftSeconds: 1200,
      overdue: false,
    });
    expect(slaState({ ...order, status: 1 }, at('2026-05-01T08:31:00'))).toMatchObject({
      kind: 'response',
      leftSeconds: -60,
      overdue: true,
    });
    expect(slaState({ ...order, status: 2 }, at('2026-05-01T08:31:00'))).toMatchObject({
      kind: 'complete',
      leftSeconds: 209 * 60,
      overdue: false,
    });
    expect(slaState({ ...order, status: 3 }, at('2026-05-01T12:00:01'))).toMatchObject({
      kind: 'complete',
      overdue: true,
    });
  });
  it('takes the dispatch’s required completion time over the category’s', () => {
    const s = slaState({ ...order, status: 3, wctime: at('2026-05-02T18:00:00') }, at('2026-05-02T17:00:00'));
    expect(s).toMatchObject({ kind: 'complete', leftSeconds: 3600, overdue: false });
  });
  it('stops once the work is done, and without any limit', () => {
    for (const status of [4, 5, 6, 7, 8]) expect(slaState({ ...order, status }, at('2027-01-01T00:00:00'))).toBeNull();
    expect(slaState({ ...order, responseMinutes: null, completeMinutes: null }, at('2026-05-01T09:00:00'))).toBeNull();
  });
  it('writes time left and time over', () => {
    expect(slaText(7500)).toBe('剩余 2小时5分');
    expect(slaText(-90000)).toBe('超时 1天1小时');
  });
});
