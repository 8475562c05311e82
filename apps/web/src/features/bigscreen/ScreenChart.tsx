import {
  BarChart,
  GaugeChart,
  LineChart,
  PieChart,
  type BarSeriesOption,
  type GaugeSeriesOption,
  type LineSeriesOption,
  type PieSeriesOption,
} from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  TitleComponent,
  TooltipComponent,
  type GridComponentOption,
  type LegendComponentOption,
  type TitleComponentOption,
  type TooltipComponentOption,
} from 'echarts/components';
import { init, registerTheme, use as registerEcharts, type ComposeOption, type ECharts } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { canvasPixelRatio } from './scale.ts';
import { useStage } from './ScreenStage.tsx';
import { BIG_SCREEN_THEME, BIG_SCREEN_THEME_NAME } from './theme.ts';

registerEcharts([
  BarChart,
  GaugeChart,
  LineChart,
  PieChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  TitleComponent,
  CanvasRenderer,
]);
registerTheme(BIG_SCREEN_THEME_NAME, BIG_SCREEN_THEME);

export type ScreenChartOption = ComposeOption<
  | BarSeriesOption
  | GaugeSeriesOption
  | LineSeriesOption
  | PieSeriesOption
  | GridComponentOption
  | TooltipComponentOption
  | LegendComponentOption
  | TitleComponentOption
>;

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
