import { ExportOutlined, SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Empty, Result, Select, Space, Spin, Table, Tabs, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import type { PageProps } from '../../app/pages/pageTypes.ts';
import { saveBlob } from '../../api/http.ts';
import { fetchFinancial } from './api.ts';
import type { FinancialReply } from '@5a/contracts/endpoints/fees';
import { columnarOption } from './charts.ts';
import { EChart } from './EChart.tsx';
import { buildCsv, buildXlsx } from './excel.ts';
import { DATE_FORMAT, selectorOptions } from './logic.ts';

type Financial = FinancialReply;
type Query = { id?: string | number; start_time?: string; end_time?: string };

const FinancialTab = ({ tabkey, first }: { tabkey?: string; first?: Financial }) => {
  const { message } = App.useApp();
  const [id, setId] = useState<string | number | undefined>(undefined);
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [applied, setApplied] = useState<Query>({});
  const q = useQuery({
    queryKey: ['fees', 'financial', tabkey ?? '', applied],
    queryFn: () => fetchFinancial(tabkey, applied),
    staleTime: 0,
    retry: false,
    initialData: first && Object.keys(applied).length === 0 ? first : undefined,
  });
  const d = q.data;
  const option = useMemo(() => columnarOption(d?.columnarInfo), [d]);
  const [exporting, setExporting] = useState(false);
  const search = () => {
    const body: Query = {};
    if (id !== undefined && id !== null && id !== '') body.id = id;
    if (range?.[0] && range[1])
      Object.assign(body, { start_time: range[0].format(DATE_FORMAT), end_time: range[1].format(DATE_FORMAT) });
    setApplied(body);
    if (JSON.stringify(body) === JSON.stringify(applied)) void q.refetch();
  };
  const exportXlsx = async () => {
    if (!d) return;
    setExporting(true);
    const title = d.tableTitle || '财务报表';
    try {
      let blob: Blob;
      let ext = 'xlsx';
      try {
        blob = await buildXlsx(title, d.tableColumn ?? [], d.tableData ?? []);
      } catch {
        blob = buildCsv(title, d.tableColumn ?? [], d.tableData ?? []);
        ext = 'csv';
      }
      saveBlob({ blob, filename: `${title}.${ext}` });
      void message.success('导出成功');
    } finally {
      setExporting(false);
    }
  };
  return (
    <div data-testid={`financial-tab-${tabkey ?? 'default'}`}>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder="全部小区、车位、车辆"
          style={{ width: 260 }}
          value={id}
          onChange={setId}
          options={selectorOptions(d?.carSquireList)}
          data-testid="financial-select"
        />
        <span data-testid="financial-range">
          <DatePicker.RangePicker
            value={range}
            onChange={(v) => setRange(v ? [v[0], v[1]] : null)}
            format={DATE_FORMAT}
          />
        </span>
        <Button
          type="primary"
          icon={<SearchOutlined />}
          onClick={search}
          loading={q.isFetching}
          data-testid="financial-query"
        >
          查询
        </Button>
        <Button
          icon={<ExportOutlined />}
          onClick={() => void exportXlsx()}
          loading={exporting}
          disabled={!d}
          data-testid="financial-export"
        >
          导出
        </Button>
      </Space>
      {q.isError ? (
        <Result status="error" title="加载失败" subTitle={q.error instanceof Error ? q.error.message : ''} />
      ) : (
        <Spin spinning={q.isFetching}>
          <Card size="small" style={{ marginBottom: 12 }}>
            {d && option.xAxis && (d.tableData?.length ?? 0) > 0 ? (
              <EChart option={option} height={320} testId="financial-chart" />
            ) : (
              <Empty description="暂无数据" />
            )}
          </Card>
          <Typography.Title level={5} style={{ textAlign: 'center' }} data-testid="financial-title">
            {d?.tableTitle}
          </Typography.Title>
          <Table
            size="small"
            bordered
            rowKey={(_r, i) => String(i)}
            dataSource={d?.tableData ?? []}
            pagination={false}
            columns={(d?.tableColumn ?? []).map((c) => ({ title: c.label, dataIndex: c.prop, key: c.prop }))}
            data-testid="financial-table"
          />
        </Spin>
      )}
    </div>
  );
};

/** Component 'FinancialStatement' (/Web/Renewal/Financial/index): tabs from the server. */
export const FinancialStatementPage = (_props: PageProps) => {
  const q = useQuery({
    queryKey: ['fees', 'financial', 'root'],
    queryFn: () => fetchFinancial(undefined, {}),
    staleTime: 0,
    retry: false,
  });
  if (q.isLoading) return <Spin style={{ padding: 48, display: 'block' }} />;
  if (q.isError || !q.data)
    return <Result status="error" title="加载失败" subTitle={q.error instanceof Error ? q.error.message : ''} />;
  const tabs = q.data.tabs ?? [];
  return (
    <div data-testid="financial-page" style={{ padding: 16 }}>
      <Card>
        {tabs.length ? (
          <Tabs
            destroyOnHidden
            items={tabs.map((t, i) => ({
              key: t.key,
              label: t.title,
              children: <FinancialTab tabkey={t.key} first={i === 0 ? q.data : undefined} />,
            }))}
          />
        ) : (
          <FinancialTab first={q.data} />
        )}
      </Card>
    </div>
  );
};
