import { Button, Card, Empty, Table, Tag } from 'antd';
import { useSyncExternalStore } from 'react';
import { clearLog, getLogEntries, subscribeLog, type LogEntry } from '../../lib/log.ts';

const kindColor: Record<LogEntry['kind'], string> = { api: 'orange', error: 'red', promise: 'volcano' };

/** /log: errors logged by this browser session (every uncaught error and failed call). */
export const LogPage = () => {
  const entries = useSyncExternalStore(subscribeLog, getLogEntries);
  return (
    <Card
      title="前端日志"
      data-testid="log-page"
      extra={
        <Button onClick={clearLog} disabled={entries.length === 0} data-testid="log-clear">
          清空
        </Button>
      }
    >
      {entries.length === 0 ? (
        <Empty description="暂无日志" />
      ) : (
        <Table<LogEntry>
          rowKey="id"
          dataSource={entries}
          pagination={{ pageSize: 20 }}
          columns={[
            { title: '时间', dataIndex: 'time', width: 170 },
            {
              title: '类型',
              dataIndex: 'kind',
              width: 90,
              render: (k: LogEntry['kind']) => <Tag color={kindColor[k]}>{k}</Tag>,
            },
            { title: '信息', dataIndex: 'message' },
            { title: '页面', dataIndex: 'url', width: 260 },
            { title: '详情', dataIndex: 'detail', ellipsis: true },
          ]}
        />
      )}
    </Card>
  );
};
