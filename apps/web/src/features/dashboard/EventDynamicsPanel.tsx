import { Card, Empty, Tag, Timeline, Typography } from 'antd';
import { useNavigate } from '../../lib/router.tsx';
import { eventTarget } from './logic.ts';
import type { PanelProps } from './types.ts';

/** 事件动态: recent event reports and work-order changes; click goes to its page, else the event-report list. */
export const EventDynamicsPanel = ({ title, panels }: PanelProps) => {
  const navigate = useNavigate();
  const items = panels.event_dynamics ?? [];
  return (
    <Card title={title} data-testid="workbench-module-event_dynamics">
      {items.length === 0 ? (
        <Empty description="暂无事件" />
      ) : (
        <Timeline
          items={items.map((e) => ({
            key: e.id,
            children: (
              <div style={{ cursor: 'pointer' }} onClick={() => void navigate(eventTarget(e))} data-testid="event-item">
                <Typography.Text strong>{e.title}</Typography.Text> {e.status ? <Tag>{e.status}</Tag> : null}
                <div>
                  <Typography.Text type="secondary">
                    {e.time} {e.content}
                  </Typography.Text>
                </div>
              </div>
            ),
          }))}
        />
      )}
    </Card>
  );
};
