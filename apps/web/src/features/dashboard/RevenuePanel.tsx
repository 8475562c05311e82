import { Card, Col, Row } from 'antd';
import { moneyPie } from './charts.ts';
import { ChartBox } from './ChartBox.tsx';
import type { PanelProps } from './types.ts';

const none = (s: { value: number }[] | undefined) => !s || s.every((x) => !x.value);

/** 营收统计: this year's collection, this month's receipts by category, this year's arrears. */
export const RevenuePanel = ({ title, panels }: PanelProps) => {
  const r = panels.revenue_amount;
  return (
    <Card title={title} data-testid="workbench-module-revenue_amount">
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <ChartBox option={moneyPie('本年收费统计', r?.sftj)} empty={none(r?.sftj)} testId="revenue_amount_sftj" />
        </Col>
        <Col xs={24} md={8}>
          <ChartBox option={moneyPie('本月收款组成', r?.skzc)} empty={none(r?.skzc)} testId="revenue_amount_skzc" />
        </Col>
        <Col xs={24} md={8}>
          <ChartBox option={moneyPie('本年欠费统计', r?.qftj)} empty={none(r?.qftj)} testId="revenue_amount_qftj" />
        </Col>
      </Row>
    </Card>
  );
};
