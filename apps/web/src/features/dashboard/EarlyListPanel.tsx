import { Card, Empty, List, Tag, Typography } from 'antd';
import { openAbnormal } from '../notice/openAbnormal.ts';
import type { PanelProps } from './types.ts';

/** 异常列表: the latest unhandled abnormal alerts of the caller's villages. */
export const EarlyListPanel = ({ title, panels }: PanelProps) => {
  const items = panels.early_list ?? [];
  return (
    <Card title={title} data-testid="workbench-module-early_list">
      {items.length === 0 ? (
        <Empty description="暂无异常" />
      ) : (
        <List
          size="small"
          dataSource={items}
          renderItem={(a) => (
            <List.Item
              data-testid="alert-item"
              style={{ cursor: 'pointer' }}
              onClick={() => void openAbnormal(Number(a.id)).catch(() => undefined)}
              extra={<Typography.Text type="secondary">{a.time}</Typography.Text>}
            >
              <Tag color="red">{a.village}</Tag>
              {a.title}
            </List.Item>
          )}
        />
      )}
    </Card>
  );
};
