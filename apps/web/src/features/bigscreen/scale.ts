/** The design canvas every big screen is laid out on: pixel positions in panels refer to it. */
export const DESIGN_WIDTH = 1920;
export const DESIGN_HEIGHT = 1080;

export type StageFit = { scale: number; left: number; top: number };

/**
 * How a fixed design canvas fits a box: scaled by the smaller ratio (all of it visible, proportions kept) and centred,
 * the rest letterboxed. A box with no size yet (not laid out) keeps scale 1 at the origin.
 */
export const fitStage = (
  boxWidth: number,
  boxHeight: number,
  designWidth = DESIGN_WIDTH,
  designHeight = DESIGN_HEIGHT,
): StageFit => {
  if (!(boxWidth > 0 && boxHeight > 0) || !(designWidth > 0 && designHeight > 0)) return { scale: 1, left: 0, top: 0 };
  const scale = Math.min(boxWidth / designWidth, boxHeight / designHeight);
  return {
    scale,
    left: Math.max(0, (boxWidth - designWidth * scale) / 2),
    top: Math.max(0, (boxHeight - designHeight * scale) / 2),
  };
};

/** The CSS transform placing the stage: translate in box pixels, then scale from the top-left corner. */
export const stageTransform = ({ scale, left, top }: StageFit) =>
  `translate(${Math.round(left)}px, ${Math.round(top)}px) scale(${scale})`;

/** A canvas (chart) drawn on the stage renders at this pixel ratio, so it stays sharp when the stage is enlarged. */
export const canvasPixelRatio = (scale: number, deviceRatio: number) =>
  Math.max(1, deviceRatio || 1) * Math.max(1, scale);

/**
 * A value moving from `from` to `to` (an animated counter) after `elapsed` of `duration` ms: eased out, whole numbers
 * for whole targets, exactly `to` at the end.
 */
export const tween = (from: number, to: number, elapsed: number, duration: number): number => {
  if (duration <= 0 || elapsed >= duration) return to;
  const t = Math.max(0, elapsed) / duration;
  const eased = 1 - (1 - t) ** 3;
  const v = from + (to - from) * eased;
  return Number.isInteger(to) && Number.isInteger(from) ? Math.round(v) : v;
};

/**
 * The next offset of a looping scroll: one pixel per tick, back to 0 once a whole copy of the rows has passed
 * (the rows are drawn twice, so the jump is invisible). Nothing to scroll: 0.
 */
export const nextScroll = (offset: number, loopHeight: number, step = 1) =>
  loopHeight > 0 ? (offset + step) % loopHeight : 0;

/** The part of a total a ring fills, 0–1 (no total: empty). */
export const ringShare = (value: number, total: number) => (total > 0 ? Math.min(1, Math.max(0, value / total)) : 0);

const WEEKDAYS = ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'];
const pad = (n: number) => String(n).padStart(2, '0');

/** The clock's text: YYYY-MM-DD, HH:mm:ss and the weekday, in the browser's time. */
export const clockText = (d: Date) => ({
  date: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
  time: `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`,
  week: WEEKDAYS[d.getDay()]!,
});
