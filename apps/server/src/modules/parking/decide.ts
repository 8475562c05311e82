import { temporaryFee, type Tariff } from './fee.ts';

export type Direction = 1 | 2;

/** how long after paying on the phone a temporary car may leave without paying again */
export const PAID_GRACE_MINUTES = 15;

/** what the driver paid online for the stay: the total (fen) and when the last payment was */
export type Paid = { at: Date; amount: number };

/**
 * What a temporary car still owes at `at` for a stay costing `stayFee`: nothing within the grace after its last
 * payment (the payment covered the stay up to then); after it, the stay's fee less what was paid.
 */
export const stillOwed = (stayFee: number, paid: Paid | null | undefined, at: Date): number => {
  if (!paid) return stayFee;
  if (at.getTime() - paid.at.getTime() <= PAID_GRACE_MINUTES * 60_000) return 0;
  return Math.max(0, stayFee - paid.amount);
};

export type Decision = { decision: 'open' | 'deny'; reason: string; fee: number; entryId: number | null };

/** what the lane knows about a plate when its event arrives (read in one statement, ingest.ts) */
export type PlateFacts = {
  direction: Direction;
  at: Date;
  hasCard: boolean;
  /** the car's owner holds a 有效 space association covering the day in this lot */
  hasSpace?: boolean;
  /** the plate's latest entry into this lot that no opened exit has closed yet */
  entry: { id: number; at: Date } | null;
  tariff: Tariff;
  /** the online payments of that entry's stay, if any */
  paid?: Paid | null;
};

/**
 * A monthly card for the lot opens both ways. Any other car is temporary: it enters freely; on the way out it pays
 * for the time since its open entry, and the barrier opens only when nothing is owed. A temporary car leaving
 * without a recorded entry is stopped for the attendant (the camera missed it, or it came another way): letting
 * it through would make every missed entry a free stay.
 */
export const decide = (f: PlateFacts): Decision => {
  if (f.hasCard)
    return { decision: 'open', reason: '月卡', fee: 0, entryId: f.direction === 2 ? (f.entry?.id ?? null) : null };
  if (f.hasSpace)
    return { decision: 'open', reason: '固定车位', fee: 0, entryId: f.direction === 2 ? (f.entry?.id ?? null) : null };
  if (f.direction === 1) return { decision: 'open', reason: '临时车', fee: 0, entryId: null };
  if (!f.entry) return { decision: 'deny', reason: '无入场记录', fee: 0, entryId: null };
  const stay = temporaryFee((f.at.getTime() - f.entry.at.getTime()) / 60_000, f.tariff);
  const fee = stillOwed(stay, f.paid, f.at);
  if (f.paid)
    return fee === 0
      ? { decision: 'open', reason: '已缴费', fee: 0, entryId: f.entry.id }
      : { decision: 'deny', reason: '未缴费', fee, entryId: f.entry.id };
  return fee === 0
    ? { decision: 'open', reason: '临时车', fee: 0, entryId: f.entry.id }
    : { decision: 'deny', reason: '未缴费', fee, entryId: f.entry.id };
};
