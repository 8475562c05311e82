import { temporaryFee, type Tariff } from '../fee.ts';

export type Direction = 1 | 2;

/** how long after paying on the phone a temporary car may leave without paying again */
export const PAID_GRACE_MINUTES = 15;

/** what the driver paid online for the stay: the total (fen) and when the last payment was */
export type Paid = { at: Date; amount: number };

/** the temporary fee (fen) of a stay from `entryAt` to `to` */
export const stayFee = (entryAt: Date, to: Date, tariff: Tariff): number =>
  temporaryFee((to.getTime() - entryAt.getTime()) / 60_000, tariff);

/** whether what was paid covered the stay's fee as it stood at the payment: only such a payment earns the grace */
export const paidCovered = (entryAt: Date, tariff: Tariff, paid: Paid): boolean =>
  paid.amount >= stayFee(entryAt, paid.at, tariff);

/**
 * What a temporary car that came in at `entryAt` still owes at `at`: without a payment the stay's fee. A payment
 * that covered the stay as it stood when it was made (an order priced earlier may be paid after the fee grew) earns
 * the grace: nothing is owed within it. Otherwise, and after the grace, the stay's fee less what was paid.
 */
export const stillOwed = (entryAt: Date, tariff: Tariff, paid: Paid | null | undefined, at: Date): number => {
  const fee = stayFee(entryAt, at, tariff);
  if (!paid) return fee;
  if (paidCovered(entryAt, tariff, paid) && at.getTime() - paid.at.getTime() <= PAID_GRACE_MINUTES * 60_000) return 0;
  return Math.max(0, fee - paid.amount);
};

/** the reason recorded for a car on its owner's space: its exit and the phone page read the entry's reason back */
export const ON_OWN_SPACE = '固定车位';

export type Decision = { decision: 'open' | 'deny'; reason: string; fee: number; entryId: number | null };

/** what the lane knows about a plate when its event arrives (read in one statement, ingest.ts) */
export type PlateFacts = {
  direction: Direction;
  at: Date;
  hasCard: boolean;
  /**
   * the 有效 space associations covering the day that the car's owner holds in this lot, and how many of his other
   * cars are inside on them now (entered as 固定车位 and not yet out)
   */
  spaces?: { held: number; taken: number };
  /** the plate's latest entry into this lot that no opened exit has closed yet; fixed: it entered on a space */
  entry: { id: number; at: Date; fixed?: boolean } | null;
  tariff: Tariff;
  /** the online payments of that entry's stay, if any */
  paid?: Paid | null;
};

/**
 * Whether the car parks on its owner's space (一位多车: an owner's cars share his spaces in the lot, first come first
 * served). Coming in: while a space is left that his other cars inside do not take. Going out: when it came in on
 * one — a car that came in as temporary pays its stay, even if a space freed up meanwhile; one whose entry the
 * camera missed leaves free when its owner holds a space.
 */
const onOwnSpace = (f: PlateFacts): boolean => {
  const { held, taken } = f.spaces ?? { held: 0, taken: 0 };
  if (f.direction === 1) return held > taken;
  return f.entry ? f.entry.fixed === true : held > 0;
};

/**
 * A monthly card for the lot opens both ways, so does the owner's space (固定车位). Any other car is temporary: it enters freely; on the way out it pays
 * for the time since its open entry, and the barrier opens only when nothing is owed. A temporary car leaving
 * without a recorded entry is stopped for the attendant (the camera missed it, or it came another way): letting
 * it through would make every missed entry a free stay.
 */
export const decide = (f: PlateFacts): Decision => {
  if (f.hasCard)
    return { decision: 'open', reason: '月卡', fee: 0, entryId: f.direction === 2 ? (f.entry?.id ?? null) : null };
  if (onOwnSpace(f))
    return {
      decision: 'open',
      reason: ON_OWN_SPACE,
      fee: 0,
      entryId: f.direction === 2 ? (f.entry?.id ?? null) : null,
    };
  if (f.direction === 1) return { decision: 'open', reason: '临时车', fee: 0, entryId: null };
  if (!f.entry) return { decision: 'deny', reason: '无入场记录', fee: 0, entryId: null };
  const fee = stillOwed(f.entry.at, f.tariff, f.paid, f.at);
  if (f.paid)
    return fee === 0
      ? { decision: 'open', reason: '已缴费', fee: 0, entryId: f.entry.id }
      : { decision: 'deny', reason: '未缴费', fee, entryId: f.entry.id };
  return fee === 0
    ? { decision: 'open', reason: '临时车', fee: 0, entryId: f.entry.id }
    : { decision: 'deny', reason: '未缴费', fee, entryId: f.entry.id };
};
