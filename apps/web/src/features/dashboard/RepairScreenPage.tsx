import { useQuery } from '@tanstack/react-query';
import { Card, Col, DatePicker, Row, Space, Spin, Statistic } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import type { PageProps } from '../../app/pages/pageTypes.ts';
import { dashboardApi } from '@5a/contracts/endpoints/dashboard';
import { call } from '../../api/call.ts';
import type { EChartOption } from '../fees/EChart.tsx';
import { countPie, monthBars, monthLines } from './charts.ts';
import { ChartBox } from './ChartBox.tsx';
import { isEmptySeries } from './logic.ts';
import { splitPaid, statsBody, type RepairStats } from './repairStats.ts';
import { VillageFilter } from '../../lib/VillageFilter.tsx';

const paidOption = (bx: RepairStats['bx'] | undefined): EChartOption => {
  const p = splitPaid(bx);
  return {
    title: { text: '有偿服务', left: 'center', top: 4, textStyle: { fontSize: 14 } },
    tooltip: { trigger: 'axis' },
    legend: { bottom: 0 },
    grid: { left: 48, right: 56, top: 40, bottom: 48 },
    xAxis: { type: 'category', data: p.months },
    yAxis: [
      { type: 'value', name: '单', minInterval: 1 },
      { type: 'value', name: '元' },
    ],
    series: [
      { type: 'bar', name: '有偿服务单数', data: p.count, barMaxWidth: 28, itemStyle: { color: '#3aa1ff' } },
      {
        type: 'line',
        name: '服务金额(元)',
        yAxisIndex: 1,
        data: p.amount,
        smooth: true,
        itemStyle: { color: '#f2637b' },
      },
    ],
  };
};

/** 报修统计: task counts, then the repair, event, overdue and paid-service charts by village and month. */
export const RepairScreenPage = ({ route }: PageProps) => {
  const [villageId, setVillageId] = useState(0);
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const body = statsBody(villageId, range ? [range[0]?.format('YYYY-MM'), range[1]?.format('YYYY-MM')] : null);
  const q = useQuery({
    queryKey: ['dashboard', 'repairStats', body],
    // the page posts to its own route, which answers the statistics
    queryFn: () => call(dashboardApi.repairStats, body, { at: route.path }),
    staleTime: 10_000,
    retry: false,
  });
  const d = q.data;
  const charts = useMemo(
    () => ({
      trend: monthLines('报修趋势', d?.bxinfo.trend, '单'),
      byVillage: monthBars('各小区报修', d?.bxinfo.byVillage, '单', true),
      byCategory: countPie('报修分类', d?.bxinfo.byCategory),
      events: monthBars('报事统计', d?.bsinfo, '件', true),
      overdue: monthBars('超时工单', d?.yc, '单', true),
      paid: paidOption(d?.bx),
    }),
    [d],
  );
  return (
    <div data-testid="repair-stats">
      <Card style={{ marginBottom: 16 }}>
        <Space wrap>
          <VillageFilter
            value={villageId}
            onChange={setVillageId}
            villages={d?.villages}
            testId="repair-stats-village"
          />
          <DatePicker.RangePicker
            picker="month"
            value={range}
            onChange={(v) => setRange(v)}
            placeholder={['开始月份', '结束月份']}
          />
          {d ? <span>{`${d.start_month} 至 ${d.end_month}`}</span> : null}
        </Space>
      </Card>
      <Spin spinning={q.isFetching}>
        <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
          {(d?.taskNumList ?? []).map((t) => (
            <Col key={t.key} xs={12} md={6} xl={3}>
              <Card size="small" data-testid={`task-${t.key}`}>
                <Statistic title={t.title} value={t.num} suffix="单" />
              </Card>
            </Col>
          ))}
        </Row>
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={12}>
            <Card>
              <ChartBox
                option={charts.trend}
                empty={isEmptySeries(d?.bxinfo.trend)}
                testId="bxinfo-trend"
                height={300}
              />
            </Card>
          </Col>
          <Col xs={24} xl={12}>
            <Card>
              <ChartBox
                option={charts.byVillage}
                empty={isEmptySeries(d?.bxinfo.byVillage)}
                testId="bxinfo-village"
                height={300}
              />
            </Card>
          </Col>
          <Col xs={24} xl={8}>
            <Card>
              <ChartBox
                option={charts.byCategory}
                empty={!d?.bxinfo.byCategory.length}
                testId="bxinfo-category"
                height={300}
              />
            </Card>
          </Col>
          <Col xs={24} xl={8}>
            <Card>
              <ChartBox option={charts.events} empty={isEmptySeries(d?.bsinfo)} testId="bsinfo" height={300} />
            </Card>
          </Col>
          <Col xs={24} xl={8}>
            <Card>
              <ChartBox option={charts.overdue} empty={isEmptySeries(d?.yc)} testId="yc" height={300} />
            </Card>
          </Col>
          <Col xs={24}>
            <Card>
              <ChartBox option={charts.paid} empty={isEmptySeries(d?.bx)} testId="bx" height={300} />
            </Card>
          </Col>
        </Row>
      </Spin>
    </div>
  );
};
