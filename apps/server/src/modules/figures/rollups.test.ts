import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate } from '../../core/time.ts';
import { openDemo, type DemoApp } from '../estate/testing.ts';
import { dailyFigures, refreshRollups, rollUp } from './daily.ts';

const dayBefore = (today: string, n: number) =>
  formatDate(new Date(new Date(`${today}T12:00:00+08:00`).getTime() - n * 86_400_000));

describe('per-village daily rollups: the screens read them for past days and count today live', () => {
  let { t, ids } = {} as DemoApp;
  const today = formatDate(new Date());
  const from = dayBefore(today, 40);
  const query = () => ({ tenantId: ids.tenantA, villageIds: [ids.sunshine.id, ids.jade.id], from, to: today });
  /** a passage at 阳光花园 at noon of a day */
  const passage = (day: string) =>
    t.db.execute(sql`insert into access_records (tenant_id, village_id, person_name, jctype, created_at)
      values (${ids.tenantA}, ${ids.sunshine.id}, '汇总测试', 1, ${`${day} 12:00:00+08`}::timestamptz)`);
  const accessIn = async (day: string) => (await dailyFigures(t.db, query())).find((d) => d.day === day)!.accessIn;

  beforeAll(async () => ({ t, ids } = await openDemo()));
  afterAll(() => t.close());

  it('figures read through the rollups equal those counted live, day by day', async () => {
    await passage(dayBefore(today, 5));
    const live = await dailyFigures(t.db, query());
    expect(live.some((d) => d.accessIn > 0)).toBe(true);
    const run = await rollUp(t.db, today);
    expect(run.to).toBe(dayBefore(today, 1));
    expect(run.rows).toBeGreaterThan(0);
    expect(await dailyFigures(t.db, query())).toEqual(live);
    // company B's villages are rolled up too, and never in A's figures
    const b = await t.one<{ n: number }>(
      sql`select count(*)::int as n from village_daily_figures where tenant_id = ${ids.tenantB}`,
    );
    expect(b.n).toBeGreaterThan(0);
  });

  it('past days come from the rollups; a rebuild of a range puts them right', async () => {
    const day = dayBefore(today, 10);
    await passage(day);
    await rollUp(t.db, today);
    await refreshRollups(t.db, day, day);
    const right = await accessIn(day);
    expect(right).toBeGreaterThan(0);
    await t.db.execute(sql`update village_daily_figures set access_in = access_in + 500
      where village_id = ${ids.sunshine.id} and day = ${day}::date`);
    expect(await accessIn(day)).toBe(right + 500);
    await refreshRollups(t.db, day, day);
    expect(await accessIn(day)).toBe(right);
  });

  it('a passage recorded late for a recent day is counted at the next run; today is always live', async () => {
    await rollUp(t.db, today);
    const recent = dayBefore(today, 2);
    const before = await accessIn(recent);
    await passage(recent);
    // rolled up already: not yet seen
    expect(await accessIn(recent)).toBe(before);
    await rollUp(t.db, today);
    expect(await accessIn(recent)).toBe(before + 1);
    const now = await accessIn(today);
    await passage(today);
    expect(await accessIn(today)).toBe(now + 1);
  });
});
