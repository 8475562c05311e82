import { useEffect, useRef } from 'react';
import { init, registerTheme, type ECharts, type EChartOption } from '../../lib/echarts.ts';
import { canvasPixelRatio } from './scale.ts';
import { useStage } from './ScreenStage.tsx';
import { BIG_SCREEN_THEME, BIG_SCREEN_THEME_NAME } from './theme.ts';

registerTheme(BIG_SCREEN_THEME_NAME, BIG_SCREEN_THEME);

export type ScreenChartOption = EChartOption;

/**
 * A chart on a big screen: the dark theme, sized by its box in design pixels, drawn at the pixel ratio the stage's
 * scale needs to stay sharp (set when it opens; a resized window re-creates nothing).
 */
export const ScreenChart = ({
  option,
  height,
  testId,
}: {
  option: ScreenChartOption;
  height: number;
  testId?: string;
}) => {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  const { fit } = useStage();
  const ratio = useRef(canvasPixelRatio(fit.scale, window.devicePixelRatio));
  ratio.current = canvasPixelRatio(fit.scale, window.devicePixelRatio);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const c = init(el, BIG_SCREEN_THEME_NAME, { devicePixelRatio: ratio.current });
    chart.current = c;
    const ro = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => c.resize());
    ro?.observe(el);
    return () => {
      ro?.disconnect();
      c.dispose();
      chart.current = null;
    };
  }, []);
  useEffect(() => {
    chart.current?.setOption(option, true);
  }, [option]);
  return <div ref={box} style={{ width: '100%', height }} data-testid={testId} />;
};
