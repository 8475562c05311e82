import { DatePicker, Form, Input, Radio } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { visitorApi } from '@5a/contracts/endpoints/visitor';
import { callMsg } from '../../api/call.ts';
import { ActionDialog } from '../../engine/dialog/ActionDialog.tsx';
import { RowActionLink } from '../../engine/list/RowActions.tsx';
import type { RowActionProps } from '../../engine/registry/rowActions.ts';
import { defaultPassWindow, reviewBody, TIME_FORMAT } from './logic.ts';

type Values = { status: 1 | 2; window?: [Dayjs, Dayjs] | null; reason?: string };

const ReviewForm = ({
  id,
  name,
  onClose,
  onDone,
}: {
  id: number;
  name: string;
  onClose: () => void;
  onDone: () => void;
}) => {
  const [form] = Form.useForm<Values>();
  const status = Form.useWatch('status', form) ?? 1;
  return (
    <ActionDialog
      title={`审核访客 - ${name}`}
      okText="提交"
      form={form}
      send={(v) => callMsg(visitorApi.review, reviewBody(id, v))}
      success="审核成功"
      onClose={onClose}
      onDone={onDone}
    >
      <Form form={form} layout="vertical" initialValues={{ status: 1, window: defaultPassWindow() }}>
        <Form.Item name="status" label="审核结果" rules={[{ required: true, message: '请选择审核结果' }]}>
          <Radio.Group data-testid="visitor-review-status">
            <Radio value={1}>通过</Radio>
            <Radio value={2}>拒绝</Radio>
          </Radio.Group>
        </Form.Item>
        {status === 1 ? (
          <Form.Item name="window" label="通行时间" rules={[{ required: true, message: '请选择通行时间' }]}>
            <DatePicker.RangePicker
              showTime={{ format: 'HH:mm:ss' }}
              format={TIME_FORMAT}
              style={{ width: '100%' }}
              data-testid="visitor-review-window"
            />
          </Form.Item>
        ) : (
          <Form.Item
            name="reason"
            label="拒绝原因"
            rules={[{ required: true, whitespace: true, message: '请填写拒绝原因' }]}
          >
            <Input.TextArea maxLength={200} rows={3} data-testid="visitor-review-reason" />
          </Form.Item>
        )}
      </Form>
    </ActionDialog>
  );
};

/** 审核 (row): approve with a pass window (today until 23:59:59 unless changed) or refuse with a reason. */
export const ReviewRowAction = ({ action, row, ctx }: RowActionProps) => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <RowActionLink action={action} onClick={() => setOpen(true)} />
      {open ? (
        <ReviewForm
          id={Number(row.id)}
          name={String(row.name ?? '')}
          onClose={() => setOpen(false)}
          onDone={ctx.reload}
        />
      ) : null}
    </>
  );
};
