/**
 * The one small table every file in this folder holds, each written by a different producer
 * (make-corpus.ts): a header row, then three residents. Dates are midnight UTC, as the reader
 * hands date-formatted cells over.
 */
export const HEADERS = ['姓名', '房号', '面积', '入住日期', '备注'];

export type SampleRow = [name: string, room: string, area: number, movedIn: Date, note: string | null];

export const ROWS: SampleRow[] = [
  ['张三', '1栋101室', 89.5, new Date(Date.UTC(2026, 0, 5)), '业主'],
  ['李四', '2栋202室', 120, new Date(Date.UTC(2025, 11, 31)), null],
  ['王五', '3栋303室', 66.25, new Date(Date.UTC(2024, 1, 29)), 'a<&>"b 租户'],
];

/** '2026-01-05', as our own export writes dates (text) */
export const isoDay = (d: Date) => d.toISOString().slice(0, 10);
