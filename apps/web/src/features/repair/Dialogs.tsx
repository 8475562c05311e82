import { DatePicker, Form, Input, InputNumber, Rate, Select } from 'antd';
import type { ReactNode } from 'react';
import type { Dayjs } from 'dayjs';
import { useQuery } from '@tanstack/react-query';
import { send, sendMsg } from '../../api/http.ts';
import { ActionDialog } from '../../engine/dialog/ActionDialog.tsx';
import type { FieldConfig } from '@5a/contracts';
import { FieldInput } from '../../engine/form/FieldInput.tsx';

/** 完工照片 through the engine's image upload (size cap checked before the upload, own stored files only) */
const photoField: FieldConfig = {
  prop: 'result_imgs',
  label: '完工照片',
  type: 'image',
  multiple: true,
  maxSize: 2097152,
  rules: [],
  inTable: false,
  inSearch: false,
  inAdd: true,
  inEdit: true,
  inBatch: false,
  inDetail: true,
  inExport: false,
  inImport: false,
};

export type StepDialogProps = { id: number; api: string; title: string; onClose: () => void; onDone: () => void };
type Values = Record<string, unknown>;
const fmt = (d: unknown) =>
  d && typeof (d as Dayjs).format === 'function' ? (d as Dayjs).format('YYYY-MM-DD HH:mm:ss') : undefined;

/** The frame every step dialog shares: its title, the vertical form, POST {id, ...values}, the step's 成功 text. */
const StepFrame = ({
  p,
  step,
  map = (v) => v,
  children,
}: {
  p: StepDialogProps;
  step: string;
  map?: (v: Values) => Values;
  children: ReactNode;
}) => {
  const [form] = Form.useForm<Values>();
  return (
    <ActionDialog
      title={p.title}
      form={form}
      send={(values) => sendMsg(p.api, { id: p.id, ...map(values) })}
      success={`${p.title}成功`}
      onClose={p.onClose}
      onDone={p.onDone}
      okButtonProps={{ 'data-testid': `repair-${step}-submit` }}
    >
      <Form form={form} layout="vertical" data-testid={`repair-${step}-dialog`}>
        {children}
      </Form>
    </ActionDialog>
  );
};

/** 派单 / 改派: worker of the order's village, content, required completion time, optional window. */
export const DispatchDialog = (p: StepDialogProps) => {
  const base = p.api.replace(/\/[^/]+$/, '');
  const workers = useQuery({
    queryKey: ['repair', 'workers', p.id],
    queryFn: () => send<{ value: number; label: string }[]>(`${base}/workers`, { id: p.id }),
    staleTime: 0,
  });
  const map = (v: Values) => ({ ...v, wctime: fmt(v.wctime), stime: fmt(v.stime), etime: fmt(v.etime) });
  return (
    <StepFrame p={p} step="dispatch" map={map}>
      <Form.Item name="personid" label="维修人员" rules={[{ required: true, message: '请选择维修人员' }]}>
        <Select
          options={workers.data ?? []}
          loading={workers.isLoading}
          placeholder="请选择维修人员"
          data-testid="repair-dispatch-worker"
        />
      </Form.Item>
      <Form.Item
        name="content"
        label="派单内容"
        rules={[{ required: true, whitespace: true, message: '请填写派单内容' }]}
      >
        <Input.TextArea rows={3} maxLength={500} data-testid="repair-dispatch-content" />
      </Form.Item>
      <Form.Item name="wctime" label="要求完成时间" rules={[{ required: true, message: '请选择要求完成时间' }]}>
        <DatePicker
          showTime
          format="YYYY-MM-DD HH:mm:ss"
          style={{ width: '100%' }}
          data-testid="repair-dispatch-wctime"
        />
      </Form.Item>
      <Form.Item name="stime" label="开始时间">
        <DatePicker showTime format="YYYY-MM-DD HH:mm:ss" style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="etime" label="结束时间">
        <DatePicker showTime format="YYYY-MM-DD HH:mm:ss" style={{ width: '100%' }} />
      </Form.Item>
    </StepFrame>
  );
};

/** 完成: result text and, for paid work, material and labour cost in yuan. */
export const CompleteDialog = (p: StepDialogProps) => (
  <StepFrame p={p} step="complete">
    <Form.Item name="result" label="处理结果" rules={[{ required: true, whitespace: true, message: '请填写处理结果' }]}>
      <Input.TextArea rows={4} maxLength={2000} data-testid="repair-complete-result" />
    </Form.Item>
    <Form.Item name="result_imgs" label="完工照片（最多9张）">
      <FieldInput field={photoField} mode="add" />
    </Form.Item>
    <Form.Item name="material_cost" label="材料费（元）">
      <InputNumber min={0} max={1000000} precision={2} style={{ width: '100%' }} />
    </Form.Item>
    <Form.Item name="labour_cost" label="人工费（元）">
      <InputNumber min={0} max={1000000} precision={2} style={{ width: '100%' }} />
    </Form.Item>
  </StepFrame>
);

/** 回访: rating 1–5 and a comment. */
export const VisitDialog = (p: StepDialogProps) => (
  <StepFrame p={p} step="visit">
    <Form.Item name="rating" label="评分" rules={[{ required: true, message: '请评分' }]}>
      <Rate data-testid="repair-visit-rating" />
    </Form.Item>
    <Form.Item name="comment" label="回访评价">
      <Input.TextArea rows={3} maxLength={500} data-testid="repair-visit-comment" />
    </Form.Item>
  </StepFrame>
);

/** 取消 / 减免 / 答复: one required text. */
export const ReasonDialog = (p: StepDialogProps) => {
  const label = p.title === '答复' ? '答复内容' : `${p.title}原因`;
  return (
    <StepFrame p={p} step="reason">
      <Form.Item name="reason" label={label} rules={[{ required: true, whitespace: true, message: `请填写${label}` }]}>
        <Input.TextArea rows={3} maxLength={1000} data-testid="repair-reason-text" />
      </Form.Item>
    </StepFrame>
  );
};
