import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Form, Input, Modal, Select, Spin, Table, Tag } from 'antd';
import { patrolApi } from '@5a/contracts/endpoints/patrol';
import { call, callMsg } from '../../api/call.ts';
import { ActionDialog } from '../../engine/dialog/ActionDialog.tsx';
import type { Row } from '../../engine/list/context.ts';
import { verdictColor, VERDICTS, type TaskDetailPoint } from './tasks.ts';

const text = (row: Row, key: string) => String(row[key] ?? '') || '-';

/** 巡更详情: the task's points in walking order, each with its check-in time and verdict or 未巡, and the missed ones. */
export const TaskDetailModal = ({ id, row, onClose }: { id: number; row: Row; onClose: () => void }) => {
  const q = useQuery({
    queryKey: ['patrol', 'task', id],
    queryFn: () => call(patrolApi.taskPoints, { id }),
    staleTime: 0,
  });
  const d = q.data;
  return (
    <Modal open title="巡更详情" onCancel={onClose} footer={null} width={760} destroyOnHidden>
      <Descriptions column={2} size="small" bordered style={{ marginBottom: 12 }}>
        <Descriptions.Item label="巡更路线">{text(row, 'route_name')}</Descriptions.Item>
        <Descriptions.Item label="巡更人员">{text(row, 'guard')}</Descriptions.Item>
        <Descriptions.Item label="巡更日期">{text(row, 'task_date')}</Descriptions.Item>
        <Descriptions.Item label="巡更时段">{text(row, 'window')}</Descriptions.Item>
        <Descriptions.Item label="状态">{d ? <Tag color="blue">{d.status_text}</Tag> : '-'}</Descriptions.Item>
        <Descriptions.Item label="完成进度">{text(row, 'progress')}</Descriptions.Item>
      </Descriptions>
      {!d ? (
        <Spin />
      ) : (
        <div data-testid="patrol-task-detail">
          {d.missed.length ? (
            <Alert type="error" showIcon style={{ marginBottom: 12 }} message={`漏巡点位：${d.missed.join('、')}`} />
          ) : null}
          <Table<TaskDetailPoint>
            rowKey="seq"
            size="small"
            pagination={false}
            dataSource={d.points}
            columns={[
              { title: '顺序', dataIndex: 'seq', width: 60 },
              { title: '巡更点位', dataIndex: 'name' },
              { title: '点位编号', dataIndex: 'point_no', width: 120 },
              { title: '签到时间', dataIndex: 'checked_at', width: 170, render: (v: string) => v || '-' },
              {
                title: '巡更结果',
                dataIndex: 'verdict_text',
                width: 120,
                render: (v: string, r) => <Tag color={verdictColor(r.verdict)}>{v}</Tag>,
              },
            ]}
          />
        </div>
      )}
    </Modal>
  );
};

/** 校正: the verdict the check-in should have had and the reason; the server appends a correction row. */
export const CorrectDialog = (p: { id: number; onClose: () => void; onDone: () => void }) => {
  const [form] = Form.useForm<{ verdict: number; reason: string }>();
  return (
    <ActionDialog
      title="校正巡更记录"
      okButtonProps={{ 'data-testid': 'patrol-correct-submit' }}
      form={form}
      send={(values) => callMsg(patrolApi.correct, { id: p.id, ...values })}
      success="校正成功"
      onClose={p.onClose}
      onDone={p.onDone}
    >
      <Form form={form} layout="vertical" data-testid="patrol-correct-dialog">
        <Form.Item name="verdict" label="校正结果" rules={[{ required: true, message: '请选择校正结果' }]}>
          <Select options={VERDICTS.map((v) => ({ value: v.value, label: v.label }))} placeholder="请选择" />
        </Form.Item>
        <Form.Item
          name="reason"
          label="校正原因"
          rules={[
            { required: true, whitespace: true, message: '请填写校正原因' },
            { max: 255, message: '校正原因不能超过255个字符' },
          ]}
        >
          <Input.TextArea rows={3} maxLength={255} showCount />
        </Form.Item>
      </Form>
    </ActionDialog>
  );
};
