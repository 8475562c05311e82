import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Row, Space, Spin, theme } from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense } from 'react';
import { useNavigate } from '../../lib/router.tsx';
import { indexModuleTitles, isIndexModule } from '@5a/contracts';
import { dashboardApi } from '@5a/contracts/endpoints/dashboard';
import { call } from '../../api/call.ts';
import { panelSpan } from '../../features/dashboard/logic.ts';
import { useSession } from '../guard/session.ts';
import { panelRegistry } from './panelRegistry.ts';
import type { PageProps } from './pageTypes.ts';

// the super administrator's basic-data counts (antd Statistic): one user sees them, the others load panels instead
const BaseDataPanel = lazy(() =>
  import('../../features/estate/BaseDataPanel.tsx').then((m) => ({ default: m.BaseDataPanel })),
);

const greetingOf = (hour: number) =>
  hour < 6 ? '凌晨好' : hour < 12 ? '上午好' : hour < 14 ? '中午好' : hour < 18 ? '下午好' : '晚上好';

/**
 * Workbench (the home dashboard), opened by posting to its own route: a super administrator
 * sees the greeting and the basic-data shortcuts with real counts; other users the panels of their
 * modules, found by name in the panel registry, all fed by the one workbench call.
 */
export const Workbench = ({ route }: PageProps) => {
  const { user, searchPool } = useSession();
  const navigate = useNavigate();
  const { data, isLoading } = useQuery({
    queryKey: ['workbench', route.path],
    queryFn: () => call(dashboardApi.workbench, {}, { at: route.path, silent: true }),
    staleTime: 30_000,
    retry: false,
  });
  const isSuper = data ? data.super : user.super;
  const shortcuts = searchPool.filter((i) => i.path !== route.path && !i.external).slice(0, 12);
  const modules = isSuper ? [] : data && !data.super ? data.indexModule : user.indexModule.filter(isIndexModule);
  const greeting = data?.greeting ?? greetingOf(dayjs().hour());
  const { token } = theme.useToken();
  return (
    <div data-testid="workbench" data-super={isSuper ? 'true' : 'false'}>
      <Card style={{ marginBottom: 16 }}>
        {/* a heading and a span in antd's heading sizes and colours: Typography (with the TextArea of its editable
            mode, ~16 kB gzip) would be in the workbench's first load for two lines */}
        <h4
          style={{
            margin: 0,
            color: token.colorTextHeading,
            fontSize: token.fontSizeHeading4,
            fontWeight: token.fontWeightStrong,
            lineHeight: token.lineHeightHeading4,
          }}
          data-testid="workbench-greeting"
        >
          {greeting}，{data?.name || user.name}
        </h4>
        <span style={{ color: token.colorTextSecondary }}>
          今天是 {dayjs().format('YYYY-MM-DD dddd')}
          {user.tenantName ? ` · ${user.tenantName}` : ''}
        </span>
      </Card>
      {isLoading ? (
        <Spin style={{ display: 'block', margin: '40px auto' }} />
      ) : isSuper ? (
        <Suspense fallback={<Spin style={{ display: 'block', margin: '40px auto' }} />}>
          <BaseDataPanel items={data?.baseData ?? []} />
        </Suspense>
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
          {modules.map((m) => {
            const Panel = panelRegistry[m];
            return (
              <Col {...panelSpan(m)} key={m}>
                <Suspense fallback={<Card title={indexModuleTitles[m]} loading />}>
                  <Panel
                    module={m}
                    title={indexModuleTitles[m]}
                    panels={data && !data.super ? data.panels : {}}
                    baseData={data?.baseData ?? []}
                  />
                </Suspense>
              </Col>
            );
          })}
        </Row>
      )}
    </div>
  );
};
