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
import { use as registerEcharts, type ComposeOption } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

// only the charts and parts the pages draw, so ECharts' bundle stays small; every chart wrapper imports this module
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

/** an option of the charts registered here */
export type EChartOption = ComposeOption<
  | BarSeriesOption
  | GaugeSeriesOption
  | LineSeriesOption
  | PieSeriesOption
  | GridComponentOption
  | TooltipComponentOption
  | LegendComponentOption
  | TitleComponentOption
>;

export { init, registerTheme, type ECharts } from 'echarts/core';
