import { Form, Input, InputNumber, Select } from 'antd';
import { useState } from 'react';
import { parkingApi } from '@5a/contracts/endpoints/parking';
import { callMsg } from '../../api/call.ts';
import { useUrlOptions } from '../../engine/api/queries.ts';
import { ActionDialog } from '../../engine/dialog/ActionDialog.tsx';
import { ToolbarActionButton } from '../../engine/list/ToolbarButton.tsx';
import type { ToolbarActionProps } from '../../engine/registry/actions.ts';

const LOT_OPTIONS_URL = '/Web/Internet/ParkingBox/options';

type Values = { lot_id: number; prefix: string; start: number; end: number; pad: number; type: number };

/** The first and last numbers the form would write, so the user sees what 'B1-' 1…300 padded to 3 gives. */
export const spaceNoPreview = (v: Partial<Values>): string => {
  if (v.start === undefined || v.end === undefined || v.start === null || v.end === null) return '';
  const no = (n: number) => `${v.prefix ?? ''}${String(n).padStart(v.pad ?? 0, '0')}`;
  return `${no(v.start)} … ${no(v.end)}`;
};

const GenerateDialog = ({ onClose, onDone }: { onClose: () => void; onDone: () => void }) => {
  const [form] = Form.useForm<Values>();
  const { data: lots = [] } = useUrlOptions(LOT_OPTIONS_URL);
  const watched = Form.useWatch([], form) as Partial<Values> | undefined;
  return (
    <ActionDialog
      title="批量生成车位"
      okText="生成"
      form={form}
      send={(values) => callMsg(parkingApi.generateSpaces, values)}
      success="生成成功"
      onClose={onClose}
      onDone={onDone}
    >
      <Form form={form} layout="vertical" initialValues={{ prefix: '', start: 1, end: 100, pad: 3, type: 1 }}>
        <Form.Item name="lot_id" label="停车场" rules={[{ required: true, message: '请选择停车场' }]}>
          <Select options={lots.map((o) => ({ label: o.label, value: Number(o.value) }))} placeholder="选择停车场" />
        </Form.Item>
        <Form.Item name="prefix" label="编号前缀">
          <Input maxLength={20} placeholder="如 B1-" />
        </Form.Item>
        <Form.Item name="start" label="起始编号" rules={[{ required: true, message: '请填写起始编号' }]}>
          <InputNumber min={0} max={999999} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="end" label="结束编号" rules={[{ required: true, message: '请填写结束编号' }]}>
          <InputNumber min={0} max={999999} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="pad" label="编号位数（不足补 0）">
          <InputNumber min={0} max={6} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="type" label="车位类型">
          <Select
            options={[
              { label: '固定车位', value: 1 },
              { label: '租赁车位', value: 2 },
            ]}
          />
        </Form.Item>
        <div data-testid="space-preview">{spaceNoPreview(watched ?? {})}</div>
      </Form>
    </ActionDialog>
  );
};

/** 批量生成: numbered spaces of a lot in one go; numbers the lot already has are skipped. */
export const SpacesGenerateAction = ({ button, ctx }: ToolbarActionProps) => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <ToolbarActionButton button={button} ctx={ctx} onRun={() => setOpen(true)} />
      {open ? <GenerateDialog onClose={() => setOpen(false)} onDone={ctx.reload} /> : null}
    </>
  );
};
