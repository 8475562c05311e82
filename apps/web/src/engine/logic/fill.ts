import { idCardFacts } from '@5a/contracts';
import type { Row } from '../list/context.ts';

/** fill map (target → source) applied to a picked row: only the sources the row has */
export const fillFromRow = (fill: Record<string, string>, row: Row): Row =>
  Object.fromEntries(
    Object.entries(fill)
      .filter(([, src]) => row[src] !== undefined && row[src] !== null)
      .map(([target, src]) => [target, row[src]]),
  );

/** fill map applied to an ID card number ('sex' → 1 男 / 2 女, 'birth' → YYYY-MM-DD); nothing until the number is valid */
export const fillFromIdCard = (fill: Record<string, string>, value: unknown): Row => {
  const facts = typeof value === 'string' ? idCardFacts(value.trim()) : null;
  if (!facts) return {};
  return Object.fromEntries(
    Object.entries(fill)
      .filter(([, src]) => src === 'sex' || src === 'birth')
      .map(([target, src]) => [target, facts[src as 'sex' | 'birth']]),
  );
};
