import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Row, Space, Spin, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useNavigate } from 'react-router';
import { send } from '../../api/http.ts';
import { BaseDataPanel } from '../../features/estate/BaseDataPanel.tsx';
import type { WorkbenchData } from '../../features/estate/types.ts';
import { useSession } from '../guard/session.ts';
import type { PageProps } from './pageTypes.ts';

const moduleTitles: Record<string, string> = {
  base_data: '基础数据',
  count_panel: '统计面板',
  report_repair: '报事报修',
  revenue_amount: '营收统计',
  estate_revenue: '小区营收',
  notice: '今日提醒',
  event_dynamics: '事件动态',
  early_list: '异常列表',
};

const greetingOf = (hour: number) => (hour < 6 ? '凌晨好' : hour < 12 ? '上午好' : hour < 14 ? '中午好' : hour < 18 ? '下午好' : '晚上好');

/**
 * Workbench (the home dashboard), opened by posting to its own route: a super administrator
 * sees the greeting and the basic-data shortcuts with real counts; other users their modules
 * (base_data with the counts, the others still placeholders).
 */
export const Workbench = ({ route }: PageProps) => {
  const { user, searchPool } = useSession();
  const navigate = useNavigate();
  const { data, isLoading } = useQuery({
    queryKey: ['workbench', route.path],
    queryFn: () => send<WorkbenchData>(route.path, {}, { silent: true }),
    staleTime: 30_000,
    retry: false,
  });
  const isSuper = data ? data.super : user.super;
  const shortcuts = searchPool.filter((i) => i.path !== route.path && !i.external).slice(0, 12);
  const modules = isSuper ? [] : (data?.indexModule ?? user.indexModule).filter((m) => m in moduleTitles);
  const greeting = data?.greeting ?? greetingOf(dayjs().hour());
  return (
    <div data-testid="workbench" data-super={isSuper ? 'true' : 'false'}>
      <Card style={{ marginBottom: 16 }}>
        <Typography.Title level={4} style={{ margin: 0 }} data-testid="workbench-greeting">
          {greeting}，{data?.name || user.name}
        </Typography.Title>
        <Typography.Text type="secondary">
          今天是 {dayjs().format('YYYY-MM-DD dddd')}
          {user.tenantName ? ` · ${user.tenantName}` : ''}
        </Typography.Text>
      </Card>
      {isLoading ? (
        <Spin style={{ display: 'block', margin: '40px auto' }} />
      ) : isSuper ? (
        <BaseDataPanel items={data?.baseData ?? []} />
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={12}>
            <Card title="快捷入口" data-testid="workbench-shortcuts">
              {shortcuts.length === 0 ? (
                <Empty description="暂无可用菜单" />
              ) : (
                <Space wrap>
                  {shortcuts.map((s) => (
                    <Button key={s.path} onClick={() => navigate(s.path)}>
                      {s.title.split(' / ').pop()}
                    </Button>
                  ))}
                </Space>
              )}
            </Card>
          </Col>
          {modules.map((m) =>
            m === 'base_data' && data?.baseData ? (
              <Col xs={24} key={m} data-testid={`workbench-module-${m}`}>
                <BaseDataPanel items={data.baseData} />
              </Col>
            ) : (
              <Col xs={24} lg={12} key={m}>
                <Card title={moduleTitles[m]} extra={<Tag>{m}</Tag>} data-testid={`workbench-module-${m}`}>
                  <Typography.Text type="secondary">建设中</Typography.Text>
                </Card>
              </Col>
            ),
          )}
        </Row>
      )}
    </div>
  );
};
