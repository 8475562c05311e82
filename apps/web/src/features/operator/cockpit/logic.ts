import type { CockpitIncomeBody } from '@5a/contracts/endpoints/dashboard';

/** The board's three topics, in the order of its bottom navigation. */
export const COCKPIT_TABS = [
  { key: 0, label: '运营商租户专题' },
  { key: 1, label: '运营服务专题' },
  { key: 2, label: '感知运营专题' },
] as const;
export type CockpitTab = (typeof COCKPIT_TABS)[number]['key'];

/** The tenant topic redraws its charts this long after it is shown again (its boxes have their size by then). */
export const CHART_REFRESH_MS = 500;

/** 今年 or 往年 on the operation topic. */
export type YearMode = 'year' | 'past';

/** How many past years the year filter offers. */
export const PAST_YEARS = 5;

/** The years the filter offers under 往年, newest first: last year and the four before it. */
export const pastYears = (thisYear: number, n = PAST_YEARS) => Array.from({ length: n }, (_, i) => thisYear - 1 - i);

/**
 * The `where` of the operation topic's call: 今年 is the year type 'year'; 往年 is 'past' (every year before this
 * one together) unless one past year is picked.
 */
export const incomeWhere = (mode: YearMode, year: number | null): CockpitIncomeBody['where'] =>
  mode === 'year' ? 'year' : year === null ? 'past' : year;

/** Word-cloud font sizes on the board: 15 px for the least frequent item up to 80 px for the most. */
export const WORD_CLOUD_MIN = 15;
export const WORD_CLOUD_MAX = 80;
export const wordSize = (value: number, max: number) =>
  max > 0
    ? Math.round(WORD_CLOUD_MIN + ((WORD_CLOUD_MAX - WORD_CLOUD_MIN) * Math.max(0, value)) / max)
    : WORD_CLOUD_MIN;

/** A passage with no name is someone the doors did not know. */
export const passerName = (name: string) => (name.trim() ? name : '陌生人');
