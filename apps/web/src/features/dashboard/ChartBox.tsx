import { Empty } from 'antd';
import { EChart, type EChartOption } from '../fees/EChart.tsx';

/** A chart, or 暂无数据 when there is nothing to draw (an empty canvas says nothing). */
export const ChartBox = ({
  option,
  empty,
  testId,
  height = 260,
}: {
  option: EChartOption;
  empty: boolean;
  testId: string;
  height?: number;
}) =>
  empty ? (
    <div
      style={{ height, display: 'flex', alignItems: 'center', justifyContent: 'center' }}
      data-testid={`${testId}-empty`}
    >
      <Empty description="暂无数据" />
    </div>
  ) : (
    <EChart option={option} height={height} testId={testId} />
  );
