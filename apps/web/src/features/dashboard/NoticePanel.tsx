import { Card, Empty, List, Typography } from 'antd';
import { useNavigate } from '../../lib/router.tsx';
import { reminderTarget } from './logic.ts';
import type { PanelProps } from './types.ts';

/** 今日提醒: click goes to the reminder's page, else the workbench. */
export const NoticePanel = ({ title, panels }: PanelProps) => {
  const navigate = useNavigate();
  const items = panels.notice ?? [];
  return (
    <Card title={title} data-testid="workbench-module-notice">
      {items.length === 0 ? (
        <Empty description="今日暂无提醒" />
      ) : (
        <List
          size="small"
          dataSource={items}
          renderItem={(r) => (
            <List.Item
              style={{ cursor: 'pointer' }}
              onClick={() => void navigate(reminderTarget(r))}
              data-testid="reminder-item"
              extra={<Typography.Text type="secondary">{r.time}</Typography.Text>}
            >
              <List.Item.Meta title={r.title} description={r.content} />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
};
