import { describe, expect, it } from 'vitest';
import { decide, PAID_GRACE_MINUTES, stillOwed, type PlateFacts } from './decide.ts';

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

  it('opens both ways for a car whose owner holds a space in the lot (固定车位), closing its entry', () => {
    const oneSpace = { held: 1, taken: 0 };
    expect(decide(facts({ direction: 1, spaces: oneSpace }))).toEqual({
      decision: 'open',
      reason: '固定车位',
      fee: 0,
      entryId: null,
    });
    expect(decide(facts({ spaces: oneSpace, entry: { id: 9, at: minutesBefore(600), fixed: true } }))).toEqual({
      decision: 'open',
      reason: '固定车位',
      fee: 0,
      entryId: 9,
    });
    // the camera missed its entry: the owner's space lets it out
    expect(decide(facts({ spaces: oneSpace }))).toMatchObject({ decision: 'open', reason: '固定车位' });
  });

  it("shares an owner's spaces among his cars, first come first served (一位多车)", () => {
    // his other car is inside on his only space: this one comes in as temporary and pays its stay going out
    expect(decide(facts({ direction: 1, spaces: { held: 1, taken: 1 } }))).toMatchObject({ reason: '临时车' });
    expect(decide(facts({ direction: 1, spaces: { held: 2, taken: 1 } }))).toMatchObject({ reason: '固定车位' });
    const temporaryStay = { id: 11, at: minutesBefore(150), fixed: false };
    expect(decide(facts({ spaces: { held: 1, taken: 0 }, entry: temporaryStay }))).toEqual({
      decision: 'deny',
      reason: '未缴费',
      fee: 1500,
      entryId: 11,
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

  it('lets a car out that paid on the phone within the grace, and charges only the extra time after it', () => {
    const entry = { id: 4, at: minutesBefore(150) };
    // 2.5 hours: 15.00 owed; paid 14 minutes ago (the stay then cost the same 15.00)
    expect(decide(facts({ entry, paid: { at: minutesBefore(14), amount: 1500 } }))).toEqual({
      decision: 'open',
      reason: '已缴费',
      fee: 0,
      entryId: 4,
    });
    // at exactly the grace it still opens; a minute later the stay is still within the paid third hour
    expect(decide(facts({ entry, paid: { at: minutesBefore(PAID_GRACE_MINUTES), amount: 1500 } })).reason).toBe(
      '已缴费',
    );
    expect(decide(facts({ entry, paid: { at: minutesBefore(16), amount: 1500 } })).decision).toBe('open');
    // paid 40 minutes ago for two hours (10.00): the third started hour is owed
    expect(decide(facts({ entry, paid: { at: minutesBefore(40), amount: 1000 } }))).toEqual({
      decision: 'deny',
      reason: '未缴费',
      fee: 500,
      entryId: 4,
    });
    // a payment never opens a car that has no entry to match
    expect(decide(facts({ paid: { at: minutesBefore(1), amount: 1500 } })).reason).toBe('无入场记录');
  });

  it('owes the stay fee without a payment, nothing within the grace of a payment that covered it, else the difference', () => {
    const tariff = { freeMinutes: 15, hourPrice: 500, dayCap: 3000 };
    const entered = minutesBefore(150);
    expect(stillOwed(entered, tariff, null, at)).toBe(1500);
    expect(stillOwed(entered, tariff, { at: minutesBefore(15), amount: 1500 }, at)).toBe(0);
    // paid the whole stay 15.5 minutes ago: the grace is over, but the third hour was paid and nothing more began
    expect(stillOwed(entered, tariff, { at: minutesBefore(15.5), amount: 1500 }, at)).toBe(0);
    expect(stillOwed(entered, tariff, { at: minutesBefore(60), amount: 2000 }, at)).toBe(0);
    // a third of the fee paid a minute ago: no grace for a payment that fell short, the rest is owed
    expect(stillOwed(entered, tariff, { at: minutesBefore(1), amount: 500 }, at)).toBe(1000);
    expect(stillOwed(entered, tariff, { at: minutesBefore(15.5), amount: 500 }, at)).toBe(1000);
    // 10.00 paid when the stay cost 10.00 (1 h 55 min in), 5 minutes ago: the third hour began in the grace
    expect(stillOwed(entered, tariff, { at: minutesBefore(35), amount: 1000 }, at)).toBe(500);
    expect(stillOwed(entered, tariff, { at: minutesBefore(5), amount: 1000 }, at)).toBe(500);
    expect(stillOwed(minutesBefore(125), tariff, { at: minutesBefore(10), amount: 1000 }, at)).toBe(0);
  });

  it('does not open as 已缴费 for an order priced earlier and paid after the fee grew', () => {
    // an order for 3.00 placed when the stay cost that, paid a minute ago when it cost 6.00
    const tariff = { freeMinutes: 15, hourPrice: 300, dayCap: 3000 };
    const entry = { id: 5, at: minutesBefore(100) };
    expect(decide(facts({ tariff, entry, paid: { at: minutesBefore(1), amount: 300 } }))).toEqual({
      decision: 'deny',
      reason: '未缴费',
      fee: 300,
      entryId: 5,
    });
  });

  it('stops a temporary car leaving without a recorded entry', () => {
    expect(decide(facts({}))).toEqual({ decision: 'deny', reason: '无入场记录', fee: 0, entryId: null });
  });
});
