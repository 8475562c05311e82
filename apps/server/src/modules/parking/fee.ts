/** A lot's temporary-parking tariff, money in fen. */
export type Tariff = { freeMinutes: number; hourPrice: number; dayCap: number };

const DAY = 24 * 60;

/**
 * The temporary fee in fen for a stay of `minutes`: a stay within the free minutes costs nothing; beyond it every
 * started hour costs the hour price from the entry on, and each 24 hours costs at most the day cap (0: no cap).
 * Each whole day is charged the cap (or its 24 hours when that is cheaper), the remainder by its started hours.
 */
export const temporaryFee = (minutes: number, t: Tariff): number => {
  const m = Math.max(0, Math.ceil(minutes));
  if (m <= t.freeMinutes || t.hourPrice <= 0) return 0;
  const capped = (mins: number) => {
    const byHour = Math.ceil(mins / 60) * t.hourPrice;
    return t.dayCap > 0 ? Math.min(byHour, t.dayCap) : byHour;
  };
  const days = Math.floor(m / DAY);
  const rest = m - days * DAY;
  return days * capped(DAY) + (rest > 0 ? capped(rest) : 0);
};

/** fen → yuan with two decimals, as the API shows money */
export const yuan = (fen: number): string => (fen / 100).toFixed(2);
