/**
 * The big-screen kit: a 1920×1080 design stage that scales to any box, dark panels, counters, a scrolling list, a
 * clock and charts in the screens' theme. Import it only from lazily loaded pages.
 */
export { AnimatedNumber } from './AnimatedNumber.tsx';
export { Clock } from './Clock.tsx';
export { Panel, Toggle, type Place } from './Panel.tsx';
export { RingCounter } from './RingCounter.tsx';
export { DESIGN_HEIGHT, DESIGN_WIDTH, fitStage } from './scale.ts';
export { ScreenChart, type ScreenChartOption } from './ScreenChart.tsx';
export { ScreenStage, useStage } from './ScreenStage.tsx';
export { ScrollList } from './ScrollList.tsx';
export { Stat } from './Stat.tsx';
export { SCREEN_COLORS } from './theme.ts';
