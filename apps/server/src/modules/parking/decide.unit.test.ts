import { describe, expect, it } from 'vitest';
import { decide, type PlateFacts } from './decide.ts';

const at = new Date('2026-03-01T10:00:00+08:00');
const minutesBefore = (m: number) => new Date(at.getTime() - m * 60_000);
const facts = (over: Partial<PlateFacts>): PlateFacts => ({
  direction: 2,
  at,
  hasCard: false,
  entry: null,
  tariff: { freeMinutes: 15, hourPrice: 500, dayCap: 3000 },
  ...over,
});

describe('lane decision', () => {
  it('opens for a monthly card both ways, whatever the stay', () => {
    expect(decide(facts({ direction: 1, hasCard: true }))).toMatchObject({ decision: 'open', reason: '月卡', fee: 0 });
    expect(decide(facts({ hasCard: true, entry: { id: 7, at: minutesBefore(600) } }))).toEqual({
      decision: 'open',
      reason: '月卡',
      fee: 0,
      entryId: 7,
    });
  });

  it('lets a temporary car in', () => {
    expect(decide(facts({ direction: 1 }))).toEqual({ decision: 'open', reason: '临时车', fee: 0, entryId: null });
  });

  it('lets a temporary car out free within the free minutes and stops it with the fee after them', () => {
    expect(decide(facts({ entry: { id: 3, at: minutesBefore(10) } }))).toEqual({
      decision: 'open',
      reason: '临时车',
      fee: 0,
      entryId: 3,
    });
    expect(decide(facts({ entry: { id: 3, at: minutesBefore(150) } }))).toEqual({
      decision: 'deny',
      reason: '未缴费',
      fee: 1500,
      entryId: 3,
    });
  });

  it('stops a temporary car leaving without a recorded entry', () => {
    expect(decide(facts({}))).toEqual({ decision: 'deny', reason: '无入场记录', fee: 0, entryId: null });
  });
});
