import { Card, Col, Row, Statistic } from 'antd';
import type { EChartOption } from '../fees/EChart.tsx';
import { ChartBox } from '../dashboard/ChartBox.tsx';

export type Figure = { key: string; title: string; value: number | string; suffix?: string; unconnected?: boolean };

/** A row of figures of the cockpit; one whose source is not connected says 未接入 instead of a number. */
export const Figures = ({ items, prefix }: { items: Figure[]; prefix: string }) => (
  <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
    {items.map((f) => (
      <Col key={f.key} xs={12} md={6} xl={4}>
        <Card size="small" data-testid={`${prefix}-${f.key}`}>
          {f.unconnected ? (
            <Statistic title={f.title} value="未接入" valueStyle={{ color: '#bfbfbf' }} />
          ) : (
            <Statistic title={f.title} value={f.value} suffix={f.suffix} />
          )}
        </Card>
      </Col>
    ))}
  </Row>
);

export type ChartDef = { key: string; option: EChartOption; empty: boolean; span?: number };

/** Charts two (or three) to a row. */
export const Charts = ({ charts, prefix }: { charts: ChartDef[]; prefix: string }) => (
  <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
    {charts.map((c) => (
      <Col key={c.key} xs={24} xl={c.span ?? 12}>
        <Card>
          <ChartBox option={c.option} empty={c.empty} testId={`${prefix}-${c.key}`} height={280} />
        </Card>
      </Col>
    ))}
  </Row>
);
