import { useMutation, useQuery } from '@tanstack/react-query';
import { videoApi, type ShareCreateReply, type ShareRow } from '@5a/contracts/endpoints/video';
import { Alert, Button, Form, Input, InputNumber, Modal, Popconfirm, Select, Table, Tag } from 'antd';
import { useState } from 'react';
import { call, callMsg } from '../../api/call.ts';
import { useUrlOptions } from '../../engine/api/queries.ts';
import type { ToolbarDialogProps } from '../../engine/registry/dialogs.tsx';
import { withFeedback } from '../../lib/feedback.ts';

type Values = { title: string; village_ids: number[]; days: number };
const STATE_COLOR: Record<number, string> = { 1: 'green', 2: 'default', 3: 'red' };

/**
 * 分享监控: a link that opens the wall of the chosen villages without a login, for so many days; the list of the
 * company's links, each revocable at once. The new link is shown once (the server keeps only its hash).
 */
export const ShareDialog = ({ endpoint, onClose }: ToolbarDialogProps<typeof videoApi.shareCreate>) => {
  const [form] = Form.useForm<Values>();
  const [made, setMade] = useState<ShareCreateReply | null>(null);
  const { data: villages = [] } = useUrlOptions('/Web/Basic/Village/options');
  const shares = useQuery({ queryKey: ['video', 'shares'], queryFn: () => call(videoApi.shares, {}), staleTime: 0 });
  const create = useMutation({
    mutationFn: (v: Values) => callMsg(endpoint, v),
    onSuccess: async ({ data, msg }) => {
      setMade(data);
      form.resetFields();
      withFeedback(({ message }) => void message.success(msg));
      await shares.refetch();
    },
  });
  const revoke = useMutation({
    mutationFn: (id: number) => callMsg(videoApi.revoke, { id }),
    onSuccess: async ({ msg }) => {
      withFeedback(({ message }) => void message.success(msg));
      await shares.refetch();
    },
  });
  const link = made ? `${window.location.origin}${made.path}` : '';

  return (
    <Modal open title="分享监控" width={760} footer={null} onCancel={onClose} destroyOnHidden>
      <Form
        form={form}
        layout="inline"
        initialValues={{ days: 7 }}
        onFinish={(v) => !create.isPending && create.mutate(v)}
        style={{ rowGap: 8, marginBottom: 12 }}
      >
        <Form.Item name="title" rules={[{ required: true, whitespace: true, message: '请输入分享名称' }]}>
          <Input placeholder="分享名称" maxLength={50} style={{ width: 150 }} data-testid="share-title" />
        </Form.Item>
        <Form.Item name="village_ids" rules={[{ required: true, message: '请选择所属小区' }]}>
          <Select
            mode="multiple"
            placeholder="所属小区"
            style={{ minWidth: 220 }}
            options={villages.map((o) => ({ label: o.label, value: Number(o.value) }))}
            data-testid="share-villages"
          />
        </Form.Item>
        <Form.Item name="days" label="有效天数" rules={[{ required: true, message: '请输入有效天数' }]}>
          <InputNumber min={1} max={365} precision={0} style={{ width: 80 }} data-testid="share-days" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={create.isPending} data-testid="share-create">
          生成链接
        </Button>
      </Form>
      {made ? (
        <Alert
          type="success"
          style={{ marginBottom: 12 }}
          message={`有效期至 ${made.expire_time}；链接只显示这一次，请复制保存`}
          description={
            <Input.Search
              readOnly
              value={link}
              enterButton="复制"
              data-testid="share-link"
              onSearch={() => void navigator.clipboard?.writeText(link).catch(() => undefined)}
            />
          }
        />
      ) : null}
      <Table<ShareRow>
        size="small"
        rowKey="id"
        loading={shares.isPending}
        dataSource={shares.data ?? []}
        pagination={{ pageSize: 5 }}
        data-testid="share-list"
        columns={[
          { title: '分享名称', dataIndex: 'title' },
          { title: '小区', dataIndex: 'village_names' },
          { title: '有效期至', dataIndex: 'expire_time', width: 160 },
          {
            title: '状态',
            dataIndex: 'state_text',
            width: 80,
            render: (t: string, r) => <Tag color={STATE_COLOR[r.state]}>{t}</Tag>,
          },
          {
            title: '操作',
            width: 80,
            render: (_v, r) =>
              r.state === 1 ? (
                <Popconfirm title="撤销后链接立即失效，确定撤销？" onConfirm={() => revoke.mutate(r.id)}>
                  <Button type="link" size="small" danger data-testid={`share-revoke-${r.id}`}>
                    撤销
                  </Button>
                </Popconfirm>
              ) : null,
          },
        ]}
      />
    </Modal>
  );
};
