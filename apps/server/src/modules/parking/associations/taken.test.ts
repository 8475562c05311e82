import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDemo, type DemoApp } from '../../estate/testing.ts';

const A = '/Web/Parking/Association';
type Taken = { id: number; owner: string; until: string | null };

describe('spaces taken in a period', () => {
  let { t, property, propertyb, ids } = {} as DemoApp;
  let space: number;
  const day = (offset: number) => new Date(Date.now() + 8 * 3600_000 + offset * 86_400_000).toISOString().slice(0, 10);

  beforeAll(async () => {
    ({ t, property, propertyb, ids } = await openDemo());
    const lot = (
      await t.one<{ id: number }>(sql`insert into parking_lots (tenant_id, village_id, name, code)
        values (${ids.tenantA}, ${ids.sunshine.id}, '占用测试车场', 'TAKEN1') returning id`)
    ).id;
    space = (
      await t.one<{ id: number }>(sql`insert into parking_spaces (tenant_id, village_id, lot_id, space_no)
        values (${ids.tenantA}, ${ids.sunshine.id}, ${lot}, 'T-001') returning id`)
    ).id;
    const owner = (
      await t.one<{ id: number }>(
        sql`select id from gate_persons where village_id = ${ids.sunshine.id} and personnel_type = 1 order by id limit 1`,
      )
    ).id;
    const made = await t.post(
      `${A}/associate`,
      {
        data: {
          spaceNum: space,
          owner,
          type: 1,
          status: 1,
          isLongTime: 2,
          start_date: day(10),
          end_date: day(40),
        },
      },
      property,
    );
    expect(made.body.code).toBe(0);
  });
  afterAll(() => t.close());

  const taken = async (body: object, token = property) => t.post<Taken[]>(`${A}/taken`, body, token);

  it('lists a space held on any day of the period, with its holder and end', async () => {
    const during = (await taken({ village_id: ids.sunshine.id, start_date: day(30), end_date: day(60) })).body.data;
    expect(during.find((x) => x.id === space)).toMatchObject({ until: day(40), owner: expect.any(String) });
    const before = (await taken({ village_id: ids.sunshine.id, start_date: day(0), end_date: day(9) })).body.data;
    expect(before.some((x) => x.id === space)).toBe(false);
    // long-term from today on reaches it
    const open = (await taken({ village_id: ids.sunshine.id, start_date: day(0) })).body.data;
    expect(open.some((x) => x.id === space)).toBe(true);
  });

  it("refuses a bad date by its field and shows another company nothing of this one's", async () => {
    expect((await taken({ village_id: ids.sunshine.id, start_date: '2026-13-01' })).body.msg).toBe('开始日期格式错误');
    const other = (await taken({ village_id: ids.sunshine.id, start_date: day(30) }, propertyb)).body;
    // company B has no such village: nothing of A's, or a refusal
    expect(other.code !== 0 || !other.data.some((x) => x.id === space)).toBe(true);
  });
});
