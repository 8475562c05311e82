import { describe, expect, it } from 'vitest';
import { coalesceViews, type ViewLog } from './service.ts';

const view = (userId: number, personId: number, at: string, fields = 'idcard,tel'): ViewLog => ({
  tenantId: 1,
  userId,
  personId,
  fields,
  at,
});

describe('the personal-data view log of one flush window', () => {
  it('keeps one row per user, resident and fields, at the first view', () => {
    const first = view(7, 100, '2026-01-01T00:00:00.000Z');
    const rows = coalesceViews([
      first,
      view(7, 101, '2026-01-01T00:00:00.000Z'),
      view(7, 100, '2026-01-01T00:00:00.150Z'),
      view(8, 100, '2026-01-01T00:00:00.150Z'),
      view(7, 100, '2026-01-01T00:00:00.180Z', 'tel'),
    ]);
    expect(rows).toHaveLength(4);
    expect(rows[0]).toBe(first);
    expect(rows.map((r) => `${r.userId}/${r.personId}/${r.fields}`)).toEqual([
      '7/100/idcard,tel',
      '7/101/idcard,tel',
      '8/100/idcard,tel',
      '7/100/tel',
    ]);
  });
});
