import { App, DatePicker, Form, Input, InputNumber, Modal, Rate, Select, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import type { Dayjs } from 'dayjs';
import { useQuery } from '@tanstack/react-query';
import { successText } from '../../api/envelope.ts';
import { useBusy } from '../../api/useBusy.ts';
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

/** The dialog frame: validates the form, sends the step with its values, toasts the server's text, closes and reloads. */
const useSubmit = <V,>({ title, onClose, onDone }: StepDialogProps, send: (values: V) => Promise<{ msg: string }>) => {
  const [form] = Form.useForm<V>();
  const { message } = App.useApp();
  const { busy, run } = useBusy();
  const submit = () =>
    run(async () => {
      const { msg } = await send(await form.validateFields());
      void message.success(successText(msg, `${title}成功`));
      onClose();
      onDone();
    });
  return { form, busy, submit };
};

/** The frame every step dialog shares: its title, the vertical form, 确定 submitting through useSubmit. */
const StepFrame = (f: {
  p: StepDialogProps;
  step: string;
  form: FormInstance;
  busy: boolean;
  submit: () => Promise<unknown>;
  children: ReactNode;
}) => (
  <Modal
    open
    title={f.p.title}
    onCancel={f.p.onClose}
    onOk={() => void f.submit()}
    confirmLoading={f.busy}
    okButtonProps={{ 'data-testid': `repair-${f.step}-submit` }}
    destroyOnHidden
  >
    <Form form={f.form} layout="vertical" data-testid={`repair-${f.step}-dialog`}>
      {f.children}
    </Form>
  </Modal>
);

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
  const { form, busy, submit } = useSubmit(p, (v: DispatchValues) =>
    dispatchOrder(p.api, {
      id: p.id,
      personid: v.personid,
      content: v.content,
      wctime: fmt(v.wctime),
      stime: v.stime ? fmt(v.stime) : undefined,
      etime: v.etime ? fmt(v.etime) : undefined,
    }),
  );
  return (
    <StepFrame p={p} step="dispatch" form={form} busy={busy} submit={submit}>
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
  const { form, busy, submit } = useSubmit(p, (v: CompleteValues) =>
    completeOrder(p.api, {
      id: p.id,
      result: v.result,
      result_imgs: v.result_imgs,
      material_cost: v.material_cost ?? undefined,
      labour_cost: v.labour_cost ?? undefined,
    }),
  );
  return (
    <StepFrame p={p} step="complete" form={form} busy={busy} submit={submit}>
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
  const { form, busy, submit } = useSubmit(p, (v: { rating: number; comment?: string }) =>
    visitOrder(p.api, { id: p.id, ...v }),
  );
  return (
    <StepFrame p={p} step="visit" form={form} busy={busy} submit={submit}>
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
  const { form, busy, submit } = useSubmit(p, (v: { reason: string }) => giveReason(p.api, { id: p.id, ...v }));
  return (
    <StepFrame p={p} step="reason" form={form} busy={busy} submit={submit}>
      <Form.Item name="reason" label={label} rules={[{ required: true, whitespace: true, message: `请填写${label}` }]}>
        <Input.TextArea rows={3} maxLength={1000} data-testid="repair-reason-text" />
      </Form.Item>
    </StepFrame>
  );
};
