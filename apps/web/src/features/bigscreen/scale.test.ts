import { describe, expect, it } from 'vitest';
import { canvasPixelRatio, clockText, fitStage, nextScroll, ringShare, stageTransform, tween } from './scale.ts';

describe('big screen stage', () => {
  it('fills a 16:9 box exactly', () => {
    expect(fitStage(1920, 1080)).toEqual({ scale: 1, left: 0, top: 0 });
    expect(fitStage(3840, 2160)).toEqual({ scale: 2, left: 0, top: 0 });
    expect(fitStage(960, 540)).toEqual({ scale: 0.5, left: 0, top: 0 });
  });

  it('letterboxes a box of another shape, centred', () => {
    // 1366×768 is slightly wider than 16:9: the height decides, a pixel is left either side
    const laptop = fitStage(1366, 768);
    expect(laptop.scale).toBeCloseTo(768 / 1080, 10);
    expect(laptop.top).toBe(0);
    expect(laptop.left).toBeCloseTo((1366 - 1920 * (768 / 1080)) / 2, 10);
    // a 4:3 box: bars above and below
    expect(fitStage(1600, 1200)).toEqual({ scale: 1600 / 1920, left: 0, top: (1200 - 900) / 2 });
    // an ultra-wide box: bars left and right
    expect(fitStage(3440, 1080)).toEqual({ scale: 1, left: (3440 - 1920) / 2, top: 0 });
  });

  it('keeps the stage inside the box whatever its size', () => {
    for (const [w, h] of [
      [1280, 720],
      [1024, 768],
      [800, 1280],
      [2560, 1440],
      [333, 777],
    ] as const) {
      const f = fitStage(w, h);
      expect(1920 * f.scale + 2 * f.left).toBeCloseTo(w, 6);
      expect(1080 * f.scale + 2 * f.top).toBeCloseTo(h, 6);
      expect(1920 * f.scale).toBeLessThanOrEqual(w + 1e-9);
      expect(1080 * f.scale).toBeLessThanOrEqual(h + 1e-9);
    }
  });

  it('waits for a box with a size and takes another design size', () => {
    expect(fitStage(0, 0)).toEqual({ scale: 1, left: 0, top: 0 });
    expect(fitStage(Number.NaN, 500)).toEqual({ scale: 1, left: 0, top: 0 });
    expect(fitStage(1000, 1000, 500, 250)).toEqual({ scale: 2, left: 0, top: 250 });
  });

  it('writes the transform in whole pixels and scales canvases up with an enlarged stage only', () => {
    expect(stageTransform({ scale: 0.5, left: 10.4, top: 3.6 })).toBe('translate(10px, 4px) scale(0.5)');
    expect(canvasPixelRatio(0.7, 1)).toBe(1);
    expect(canvasPixelRatio(2, 1)).toBe(2);
    expect(canvasPixelRatio(1.5, 2)).toBe(3);
    expect(canvasPixelRatio(1, 0)).toBe(1);
  });
});

describe('big screen motion', () => {
  it('eases a counter to its value and lands on it', () => {
    expect(tween(0, 100, 0, 1000)).toBe(0);
    const mid = tween(0, 100, 500, 1000);
    expect(mid).toBeGreaterThan(50);
    expect(mid).toBeLessThan(100);
    expect(Number.isInteger(mid)).toBe(true);
    expect(tween(0, 100, 1000, 1000)).toBe(100);
    expect(tween(0, 100, 5000, 1000)).toBe(100);
    expect(tween(80, 20, 2000, 1000)).toBe(20);
    expect(tween(5, 7, 10, 0)).toBe(7);
  });

  it('scrolls a pixel per tick and loops after one copy of the rows', () => {
    expect(nextScroll(0, 100)).toBe(1);
    expect(nextScroll(99, 100)).toBe(0);
    expect(nextScroll(10, 0)).toBe(0);
  });

  it('fills a ring by its share of the total', () => {
    expect(ringShare(1, 4)).toBe(0.25);
    expect(ringShare(5, 4)).toBe(1);
    expect(ringShare(3, 0)).toBe(0);
  });

  it('tells the time with the weekday', () => {
    expect(clockText(new Date(2026, 0, 1, 8, 5, 9))).toEqual({ date: '2026-01-01', time: '08:05:09', week: '星期四' });
  });
});
