import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Empty, List, Row, Space, Spin, Statistic, Table, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useNavigate } from '../../lib/router.tsx';
import type { CountItem, HomeCompany, IotItem, OperatorHome } from '@5a/contracts';
import type { PageProps } from '../../app/pages/pageTypes.ts';
import { dashboardApi } from '@5a/contracts/endpoints/dashboard';
import { call } from '../../api/call.ts';
import { ChartBox } from '../dashboard/ChartBox.tsx';
import { countPie, monthBars } from '../dashboard/charts.ts';
import { isEmptySeries } from '../dashboard/logic.ts';
import { daysLeftColor, daysLeftText, iotSlices, pickSeries } from './logic.ts';

/** A row of counters; a counter with a url opens its list. */
const Counters = ({ items, prefix }: { items: CountItem[]; prefix: string }) => {
  const navigate = useNavigate();
  return (
    <Row gutter={[16, 16]}>
      {items.map((c) => (
        <Col key={c.key} xs={12} md={8} xl={4}>
          <Card
            hoverable={!!c.url}
            size="small"
            onClick={() => c.url && void navigate(c.url)}
            data-testid={`${prefix}-${c.key}`}
          >
            <Statistic title={c.title} value={c.num} suffix={c.dw} />
          </Card>
        </Col>
      ))}
    </Row>
  );
};

const IotPies = ({ items }: { items: IotItem[] }) => (
  <Card title="物联设备" style={{ marginTop: 16 }} data-testid="home-iot">
    <Row gutter={[16, 16]}>
      {items.map((i) => {
        const slices = iotSlices(i);
        return (
          <Col key={i.key} xs={12} md={8} xl={4}>
            <Typography.Text strong>{i.title}</Typography.Text>
            <div data-testid={`home-iot-${i.key}-figures`}>
              {i.connected ? `${i.onLabel} ${i.online} · ${i.offLabel} ${i.offline}` : '未接入'}
            </div>
            <ChartBox option={countPie('', slices)} empty={!slices.length} testId={`home-iot-${i.key}`} height={160} />
          </Col>
        );
      })}
    </Row>
  </Card>
);

const Trends = ({ d }: { d: OperatorHome | undefined }) => {
  const charts = useMemo(
    () =>
      [
        ['新增物业公司', '家', 'tenants'],
        ['新增小区', '个', 'villages'],
        ['新增住户', '人', 'persons'],
      ].map(([name, unit, key]) => {
        const s = pickSeries(d?.lineList, name!);
        return { key: key!, option: monthBars(name!, s, unit!), empty: isEmptySeries(s) };
      }),
    [d],
  );
  return (
    <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
      {charts.map((c) => (
        <Col key={c.key} xs={24} xl={8}>
          <Card>
            <ChartBox option={c.option} empty={c.empty} testId={`home-line-${c.key}`} height={260} />
          </Card>
        </Col>
      ))}
    </Row>
  );
};

const companyColumns = [
  { title: '物业公司', dataIndex: 'name' },
  { title: '小区', dataIndex: 'villages', width: 80 },
  { title: '房屋', dataIndex: 'houses', width: 80 },
  { title: '业主', dataIndex: 'owners', width: 80 },
  { title: '住户', dataIndex: 'persons', width: 80 },
  { title: '服务到期', dataIndex: 'service_expire', width: 120, render: (v: string) => v || '长期' },
  {
    title: '剩余天数',
    dataIndex: 'days_left',
    width: 120,
    render: (v: number | null) => <Tag color={daysLeftColor(v)}>{daysLeftText(v)}</Tag>,
  },
];

/** 运营首页 (operator) and 平台首页 (platform, super mode): counts, to-dos, reminders, companies and trends. */
export const OperatorHomePage = ({ route }: PageProps) => {
  const navigate = useNavigate();
  const q = useQuery({
    queryKey: ['operator', 'home'],
    // the page posts to its own route, which answers the home
    queryFn: () => call(dashboardApi.operatorHome, {}, { at: route.path }),
    staleTime: 10_000,
    retry: false,
  });
  const d = q.data;
  return (
    <Spin spinning={q.isFetching}>
      <div data-testid={d ? (d.super ? 'home-super' : 'home-operator') : 'home-loading'}>
        <Card style={{ marginBottom: 16 }}>
          <Space direction="vertical" size={4}>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {d && !d.super ? d.operatorName : '平台首页'}
            </Typography.Title>
            <Typography.Text type="secondary">
              {d?.name ? `您好，${d.name}` : ''}
              {d && !d.super && d.expireDate ? ` 合同到期：${d.expireDate}` : ''}
            </Typography.Text>
          </Space>
        </Card>
        <Card title="基础数据" style={{ marginBottom: 16 }}>
          <Counters items={d?.baseItem ?? []} prefix="home-base" />
        </Card>
        {d && !d.super ? (
          <>
            <Card title="待办事项" style={{ marginBottom: 16 }}>
              <Counters items={d.tasks} prefix="home-task" />
            </Card>
            <Row gutter={[16, 16]}>
              <Col xs={24} xl={12}>
                <Card title="到期提醒" data-testid="home-reminders">
                  {d.reminders.length ? (
                    <List
                      size="small"
                      dataSource={d.reminders}
                      renderItem={(r) => (
                        <List.Item
                          style={{ cursor: r.url ? 'pointer' : undefined }}
                          onClick={() => r.url && void navigate(r.url)}
                        >
                          <Typography.Text type={r.daysLeft < 0 ? 'danger' : 'warning'}>{r.title}</Typography.Text>
                        </List.Item>
                      )}
                    />
                  ) : (
                    <Empty description="暂无到期提醒" />
                  )}
                </Card>
              </Col>
              <Col xs={24} xl={12}>
                <Card title="快捷入口" data-testid="home-shortcuts">
                  <Space wrap>
                    {d.modules.map((m) => (
                      <Button key={m.url} onClick={() => void navigate(m.url)}>
                        {m.title}
                      </Button>
                    ))}
                  </Space>
                </Card>
              </Col>
            </Row>
          </>
        ) : null}
        <Trends d={d} />
        <IotPies items={d?.iotList ?? []} />
        {d && !d.super ? (
          <Card title="物业公司" style={{ marginTop: 16 }}>
            <Table<HomeCompany>
              rowKey="id"
              size="small"
              data-testid="home-companies"
              columns={companyColumns}
              dataSource={d.footer}
              pagination={{ pageSize: 10, hideOnSinglePage: true }}
            />
          </Card>
        ) : null}
      </div>
    </Spin>
  );
};
