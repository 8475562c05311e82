import { Form, Select } from 'antd';
import { useState } from 'react';
import { parkingApi } from '@5a/contracts/endpoints/parking';
import { callMsg } from '../../api/call.ts';
import { useUrlOptions } from '../../engine/api/queries.ts';
import { ActionDialog } from '../../engine/dialog/ActionDialog.tsx';
import { ToolbarActionButton } from '../../engine/list/ToolbarButton.tsx';
import type { Row } from '../../engine/list/context.ts';
import type { ToolbarActionProps } from '../../engine/registry/actions.ts';
import { PAY_TYPE_OPTIONS } from './charges.ts';

type Values = { package_id: number; payType: number };

const TopUpForm = ({ car, onClose, onDone }: { car: Row; onClose: () => void; onDone: () => void }) => {
  const [form] = Form.useForm<Values>();
  const { data: packages = [] } = useUrlOptions(`/Web/Parking/Package/options?village_id=${String(car.village_id)}`);
  return (
    <ActionDialog
      title="月卡充值"
      okText="提交"
      form={form}
      send={(values) => callMsg(parkingApi.cardTopUp, { vehicle_id: Number(car.id), ...values })}
      success="充值成功"
      onClose={onClose}
      onDone={onDone}
    >
      <Form form={form} layout="vertical">
        <Form.Item label="车牌号">{String(car.plate ?? '')}</Form.Item>
        <Form.Item name="package_id" label="套餐" rules={[{ required: true, message: '请选择套餐!' }]}>
          <Select
            options={packages.map((o) => ({ label: o.label, value: Number(o.value) }))}
            placeholder="选择套餐"
            data-testid="topup-package"
          />
        </Form.Item>
        <Form.Item name="payType" label="支付方式" rules={[{ required: true, message: '请选择支付方式' }]}>
          <Select options={PAY_TYPE_OPTIONS} placeholder="选择支付方式" data-testid="topup-paytype" />
        </Form.Item>
      </Form>
    </ActionDialog>
  );
};

/** 月卡充值 (one selected car): a package billed to the owner's house; paying it extends or starts the card. */
export const CardTopUpAction = ({ button, ctx }: ToolbarActionProps) => {
  const [open, setOpen] = useState(false);
  const car = ctx.selectedRows[0];
  return (
    <>
      <ToolbarActionButton button={button} ctx={ctx} onRun={() => setOpen(true)} />
      {open && car ? <TopUpForm car={car} onClose={() => setOpen(false)} onDone={ctx.reload} /> : null}
    </>
  );
};
