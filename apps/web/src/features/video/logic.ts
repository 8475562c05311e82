/** The video wall's rules, kept out of the components so they are tested alone. */

export type WallLayout = 1 | 4 | 9 | 16;
export const LAYOUTS: readonly WallLayout[] = [1, 4, 9, 16];
/** the wall opens with 16 windows, a moment after the page (the spec's ~1.2 s) */
export const DEFAULT_LAYOUT: WallLayout = 16;
export const DEFAULT_LAYOUT_DELAY_MS = 1200;

/** a window's antd column span (of 24) and its height (of the wall) for each layout */
export const cellSpan = (layout: WallLayout): number => ({ 1: 24, 4: 12, 9: 8, 16: 6 })[layout];
export const cellHeight = (layout: WallLayout): string => ({ 1: '100%', 4: '50%', 9: '33.3%', 16: '25%' })[layout];

/** What plays in a window: a camera's id, name and stream. */
export type Playing = { id: number; name: string; url: string };
export type Cells = readonly (Playing | null)[];

export const emptyCells = (layout: WallLayout): Cells => Array.from({ length: layout }, () => null);

export type PlayResult = { cells: Cells; outcome: 'played' | 'already' | 'full' };

/** A click plays the camera in the first empty window, unless it already plays somewhere (or no window is free). */
export const playIn = (cells: Cells, camera: Playing): PlayResult => {
  if (cells.some((c) => c?.id === camera.id)) return { cells, outcome: 'already' };
  const free = cells.findIndex((c) => c === null);
  if (free < 0) return { cells, outcome: 'full' };
  return { cells: cells.map((c, i) => (i === free ? camera : c)), outcome: 'played' };
};

/** Closing a window stops its preview and frees it for the next click. */
export const closeCell = (cells: Cells, index: number): Cells => cells.map((c, i) => (i === index ? null : c));

const WEEKDAYS = ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'];
const two = (n: number) => String(n).padStart(2, '0');

/** the panel's date line, weekday and clock (the browser's own time) */
export const clockParts = (d: Date) => ({
  date: `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`,
  weekday: WEEKDAYS[d.getDay()]!,
  time: `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`,
});

/** the wall's title: the logged-in page is the back office's, the shared one the community's */
export const WALL_TITLE = { monitor: '5A云小区', open: '5A社区' } as const;
