/** The big screens' colours, shared by the CSS-drawn parts and the charts. */
export const SCREEN_COLORS = {
  background: '#06122b',
  panel: 'rgba(8, 30, 66, 0.78)',
  border: 'rgba(64, 158, 255, 0.45)',
  text: '#d6e6ff',
  muted: '#7f9cc7',
  accent: '#37c6ff',
  series: ['#37c6ff', '#ffb020', '#ff5b5b', '#4be3a5', '#a87bff', '#5b8ff9', '#ff8a3d', '#36cbcb'],
} as const;

const axis = {
  axisLine: { lineStyle: { color: 'rgba(127,156,199,0.5)' } },
  axisTick: { lineStyle: { color: 'rgba(127,156,199,0.5)' } },
  axisLabel: { color: SCREEN_COLORS.muted },
  splitLine: { lineStyle: { color: 'rgba(127,156,199,0.15)' } },
  nameTextStyle: { color: SCREEN_COLORS.muted },
};

/** The ECharts theme of the big screens: light text and thin lines on a transparent (dark) background. */
export const BIG_SCREEN_THEME = {
  color: [...SCREEN_COLORS.series],
  backgroundColor: 'transparent',
  textStyle: { color: SCREEN_COLORS.text },
  title: { textStyle: { color: SCREEN_COLORS.text } },
  legend: { textStyle: { color: SCREEN_COLORS.text } },
  tooltip: {
    backgroundColor: 'rgba(6,18,43,0.92)',
    borderColor: SCREEN_COLORS.border,
    textStyle: { color: SCREEN_COLORS.text },
  },
  categoryAxis: axis,
  valueAxis: axis,
  line: { symbolSize: 6, smooth: true },
};

export const BIG_SCREEN_THEME_NAME = 'bigscreen';
