import { Badge, Card, Empty, List, Spin, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { PageProps } from '../../app/pages/pageTypes.ts';
import { useSession } from '../../app/guard/session.ts';
import { listNotices, noticeDetail, upNotice, type NoticeRow } from './api.ts';
import { highlightedNoticeId } from './logic.ts';
import { useNoticeStore } from './store.ts';
import './notice.css';

// the same lazy chunk the page registry loads for every list
const ListPage = lazy(() => import('../../app/pages/enginePages.ts').then((m) => ({ default: m.ListPage })));

/** A company user's reading view: the announcements addressed to him, the chosen one's content. */
const NoticeReader = ({ search }: { search: string }) => {
  const highlighted = highlightedNoticeId(search);
  const [picked, setPicked] = useState<number | null>(highlighted);
  useEffect(() => setPicked(highlighted), [highlighted]);
  const client = useQueryClient();
  const list = useQuery({ queryKey: ['notice', 'list'], queryFn: listNotices, staleTime: 0 });
  const rows = list.data?.records ?? [];
  const current = picked ?? rows[0]?.id ?? null;
  const detail = useQuery({
    queryKey: ['notice', 'detail', current],
    queryFn: () => noticeDetail(current!),
    enabled: current !== null,
  });
  const row = rows.find((r) => r.id === current);
  const unread = row?.is_read === 2;
  useEffect(() => {
    if (current === null || !unread) return;
    void upNotice(current)
      .then(() => {
        const { notices, setNotices } = useNoticeStore.getState();
        setNotices(notices.filter((n) => n.id !== current));
        client.setQueryData<{ records: NoticeRow[] }>(
          ['notice', 'list'],
          (d) => d && { records: d.records.map((r) => (r.id === current ? { ...r, is_read: 1 } : r)) },
        );
      })
      .catch(() => undefined);
  }, [current, unread, client]);

  return (
    <div className="notice-reader" data-testid="notice-reader">
      <Card variant="borderless" className="notice-reader-list" title="平台公告">
        <List
          loading={list.isLoading}
          dataSource={rows}
          locale={{ emptyText: <Empty description="暂无公告" /> }}
          renderItem={(r) => (
            <List.Item
              className={`notice-item${r.id === current ? ' active' : ''}${r.id === highlighted ? ' highlighted' : ''}`}
              onClick={() => setPicked(r.id)}
              data-testid={`notice-row-${r.id}`}
              data-highlighted={r.id === highlighted ? 'true' : 'false'}
            >
              <List.Item.Meta
                title={
                  <span>
                    {r.is_read === 2 && <Badge status="error" />} {r.title}
                  </span>
                }
                description={r.published_at}
              />
            </List.Item>
          )}
        />
      </Card>
      <Card variant="borderless" className="notice-reader-detail" data-testid="notice-detail">
        {detail.isLoading ? (
          <Spin />
        ) : detail.data ? (
          <>
            <Typography.Title level={4}>{detail.data.title}</Typography.Title>
            <Typography.Text type="secondary">
              {detail.data.author_name} · {detail.data.published_at}
            </Typography.Text>
            {/* sanitised by the server when it was saved */}
            <div className="notice-content" dangerouslySetInnerHTML={{ __html: detail.data.content }} />
          </>
        ) : (
          <Empty description="请选择公告" />
        )}
      </Card>
    </div>
  );
};

/** 平台公告: the platform manages them in the engine list; a company reads its own. */
export const PlatformInformationPage = ({ route }: PageProps) => {
  const { perms } = useSession();
  if (perms.includes('PlatformInformation:add'))
    return (
      <Suspense fallback={<Spin />}>
        <ListPage route={route} />
      </Suspense>
    );
  return <NoticeReader search={route.search} />;
};
