import { auditActionLabels, type AuditAction, type AuditHistoryEntry, type FieldConfig } from '@5a/contracts';
import { useQuery } from '@tanstack/react-query';
import { Empty, Spin, Table, Typography } from 'antd';
import { send } from '../../api/http.ts';

type Props = { url: string; id: unknown; fields: readonly FieldConfig[] };

/** the trail keeps column keys (villageId); the screen's fields are named by their props (village_id) */
const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const shown = (v: unknown) =>
  v === null || v === undefined || v === '' ? '空' : typeof v === 'object' ? JSON.stringify(v) : String(v);

/** each changed column as 字段：before → after (an add shows the values, a delete what was there) */
const Changes = ({ entry, labels }: { entry: AuditHistoryEntry; labels: Map<string, string> }) => {
  const keys = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  if (!keys.length) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <>
      {keys.map((k) => (
        <div key={k}>
          <Typography.Text strong>{labels.get(snake(k)) ?? labels.get(k) ?? k}</Typography.Text>：
          {entry.before && entry.after ? (
            <>
              <Typography.Text delete type="secondary">
                {shown(entry.before[k])}
              </Typography.Text>
              {' → '}
              {shown(entry.after[k])}
            </>
          ) : (
            shown((entry.after ?? entry.before)?.[k])
          )}
        </div>
      ))}
    </>
  );
};

/** 历史: who changed the record, when, from where and what, newest first (the audit trail's rows of it) */
export const HistoryView = ({ url, id, fields }: Props) => {
  const q = useQuery({
    queryKey: ['engine', 'history', url, id],
    queryFn: () => send<AuditHistoryEntry[]>(url, { id }),
    staleTime: 0,
    gcTime: 0,
  });
  if (q.isLoading) return <Spin style={{ display: 'block', padding: 40 }} />;
  if (!q.data?.length) return <Empty description="暂无修改记录" />;
  const labels = new Map(fields.map((f) => [f.prop, f.label]));
  return (
    <Table<AuditHistoryEntry>
      data-testid="record-history"
      rowKey="id"
      size="small"
      pagination={q.data.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
      dataSource={q.data}
      columns={[
        { title: '操作时间', dataIndex: 'created_at', width: 170 },
        { title: '操作人', dataIndex: 'user_name', width: 110 },
        {
          title: '操作',
          dataIndex: 'action',
          width: 90,
          render: (a: string) => auditActionLabels[a as AuditAction] ?? a,
        },
        { title: 'IP', dataIndex: 'ip', width: 130 },
        { title: '变更内容', key: 'changes', render: (_: unknown, e) => <Changes entry={e} labels={labels} /> },
      ]}
    />
  );
};
