import type { Dayjs } from 'dayjs';
import type { AdvertBookBody } from '@5a/contracts/endpoints/community-advert';

export type BookValues = {
  advertiser: string;
  contact?: string;
  phone?: string;
  house_id: number;
  start: Dayjs;
  months: number;
};

/** The booking's body as the server takes it (the start a day, not a time). */
export const bookBody = (id: number, v: BookValues): AdvertBookBody => ({
  id,
  advertiser: v.advertiser.trim(),
  contact: (v.contact ?? '').trim(),
  phone: (v.phone ?? '').trim(),
  house_id: v.house_id,
  start_date: v.start.format('YYYY-MM-DD'),
  months: v.months,
});

/** what the bill will be: the monthly price (yuan) times the months, in fen-exact yuan */
export const bookTotal = (price: number, months: number) => Math.round(price * 100 * months) / 100;
