import { endpoint, type Id } from '../endpoint.ts';

/** A slot's state, computed when read: 1 占用中 (let to an advertiser), 2 即将到期 (its booking ends within 30 days), 3 空闲. */
export const ADVERT_STATES = [
  { label: '占用中', value: 1 },
  { label: '即将到期', value: 2 },
  { label: '空闲', value: 3 },
] as const;
/** a booking ending within this many days makes its slot 即将到期 */
export const ADVERT_EXPIRING_DAYS = 30;
/** the longest one booking may run */
export const ADVERT_MAX_MONTHS = 36;

export type AdvertBookBody = {
  /** the slot */
  id: Id;
  advertiser: string;
  contact?: string;
  phone?: string;
  /** the house whose bills carry the fee */
  house_id: Id;
  /** YYYY-MM-DD */
  start_date: string;
  months: Id;
};
export type AdvertBookReply = { id: number; bill_id: number; amount: number; start_date: string; end_date: string };

export const advertApi = {
  /** 预订: a booking of the slot for whole months, billed at once to the house */
  book: endpoint<AdvertBookBody, AdvertBookReply>('/Web/Community/Advert/book'),
};
