import { Card, Col, Row } from 'antd';
import { countPie, monthBars } from './charts.ts';
import { ChartBox } from './ChartBox.tsx';
import { isEmptySeries } from './logic.ts';
import type { PanelProps } from './types.ts';

/** 报事报修: orders reported per month by village (report_repair_bx) and open orders by category (report_repair_bs). */
export const ReportRepairPanel = ({ title, panels }: PanelProps) => {
  const r = panels.report_repair;
  return (
    <Card title={title} data-testid="workbench-module-report_repair">
      <Row gutter={16}>
        <Col xs={24} xl={14}>
          <ChartBox
            option={monthBars('近6个月报修', r?.report_repair_bx, '单', true)}
            empty={isEmptySeries(r?.report_repair_bx)}
            testId="report_repair_bx"
          />
        </Col>
        <Col xs={24} xl={10}>
          <ChartBox
            option={countPie('报修分类', r?.report_repair_bs)}
            empty={!r?.report_repair_bs.some((s) => s.value)}
            testId="report_repair_bs"
          />
        </Col>
      </Row>
    </Card>
  );
};
