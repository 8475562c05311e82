import { DatePicker, Form, Input, InputNumber, Rate, Select } from 'antd';
import type { ReactNode } from 'react';
import type { Dayjs } from 'dayjs';
import { useQuery } from '@tanstack/react-query';
import { ActionDialog } from '../../engine/dialog/ActionDialog.tsx';
import type { Sent } from '../../engine/dialog/actionSubmit.ts';
import type { FieldConfig } from '@5a/contracts';
import { FieldInput } from '../../engine/form/FieldInput.tsx';
import { completeOrder, dispatchOrder, fetchWorkers, giveReason, visitOrder } from './api.ts';

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
const fmt = (d: Dayjs) => d.format('YYYY-MM-DD HH:mm:ss');

/** The frame every step dialog shares: its title, the vertical form, the step's call, the server's text or 成功. */
const StepFrame = <V,>({
  p,
  step,
  send,
  children,
}: {
  p: StepDialogProps;
  step: string;
  send: (values: V) => Promise<Sent>;
  children: ReactNode;
}) => {
  const [form] = Form.useForm<V>();
  return (
    <ActionDialog
      title={p.title}
      form={form}
      send={send}
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

type DispatchValues = { personid: number; content: string; wctime: Dayjs; stime?: Dayjs | null; etime?: Dayjs | null };
/** a cleared InputNumber holds null: no cost is sent then, as when it was never filled */
type CompleteValues = {
  result: string;
  result_imgs?: string;
  material_cost?: number | null;
  labour_cost?: number | null;
};

/** 派单 / 改派: worker of the order's village, content, required completion time, optional window. */
export const DispatchDialog = (p: StepDialogProps) => {
  const workers = useQuery({
    queryKey: ['repair', 'workers', p.id],
    queryFn: () => fetchWorkers(p.id),
    staleTime: 0,
  });
  const send = (v: DispatchValues) =>
    dispatchOrder(p.api, {
      id: p.id,
      personid: v.personid,
      content: v.content,
      wctime: fmt(v.wctime),
      stime: v.stime ? fmt(v.stime) : undefined,
      etime: v.etime ? fmt(v.etime) : undefined,
    });
  return (
    <StepFrame p={p} step="dispatch" send={send}>
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
export const CompleteDialog = (p: StepDialogProps) => {
  const send = (v: CompleteValues) =>
    completeOrder(p.api, {
      id: p.id,
      result: v.result,
      result_imgs: v.result_imgs,
      material_cost: v.material_cost ?? undefined,
      labour_cost: v.labour_cost ?? undefined,
    });
  return (
    <StepFrame p={p} step="complete" send={send}>
      <Form.Item
        name="result"
        label="处理结果"
        rules={[{ required: true, whitespace: true, message: '请填写处理结果' }]}
      >
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
};

/** 回访: rating 1–5 and a comment. */
export const VisitDialog = (p: StepDialogProps) => {
  const send = (v: { rating: number; comment?: string }) => visitOrder(p.api, { id: p.id, ...v });
  return (
    <StepFrame p={p} step="visit" send={send}>
      <Form.Item name="rating" label="评分" rules={[{ required: true, message: '请评分' }]}>
        <Rate data-testid="repair-visit-rating" />
      </Form.Item>
      <Form.Item name="comment" label="回访评价">
        <Input.TextArea rows={3} maxLength={500} data-testid="repair-visit-comment" />
      </Form.Item>
    </StepFrame>
  );
};

/** 取消 / 减免 / 答复: one required text. */
export const ReasonDialog = (p: StepDialogProps) => {
  const label = p.title === '答复' ? '答复内容' : `${p.title}原因`;
  const send = (v: { reason: string }) => giveReason(p.api, { id: p.id, ...v });
  return (
    <StepFrame p={p} step="reason" send={send}>
      <Form.Item name="reason" label={label} rules={[{ required: true, whitespace: true, message: `请填写${label}` }]}>
        <Input.TextArea rows={3} maxLength={1000} data-testid="repair-reason-text" />
      </Form.Item>
    </StepFrame>
  );
};
