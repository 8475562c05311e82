import { useEffect, useRef, type CSSProperties } from 'react';
import { init, type ECharts, type EChartOption } from '../../lib/echarts.ts';

export type { EChartOption };

/** A tiny ECharts wrapper: init once, setOption on change, resize with the window and the box. */
export const EChart = ({
  option,
  height = 300,
  style,
  testId,
}: {
  option: EChartOption;
  height?: number | string;
  style?: CSSProperties;
  testId?: string;
}) => {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const c = init(el);
    chart.current = c;
    const resize = () => c.resize();
    window.addEventListener('resize', resize);
    const ro = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(resize);
    ro?.observe(el);
    return () => {
      window.removeEventListener('resize', resize);
      ro?.disconnect();
      c.dispose();
      chart.current = null;
    };
  }, []);
  useEffect(() => {
    chart.current?.setOption(option, true);
  }, [option]);
  return <div ref={box} data-testid={testId} style={{ width: '100%', height, ...style }} />;
};
