import type { EpidemicContrast, EpidemicPeriod } from '@5a/contracts/endpoints/epidemic';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../core/db/client.ts';
import { formatDate, shanghaiInstant } from '../../../core/time.ts';
import { byMonth, dailyFigures } from '../../figures/index.ts';
import { changeAggregates, historyChanges } from './counters.ts';
import { inScope, rowsOf, type EpidemicScope } from './scope.ts';

export const MONTHS_OF_YEAR = 12;
export const DAYS_OF_MONTH = 30;

/** The period's buckets, oldest first: the last twelve months (YYYY-MM) or the last thirty days (YYYY-MM-DD). */
export const periodKeys = (type: EpidemicPeriod, today: string = formatDate(new Date())): string[] => {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  if (type === 'year')
    return Array.from({ length: MONTHS_OF_YEAR }, (_, i) => {
      const at = new Date(Date.UTC(y, m - 1 - (MONTHS_OF_YEAR - 1 - i), 1));
      return at.toISOString().slice(0, 7);
    });
  return Array.from({ length: DAYS_OF_MONTH }, (_, i) =>
    new Date(Date.UTC(y, m - 1, d - (DAYS_OF_MONTH - 1 - i))).toISOString().slice(0, 10),
  );
};

type ChangeRow = { key: string; village_id: number; geli: number; quezheng: number; jichu: number };
type PassRow = { key: string; normal: number; abnormal: number };

/**
 * The period charts: isolation changes and passages per bucket, isolation changes per village over the period.
 * A grouped statement for the changes; the passages from the daily figures.
 */
export const contrastOf = async (db: Db, s: EpidemicScope, type: EpidemicPeriod): Promise<EpidemicContrast> => {
  const keys = periodKeys(type);
  const from = shanghaiInstant(type === 'year' ? `${keys[0]}-01 00:00:00` : `${keys[0]} 00:00:00`);
  const fmt = type === 'year' ? 'YYYY-MM' : 'YYYY-MM-DD';
  const keyOf = (col: ReturnType<typeof sql>) => sql`to_char(${col} at time zone 'Asia/Shanghai', ${fmt})`;
  const [changes, days] = await Promise.all([
    rowsOf<ChangeRow>(
      db,
      sql`select ${keyOf(sql`x.created_at`)} as key, x.village_id, ${changeAggregates}
        from (${historyChanges(s.tenantId, inScope(sql`h.village_id`, s))}) x
        where x.created_at >= ${from} group by 1, 2`,
    ),
    // passages from the daily figures: the rollups for past days, today counted live
    dailyFigures(db, {
      tenantId: s.tenantId,
      villageIds: s.villageIds,
      from: type === 'year' ? `${keys[0]}-01` : keys[0]!,
      to: formatDate(new Date()),
    }),
  ]);
  const passes: PassRow[] = (
    type === 'year' ? byMonth(days).map((m) => ({ ...m, key: m.month })) : days.map((d) => ({ ...d, key: d.day }))
  ).map((f) => ({ key: f.key, normal: f.accessIn + f.accessOut - f.accessAlerted, abnormal: f.accessAlerted }));
  const sum = (rows: readonly ChangeRow[], pick: 'geli' | 'quezheng' | 'jichu') =>
    rows.reduce((n, r) => n + Number(r[pick]), 0);
  const byKey = (pick: 'geli' | 'quezheng' | 'jichu') =>
    keys.map((k) =>
      sum(
        changes.filter((r) => r.key === k),
        pick,
      ),
    );
  const passOf = (pick: 'normal' | 'abnormal') => keys.map((k) => Number(passes.find((r) => r.key === k)?.[pick] ?? 0));
  const shown = s.villages.filter((v) => s.villageIds.includes(v.id));
  const byVillage = (pick: 'geli' | 'quezheng' | 'jichu') =>
    shown.map((v) =>
      sum(
        changes.filter((r) => Number(r.village_id) === v.id),
        pick,
      ),
    );
  const geli = byKey('geli');
  const quezheng = byKey('quezheng');
  const jichu = byKey('jichu');
  const zhengchang = passOf('normal');
  const yichang = passOf('abnormal');
  const total = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  return {
    type,
    categoryName: keys,
    geli,
    quezheng,
    jichu,
    zhengchang,
    yichang,
    list: {
      categoryName: shown.map((v) => v.name),
      geli: byVillage('geli'),
      quezheng: byVillage('quezheng'),
      jichu: byVillage('jichu'),
    },
    total: {
      geli: total(geli),
      quezheng: total(quezheng),
      jichu: total(jichu),
      zhengchang: total(zhengchang),
      yichang: total(yichang),
    },
  };
};
