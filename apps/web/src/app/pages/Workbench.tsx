import { Button, Card, Col, Empty, Row, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useNavigate } from 'react-router';
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

/** Workbench (SPEC §2 home dashboard) — a simple first version: greeting, shortcuts, module cards. */
export const Workbench = ({ route }: PageProps) => {
  const { user, searchPool } = useSession();
  const navigate = useNavigate();
  const shortcuts = searchPool.filter((i) => i.path !== route.path && !i.external).slice(0, 12);
  const modules = user.super ? [] : user.indexModule.filter((m) => m in moduleTitles);
  return (
    <div data-testid="workbench">
      <Card style={{ marginBottom: 16 }}>
        <Typography.Title level={4} style={{ margin: 0 }} data-testid="workbench-greeting">
          你好，{user.name}
        </Typography.Title>
        <Typography.Text type="secondary">
          {greetingOf(dayjs().hour())}，今天是 {dayjs().format('YYYY-MM-DD dddd')}
          {user.tenantName ? ` · ${user.tenantName}` : ''}
        </Typography.Text>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={user.super ? 24 : 12}>
          <Card title={user.super ? '基础数据' : '快捷入口'} data-testid="workbench-shortcuts">
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
        {modules.map((m) => (
          <Col xs={24} lg={12} key={m}>
            <Card title={moduleTitles[m]} extra={<Tag>{m}</Tag>} data-testid={`workbench-module-${m}`}>
              <Typography.Text type="secondary">建设中</Typography.Text>
            </Card>
          </Col>
        ))}
      </Row>
    </div>
  );
};
