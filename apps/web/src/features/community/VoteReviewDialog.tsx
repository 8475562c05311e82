import { Form, Input, Radio } from 'antd';
import { useEffect, useState } from 'react';
import { voteApi, type VoteView } from '@5a/contracts/endpoints/community';
import { call, callMsg } from '../../api/call.ts';
import { ActionDialog } from '../../engine/dialog/ActionDialog.tsx';
import { RowActionLink } from '../../engine/list/RowActions.tsx';
import type { RowActionProps } from '../../engine/registry/rowActions.ts';

type Values = { type: 0 | 2; auditmsg?: string };

const ReviewForm = ({ id, onClose, onDone }: { id: number; onClose: () => void; onDone: () => void }) => {
  const [form] = Form.useForm<Values>();
  const [detail, setDetail] = useState<VoteView | null>(null);
  const type = Form.useWatch('type', form) ?? 0;
  useEffect(() => {
    void call(voteApi.cview, { id }).then(setDetail);
  }, [id]);
  return (
    <ActionDialog
      title={`审核投票 - ${detail?.title ?? ''}`}
      okText="提交"
      form={form}
      send={(v) => callMsg(voteApi.audit, { id, type: v.type, auditmsg: v.auditmsg ?? '' })}
      success="审核成功"
      onClose={onClose}
      onDone={onDone}
    >
      {detail ? (
        <div style={{ marginBottom: 12 }} data-testid="vote-review-detail">
          <div>{detail.desc}</div>
          <div>选项：{detail.votOptions.map((o) => o.text).join('、')}</div>
          <div>截止时间：{detail.etime}</div>
          {detail.test ? <div>上次审核备注：{detail.test}</div> : null}
        </div>
      ) : null}
      <Form form={form} layout="vertical" initialValues={{ type: 0 }}>
        <Form.Item name="type" label="审核状态">
          <Radio.Group data-testid="vote-review-type">
            <Radio value={0}>通过</Radio>
            <Radio value={2}>驳回</Radio>
          </Radio.Group>
        </Form.Item>
        <Form.Item
          name="auditmsg"
          label="审核备注"
          rules={type === 2 ? [{ required: true, whitespace: true, message: '请填写驳回原因' }] : []}
        >
          <Input.TextArea maxLength={200} rows={3} data-testid="vote-review-note" />
        </Form.Item>
      </Form>
    </ActionDialog>
  );
};

/** 审核 (row): 通过 publishes the vote (a resolution's roll is frozen then), 驳回 returns it with a note. */
export const VoteReviewAction = ({ action, row, ctx }: RowActionProps) => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <RowActionLink action={action} onClick={() => setOpen(true)} />
      {open ? <ReviewForm id={Number(row.id)} onClose={() => setOpen(false)} onDone={ctx.reload} /> : null}
    </>
  );
};
