import { useQuery } from '@tanstack/react-query';
import { Card, Col, DatePicker, Progress, Row, Space, Spin, Statistic, Table, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import type { PageProps } from '../../app/pages/pageTypes.ts';
import { parkingApi } from '@5a/contracts/endpoints/parking';
import { call } from '../../api/call.ts';
import { formatMoney } from '../../engine/logic/format.ts';
import { VillageFilter } from '../../lib/VillageFilter.tsx';
import { ChartBox } from '../dashboard/ChartBox.tsx';
import {
  hasRevenue,
  hourlyOption,
  occupancyOption,
  occupancyPercent,
  parkingStatsBody,
  revenueOption,
  type ParkingStats,
} from './parkingStats.ts';

type Passage = ParkingStats['vehicleEntryexitList'][number];

const passageColumns = [
  {
    title: '抓拍',
    dataIndex: 'picimg',
    width: 80,
    render: (src: string) => (src ? <img src={src} alt="" style={{ height: 32 }} /> : '-'),
  },
  { title: '车牌号', dataIndex: 'platenum', width: 110 },
  { title: '时间', dataIndex: 'create_time', width: 170 },
  {
    title: '进出',
    dataIndex: 'is_type',
    width: 70,
    render: (v: number) => (v === 1 ? <Tag color="blue">入场</Tag> : <Tag color="gold">出场</Tag>),
  },
];

const revenueColumns = [
  { title: '停车场', dataIndex: 'lot' },
  { title: '临时停车', dataIndex: 'temp', align: 'right' as const, render: formatMoney },
  { title: '车位续费', dataIndex: 'renewal', align: 'right' as const, render: formatMoney },
  { title: '月卡充值', dataIndex: 'card', align: 'right' as const, render: formatMoney },
];

/** 停车概览: occupancy now per car park, today's passages by hour, the latest passages and revenue per lot. */
export const ParkingOverviewPage = (_props: PageProps) => {
  const [villageId, setVillageId] = useState(0);
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const body = parkingStatsBody(
    villageId,
    range ? [range[0]?.format('YYYY-MM-DD'), range[1]?.format('YYYY-MM-DD')] : null,
  );
  const q = useQuery({
    queryKey: ['parking', 'stats', body],
    queryFn: () => call(parkingApi.stats, body),
    staleTime: 10_000,
    retry: false,
  });
  const d = q.data;
  const charts = useMemo(
    () => ({
      occupancy: occupancyOption(d?.lots),
      hourly: hourlyOption(d?.hourly),
      revenue: revenueOption(d?.revenue),
    }),
    [d],
  );
  const figures = [
    { key: 'parkNum', title: '总车位', value: d?.parkingIot.parkNum, suffix: '个' },
    { key: 'parking', title: '在场车辆', value: d?.parkingIot.parking, suffix: '辆' },
    { key: 'surplus', title: '剩余车位', value: d?.parkingIot.surplus, suffix: '个' },
    { key: 'into', title: '今日入场', value: d?.vehicleEntryexit.into, suffix: '车次' },
    { key: 'out', title: '今日出场', value: d?.vehicleEntryexit.out, suffix: '车次' },
  ];
  return (
    <div data-testid="parking-overview">
      <Card style={{ marginBottom: 16 }}>
        <Space wrap>
          <VillageFilter value={villageId} onChange={setVillageId} villages={d?.villages} testId="parking-village" />
          <DatePicker.RangePicker value={range} onChange={(v) => setRange(v)} placeholder={['开始日期', '结束日期']} />
          {d ? <span data-testid="parking-range">{`收入统计：${d.date_range[0]} 至 ${d.date_range[1]}`}</span> : null}
        </Space>
      </Card>
      <Spin spinning={q.isFetching}>
        <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
          {figures.map((f) => (
            <Col key={f.key} xs={12} md={8} xl={4}>
              <Card size="small" data-testid={`figure-${f.key}`}>
                <Statistic title={f.title} value={f.value ?? 0} suffix={f.suffix} />
              </Card>
            </Col>
          ))}
        </Row>
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={10}>
            <Card title="车场占用" size="small" data-testid="lot-occupancy">
              {(d?.lots ?? []).map((l) => (
                <div key={l.id} data-testid={`lot-${l.id}`} style={{ marginBottom: 12 }}>
                  <div style={{ display: 'flex', justifyContent: 'space-between' }}>
                    <span>{l.name}</span>
                    <span>{`在场 ${l.parking} / 共 ${l.capacity}，剩余 ${l.surplus}`}</span>
                  </div>
                  <Progress percent={occupancyPercent(l)} status={l.surplus === 0 ? 'exception' : 'normal'} />
                </div>
              ))}
              {d && !d.lots.length ? <span>暂无停车场</span> : null}
            </Card>
          </Col>
          {/* without car parks the card beside says 暂无停车场: no second, empty panel */}
          {d?.lots.length ? (
            <Col xs={24} xl={14}>
              <Card title="车位占用" size="small">
                <ChartBox option={charts.occupancy} empty={false} testId="occupancy-chart" height={260} />
              </Card>
            </Col>
          ) : null}
          <Col xs={24} xl={14}>
            <Card title="今日进出（按小时）" size="small">
              <ChartBox
                option={charts.hourly}
                empty={!d || d.vehicleEntryexit.into + d.vehicleEntryexit.out === 0}
                testId="hourly-chart"
                height={280}
              />
            </Card>
          </Col>
          <Col xs={24} xl={10}>
            <Card title="最近进出" size="small">
              <Table<Passage>
                size="small"
                rowKey={(r) => `${r.platenum}-${r.create_time}-${r.is_type}`}
                columns={passageColumns}
                dataSource={d?.vehicleEntryexitList ?? []}
                pagination={false}
                data-testid="latest-passages"
              />
            </Card>
          </Col>
          <Col xs={24} xl={14}>
            <Card title="各车场收入" size="small">
              <ChartBox option={charts.revenue} empty={!hasRevenue(d?.revenue)} testId="revenue-chart" height={280} />
            </Card>
          </Col>
          <Col xs={24} xl={10}>
            <Card title="停车收入" size="small">
              <Table
                size="small"
                rowKey="lot_id"
                columns={revenueColumns}
                dataSource={d?.revenue ?? []}
                pagination={false}
                data-testid="parking-revenue"
              />
            </Card>
          </Col>
        </Row>
      </Spin>
    </div>
  );
};
