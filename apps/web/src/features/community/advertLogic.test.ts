import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { bookBody, bookTotal } from './advertLogic.ts';

describe('advert booking', () => {
  it('sends the start as a day and trims the names', () => {
    expect(bookBody(5, { advertiser: ' 药房 ', house_id: 9, start: dayjs('2026-03-04T15:00:00'), months: 2 })).toEqual({
      id: 5,
      advertiser: '药房',
      contact: '',
      phone: '',
      house_id: 9,
      start_date: '2026-03-04',
      months: 2,
    });
  });
  it('prices the months exactly', () => {
    expect(bookTotal(0.1, 3)).toBe(0.3);
    expect(bookTotal(1200, 2)).toBe(2400);
  });
});
