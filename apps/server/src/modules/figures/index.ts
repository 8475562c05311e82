import { everySweep } from '../../core/jobs/schedule.ts';
import { formatDate } from '../../core/time.ts';
import type { Module } from '../types.ts';
import { rollUp } from './daily.ts';

/**
 * 每日汇总: the per-village daily figures the big screens chart (passages, barrier entries and exits, patrol, repairs,
 * visitors, money received), read through `dailyFigures` — past days from the rollups the job keeps, today live.
 */
export const figuresModule: Module = {
  name: 'figures',
  register: () => {},
  // the last days rebuilt each sweep (the first run: the past year); today is read live
  jobs: [
    { name: 'daily-rollups', schedule: everySweep, run: ({ db }) => rollUp(db, formatDate(new Date())).then(() => {}) },
  ],
};

export {
  byMonth,
  dailyFigures,
  refreshRollups,
  rollUp,
  REFRESH_DAYS,
  type DailyFigure,
  type FiguresQuery,
  type MonthlyFigure,
} from './daily.ts';
export { rollupState, villageDailyFigures } from './schema.ts';
