/**
 * The big-screen kit: a 1920×1080 design stage that scales to any box, dark panels, counters, a scrolling list, a
 * clock, charts in the screens' theme and map marks (the map itself, `ScreenMap.tsx`, is imported on its own: it
 * brings OpenLayers). Import it only from lazily loaded pages.
 */
export { AnimatedNumber } from './AnimatedNumber.tsx';
export { Clock } from './Clock.tsx';
export { areaMarks, placeAround, type AreaMark, type PointMark } from './marks.ts';
export { Panel, Toggle, type Place } from './Panel.tsx';
export { RingCounter } from './RingCounter.tsx';
export { DESIGN_HEIGHT, DESIGN_WIDTH, fitStage } from './scale.ts';
export { ScreenChart, type ScreenChartOption } from './ScreenChart.tsx';
export { ScreenError } from './ScreenError.tsx';
export { ScreenHeader } from './ScreenHeader.tsx';
export { ScreenPopup } from './ScreenPopup.tsx';
export { ScreenStage, useStage } from './ScreenStage.tsx';
export { ScrollList } from './ScrollList.tsx';
export { Stat } from './Stat.tsx';
export { SCREEN_COLORS } from './theme.ts';
