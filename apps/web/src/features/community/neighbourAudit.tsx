import { useQuery } from '@tanstack/react-query';
import { Descriptions, Form, Image, Input, Radio, Space } from 'antd';
import { useState } from 'react';
import { neighbourApi, NeighbourMsg } from '@5a/contracts/endpoints/community-neighbour';
import { call, callMsg } from '../../api/call.ts';
import { toFileUrl } from '../../engine/cells/fileUrl.ts';
import { ActionDialog } from '../../engine/dialog/ActionDialog.tsx';
import { RowActionLink } from '../../engine/list/RowActions.tsx';
import type { RowActionProps } from '../../engine/registry/rowActions.ts';
import { auditBody, type AuditValues } from './neighbourLogic.ts';

const AuditForm = ({ id, onClose, onDone }: { id: number; onClose: () => void; onDone: () => void }) => {
  const [form] = Form.useForm<AuditValues>();
  const type = Form.useWatch('type', form) ?? 0;
  const detail = useQuery({
    queryKey: ['neighbour', 'audit', id],
    queryFn: () => call(neighbourApi.auditDetail, { id }),
    staleTime: 0,
  });
  const d = detail.data;
  return (
    <ActionDialog
      title="邻里圈审核"
      okText="提交"
      form={form}
      send={(v) => callMsg(neighbourApi.audit, auditBody(id, v))}
      success="审核成功"
      onClose={onClose}
      onDone={onDone}
    >
      {d ? (
        <Descriptions
          column={1}
          size="small"
          bordered
          style={{ marginBottom: 16 }}
          data-testid="neighbour-audit-detail"
        >
          <Descriptions.Item label="发布人">{d.name}</Descriptions.Item>
          <Descriptions.Item label="手机号">{d.phone}</Descriptions.Item>
          <Descriptions.Item label="地址">{d.address}</Descriptions.Item>
          <Descriptions.Item label="内容">{d.content}</Descriptions.Item>
          {d.img.length ? (
            <Descriptions.Item label="图片">
              <Space wrap>
                {d.img.map((src) => (
                  <Image key={src} src={toFileUrl(src)} width={64} height={64} />
                ))}
              </Space>
            </Descriptions.Item>
          ) : null}
          {d.held_words ? <Descriptions.Item label="命中敏感词">{d.held_words}</Descriptions.Item> : null}
        </Descriptions>
      ) : null}
      <Form form={form} layout="vertical" initialValues={{ type: 0 }}>
        <Form.Item name="type" label="审核结果" rules={[{ required: true, message: NeighbourMsg.auditType }]}>
          <Radio.Group data-testid="neighbour-audit-type">
            <Radio value={0}>通过</Radio>
            <Radio value={2}>驳回</Radio>
          </Radio.Group>
        </Form.Item>
        {type === 2 ? (
          <Form.Item
            name="auditmsg"
            label="驳回原因"
            rules={[{ required: true, whitespace: true, message: NeighbourMsg.auditmsg }]}
          >
            <Input.TextArea maxLength={200} rows={3} data-testid="neighbour-audit-msg" />
          </Form.Item>
        ) : null}
      </Form>
    </ActionDialog>
  );
};

/** 审核 (row): publish a held post or reject it with the reason its resident will read. */
export const NeighbourAuditRowAction = ({ action, row, ctx }: RowActionProps) => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <RowActionLink action={action} onClick={() => setOpen(true)} />
      {open ? <AuditForm id={Number(row.id)} onClose={() => setOpen(false)} onDone={ctx.reload} /> : null}
    </>
  );
};
