import { BellOutlined, SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, DatePicker, Empty, Row, Space, Spin } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useNavigate } from '../../lib/router.tsx';
import type { PageProps } from '../../app/pages/pageTypes.ts';
import { fetchRevenue } from './api.ts';
import { arrearsOption, pieOption, type Slice } from './charts.ts';
import { EChart } from './EChart.tsx';

/** 欠费催缴, where the arrears card leads */
const UNPAID_PAGE = '/Web/Renewal/Unpaid/listConfig';
import { DATE_FORMAT, lastDays, MONTH_FORMAT, RANGE_SHORTCUTS, revenueQuery } from './logic.ts';

const revenue = (body: Parameters<typeof fetchRevenue>[1], search = false) => fetchRevenue(search, body);

const Pie = ({
  title,
  slices,
  testId,
  loading,
}: {
  title: string;
  slices?: Slice[];
  testId: string;
  loading?: boolean;
}) => {
  const option = useMemo(() => pieOption(title, slices), [title, slices]);
  return (
    <Spin spinning={!!loading}>
      {slices && slices.length ? (
        <EChart option={option} height={300} testId={testId} />
      ) : (
        <Empty style={{ height: 300, paddingTop: 100 }} description={`${title}：暂无数据`} data-testid={testId} />
      )}
    </Spin>
  );
};

/**
 * Revenue widget: 收费统计 / 本期收款构成 / 欠费统计 (year picker) pies; a date range with
 * shortcuts 最近一周/最近一个月/最近三个月 and 查询 (nothing happens without a range).
 */
export const RevenueWidget = () => {
  const base = useQuery({ queryKey: ['fees', 'revenue'], queryFn: () => revenue({}), staleTime: 0, retry: false });
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [searched, setSearched] = useState<{ sftj?: Slice[]; skzc?: Slice[] } | null>(null);
  const [searching, setSearching] = useState(false);
  const [year, setYear] = useState<Dayjs | null>(null);
  const yearQ = useQuery({
    queryKey: ['fees', 'revenue', 'year', year?.year()],
    queryFn: () => revenue({ arrearsStart: `${year!.year()}-01`, arrearsEnd: `${year!.year()}-12` }),
    enabled: !!year,
    staleTime: 0,
    retry: false,
  });
  const query = async () => {
    const body = revenueQuery(range ? [range[0]?.format(DATE_FORMAT), range[1]?.format(DATE_FORMAT)] : null);
    if (!body) return;
    setSearching(true);
    try {
      const d = await revenue(body, true);
      setSearched({ sftj: d.sftj, skzc: d.skzc ?? base.data?.skzc });
    } catch {
      /* toasted */
    } finally {
      setSearching(false);
    }
  };
  const d = base.data;
  const yearSlices = year ? (yearQ.data?.qfinfo?.length ? yearQ.data.qfinfo : yearQ.data?.qftj) : d?.qftj;
  const presets = RANGE_SHORTCUTS.map((s) => {
    const [a, b] = lastDays(s.days);
    return { label: s.label, value: [dayjs(a), dayjs(b)] as [Dayjs, Dayjs] };
  });
  if (d?.super) return null; // the super flag skips drawing
  return (
    <Card
      title="收入统计"
      data-testid="revenue-widget"
      extra={
        <Space wrap>
          <span data-testid="revenue-range">
            <DatePicker.RangePicker
              value={range}
              onChange={(v) => setRange(v ? [v[0], v[1]] : null)}
              presets={presets}
              format={DATE_FORMAT}
            />
          </span>
          <Button
            type="primary"
            icon={<SearchOutlined />}
            loading={searching}
            onClick={() => void query()}
            data-testid="revenue-query"
          >
            查询
          </Button>
        </Space>
      }
    >
      {base.isError ? <Empty description={base.error instanceof Error ? base.error.message : '加载失败'} /> : null}
      <Row gutter={16}>
        <Col xs={24} lg={8}>
          <Pie
            title="收费统计"
            slices={searched?.sftj ?? d?.sftj}
            testId="revenue-sftj"
            loading={base.isLoading || searching}
          />
        </Col>
        <Col xs={24} lg={8}>
          <Pie
            title="本期收款构成"
            slices={searched?.skzc ?? d?.skzc}
            testId="revenue-skzc"
            loading={base.isLoading || searching}
          />
        </Col>
        <Col xs={24} lg={8}>
          <div style={{ textAlign: 'right', marginBottom: -28, position: 'relative', zIndex: 1 }}>
            <DatePicker
              picker="year"
              size="small"
              value={year}
              onChange={setYear}
              placeholder="选择年份"
              style={{ width: 100 }}
              data-testid="qftj-year"
            />
          </div>
          <Pie
            title="欠费统计"
            slices={yearSlices}
            testId="revenue-qftj"
            loading={base.isLoading || yearQ.isFetching}
          />
        </Col>
      </Row>
    </Card>
  );
};

/** Arrears by month with a yyyy-MM month range (default: the last 12 months). */
const ArrearsChart = () => {
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [
    dayjs().subtract(11, 'month').startOf('month'),
    dayjs().startOf('month'),
  ]);
  const [start, end] = [range[0].format(MONTH_FORMAT), range[1].format(MONTH_FORMAT)];
  const q = useQuery({
    queryKey: ['fees', 'arrears', start, end],
    queryFn: () => revenue({ arrearsStart: start, arrearsEnd: end }),
    staleTime: 0,
    retry: false,
  });
  const option = useMemo(() => arrearsOption(q.data?.qfinfo), [q.data]);
  const navigate = useNavigate();
  return (
    <Card
      title="欠费统计（按月）"
      data-testid="arrears-card"
      extra={
        <Space wrap>
          <span data-testid="arrears-range">
            <DatePicker.RangePicker
              picker="month"
              format={MONTH_FORMAT}
              allowClear={false}
              value={range}
              onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
            />
          </span>
          <Button
            type="primary"
            danger
            icon={<BellOutlined />}
            onClick={() => void navigate(UNPAID_PAGE)}
            data-testid="urge-button"
          >
            业主催缴
          </Button>
        </Space>
      }
    >
      <Spin spinning={q.isFetching}>
        {q.isError ? (
          <Empty description={q.error instanceof Error ? q.error.message : '加载失败'} />
        ) : q.data?.qfinfo?.length ? (
          <EChart option={option} height={320} testId="arrears-chart" />
        ) : (
          <Empty style={{ height: 320, paddingTop: 120 }} description="所选月份没有欠费" data-testid="arrears-chart" />
        )}
      </Spin>
    </Card>
  );
};

/** Component 'PayStatistics' (/Web/Renewal/PayStatistics/index). */
export const PayStatisticsPage = (_props: PageProps) => (
  <div data-testid="pay-stats" style={{ padding: 16, display: 'flex', flexDirection: 'column', gap: 16 }}>
    <ArrearsChart />
    <RevenueWidget />
  </div>
);
