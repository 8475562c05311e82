import { useMutation, useQuery } from '@tanstack/react-query';
import { accessFacesApi, type FaceDiffPerson } from '@5a/contracts/endpoints/access-faces';
import { Button, Descriptions, Empty, Space, Table, Tag } from 'antd';
import { call, callMsg } from '../../api/call.ts';
import { withFeedback } from '../../lib/feedback.ts';

const KIND: Record<string, string> = { resident: '住户', worker: '员工', visitor: '访客' };
const STATE: Record<string, { text: string; color: string }> = {
  queued: { text: '推送中', color: 'processing' },
  sent: { text: '待设备领取', color: 'processing' },
  delivered: { text: '设备执行中', color: 'processing' },
  done: { text: '已完成', color: 'success' },
  failed: { text: '部分失败', color: 'error' },
};
/** how often the panel asks again while a push is on its way: the run takes a moment, a device its next call */
const POLL_MS: Record<string, number> = { queued: 1000, sent: 3000, delivered: 3000 };

const columns = [
  { title: '人员编号', dataIndex: 'face_id', width: 110 },
  { title: '姓名', dataIndex: 'name', width: 120, render: (v: string) => v || '（未知）' },
  { title: '类别', dataIndex: 'kind', width: 80, render: (v: string) => KIND[v] ?? '未知' },
];

const People = ({ rows, testId }: { rows: FaceDiffPerson[]; testId: string }) => (
  <Table
    data-testid={testId}
    rowKey="face_id"
    size="small"
    columns={columns}
    dataSource={rows}
    pagination={rows.length > 10 ? { pageSize: 10, size: 'small' } : false}
    locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="无" /> }}
  />
);

/**
 * 人脸核对 of one device: who should be on it against what it last reported, both ways, and its last push. 推送差异
 * hands the difference to the server's job runner, which readies it for the device; the device fetches it and reports
 * what it did. While a push is on its way the panel asks again.
 */
export const FaceCheck = ({ id, onPushed }: { id: number; onPushed?: () => void }) => {
  const q = useQuery({
    queryKey: ['access', 'faceCheck', id],
    queryFn: () => call(accessFacesApi.check, { id }),
    staleTime: 0,
    refetchInterval: (query) => POLL_MS[query.state.data?.last_sync_state ?? ''] ?? false,
  });
  const push = useMutation({
    mutationFn: () => callMsg(accessFacesApi.push, { id }),
    onSuccess: async ({ msg }) => {
      withFeedback(({ message }) => void message.success(msg));
      await q.refetch();
      onPushed?.();
    },
  });
  const d = q.data;
  if (!d) return <div style={{ minHeight: 120 }} />;
  const state = STATE[d.last_sync_state];
  const clean = !d.missing.length && !d.extra.length;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="face-check">
      <Descriptions size="small" column={3} bordered>
        <Descriptions.Item label="设备">{`${d.name}（${d.gateno}）`}</Descriptions.Item>
        <Descriptions.Item label="应有人数">{d.expected}</Descriptions.Item>
        <Descriptions.Item label="设备上报">{d.reported}</Descriptions.Item>
        <Descriptions.Item label="上报时间">{d.faces_reported_at || '从未上报'}</Descriptions.Item>
        <Descriptions.Item label="最近推送">{d.last_sync_at || '无'}</Descriptions.Item>
        <Descriptions.Item label="推送结果">
          {state ? <Tag color={state.color}>{state.text}</Tag> : '—'} {d.last_sync_message}
        </Descriptions.Item>
      </Descriptions>
      <Space>
        <Tag color={clean ? 'success' : 'warning'} data-testid="face-status">
          {clean ? '名单一致' : `缺少 ${d.missing.length} 人，待移除 ${d.extra.length} 人`}
        </Tag>
        <Button
          type="primary"
          disabled={clean || d.last_sync_state === 'queued'}
          loading={push.isPending}
          onClick={() => !push.isPending && push.mutate()}
          data-testid="face-push"
        >
          推送差异
        </Button>
      </Space>
      <div>缺少（应在设备上而不在）</div>
      <People rows={d.missing} testId="face-missing" />
      <div>待移除（在设备上而不应在）</div>
      <People rows={d.extra} testId="face-extra" />
    </Space>
  );
};
