import { temporaryFee, type Tariff } from './fee.ts';

export type Direction = 1 | 2;
export type Decision = { decision: 'open' | 'deny'; reason: string; fee: number; entryId: number | null };

/** what the lane knows about a plate when its event arrives (read in one statement, ingest.ts) */
export type PlateFacts = {
  direction: Direction;
  at: Date;
  hasCard: boolean;
  /** the plate's latest entry into this lot that no opened exit has closed yet */
  entry: { id: number; at: Date } | null;
  tariff: Tariff;
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
  if (f.direction === 1) return { decision: 'open', reason: '临时车', fee: 0, entryId: null };
  if (!f.entry) return { decision: 'deny', reason: '无入场记录', fee: 0, entryId: null };
  const fee = temporaryFee((f.at.getTime() - f.entry.at.getTime()) / 60_000, f.tariff);
  return fee === 0
    ? { decision: 'open', reason: '临时车', fee: 0, entryId: f.entry.id }
    : { decision: 'deny', reason: '未缴费', fee, entryId: f.entry.id };
};
