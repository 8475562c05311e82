import { DownloadOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Card, Col, DatePicker, Row, Space, Spin, Statistic, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import type { PageProps } from '../../app/pages/pageTypes.ts';
import { patrolApi } from '@5a/contracts/endpoints/patrol';
import { call } from '../../api/call.ts';
import { downloadFile, saveBlob } from '../../api/http.ts';
import { usePerm } from '../../engine/perm/usePerm.ts';
import { ChartBox } from '../dashboard/ChartBox.tsx';
import {
  completionBars,
  guardSeries,
  rateText,
  REPORT_EXPORT_PERM,
  REPORT_EXPORT_URL,
  reportBody,
  routeSeries,
  weekLabel,
  weekLine,
  type GuardRow,
  type PatrolCounts,
  type RouteRow,
  type WeekRow,
} from './report.ts';
import { VillageFilter } from '../../lib/VillageFilter.tsx';

const countColumns = <T extends PatrolCounts>(): ColumnsType<T> => [
  { title: '任务数', dataIndex: 'total', align: 'right' },
  { title: '已完成', dataIndex: 'completed', align: 'right' },
  { title: '已漏巡', dataIndex: 'missed', align: 'right' },
  { title: '完成率', dataIndex: 'rate', align: 'right', render: (v: number) => rateText(v) },
];
const guardColumns: ColumnsType<GuardRow> = [
  { title: '巡更人员', dataIndex: 'worker_name' },
  ...countColumns<GuardRow>(),
];
const routeColumns: ColumnsType<RouteRow> = [
  { title: '巡更路线', dataIndex: 'route_name' },
  { title: '所属小区', dataIndex: 'village_name' },
  ...countColumns<RouteRow>(),
];
const weekColumns: ColumnsType<WeekRow> = [
  { title: '周', dataIndex: 'week', render: (v: string) => weekLabel(v) },
  ...countColumns<WeekRow>(),
];

/** 巡更统计: completion of patrol tasks by guard, route and week for a village and a date range, with an xlsx export. */
export const PatrolReportPage = ({ route }: PageProps) => {
  const [villageId, setVillageId] = useState(0);
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const body = reportBody(villageId, range ? [range[0]?.format('YYYY-MM-DD'), range[1]?.format('YYYY-MM-DD')] : null);
  const q = useQuery({
    queryKey: ['patrol', 'report', body],
    queryFn: () => call(patrolApi.report, body),
    staleTime: 10_000,
    retry: false,
  });
  const d = q.data;
  const charts = useMemo(
    () => ({
      guard: completionBars('按巡更人员', guardSeries(d?.byGuard)),
      route: completionBars('按巡更路线', routeSeries(d?.byRoute)),
      week: weekLine(d?.byWeek ?? []),
    }),
    [d],
  );
  const canExport = usePerm().has(REPORT_EXPORT_PERM);
  // a failed export was toasted by the api client
  const exporting = useMutation({
    mutationFn: async () => saveBlob(await downloadFile(REPORT_EXPORT_URL, body, `${route.title || '巡更统计'}.xlsx`)),
  });
  const exportXlsx = () => exporting.mutate();
  const s = d?.summary;
  return (
    <div data-testid="patrol-report">
      <Card style={{ marginBottom: 16 }}>
        <Space wrap>
          <VillageFilter
            value={villageId}
            onChange={setVillageId}
            villages={d?.villages}
            testId="patrol-report-village"
          />
          <span data-testid="patrol-report-range">
            <DatePicker.RangePicker
              value={range}
              onChange={(v) => setRange(v)}
              placeholder={['开始日期', '结束日期']}
            />
          </span>
          {d ? <span data-testid="patrol-report-period">{`${d.start_date} 至 ${d.end_date}`}</span> : null}
          {canExport ? (
            <Button
              icon={<DownloadOutlined />}
              loading={exporting.isPending}
              onClick={exportXlsx}
              data-testid="patrol-report-export"
            >
              导出
            </Button>
          ) : null}
        </Space>
      </Card>
      <Spin spinning={q.isFetching}>
        <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
          {(
            [
              ['total', '巡更任务', s?.total, '次'],
              ['completed', '已完成', s?.completed, '次'],
              ['missed', '已漏巡', s?.missed, '次'],
              ['rate', '完成率', s?.rate, '%'],
            ] as const
          ).map(([key, label, value, suffix]) => (
            <Col key={key} xs={12} md={6}>
              <Card size="small" data-testid={`patrol-report-${key}`}>
                <Statistic title={label} value={value ?? 0} precision={key === 'rate' ? 2 : 0} suffix={suffix} />
              </Card>
            </Col>
          ))}
        </Row>
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={12}>
            <Card>
              <ChartBox
                option={charts.guard}
                empty={!d?.byGuard.length}
                testId="patrol-report-guard-chart"
                height={300}
              />
            </Card>
          </Col>
          <Col xs={24} xl={12}>
            <Card>
              <ChartBox
                option={charts.route}
                empty={!d?.byRoute.length}
                testId="patrol-report-route-chart"
                height={300}
              />
            </Card>
          </Col>
          <Col xs={24}>
            <Card>
              <ChartBox
                option={charts.week}
                empty={!d?.byWeek.some((w) => w.total > 0)}
                testId="patrol-report-week-chart"
                height={300}
              />
            </Card>
          </Col>
          <Col xs={24} xl={12}>
            <Card title="按巡更人员" size="small" extra="共同巡更的任务计入每位巡更人员">
              <Table<GuardRow>
                rowKey="worker_id"
                size="small"
                columns={guardColumns}
                dataSource={d?.byGuard}
                pagination={{ pageSize: 10, hideOnSinglePage: true }}
                data-testid="patrol-report-guards"
              />
            </Card>
          </Col>
          <Col xs={24} xl={12}>
            <Card title="按巡更路线" size="small">
              <Table<RouteRow>
                rowKey="route_id"
                size="small"
                columns={routeColumns}
                dataSource={d?.byRoute}
                pagination={{ pageSize: 10, hideOnSinglePage: true }}
                data-testid="patrol-report-routes"
              />
            </Card>
          </Col>
          <Col xs={24}>
            <Card title="按周" size="small">
              <Table<WeekRow>
                rowKey="week"
                size="small"
                columns={weekColumns}
                dataSource={d?.byWeek}
                pagination={false}
                data-testid="patrol-report-weeks"
              />
            </Card>
          </Col>
        </Row>
      </Spin>
    </div>
  );
};
