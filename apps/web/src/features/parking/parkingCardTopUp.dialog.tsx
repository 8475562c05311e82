import { Form, Select } from 'antd';
import { parkingApi } from '@5a/contracts/endpoints/parking';
import { callMsg } from '../../api/call.ts';
import { useUrlOptions } from '../../engine/api/queries.ts';
import { ActionDialog } from '../../engine/dialog/ActionDialog.tsx';
import { toolbarDialog } from '../../engine/registry/dialogs.tsx';
import { PAY_TYPE_OPTIONS } from './charges.ts';

type Values = { package_id: number; payType: number };

/** 月卡充值 (one selected car): a package billed to the owner's house; paying it extends or starts the card. */
export default toolbarDialog(parkingApi.cardTopUp, ({ endpoint, ctx, onClose, onDone }) => {
  const [form] = Form.useForm<Values>();
  const car = ctx.selectedRows[0] ?? {};
  const { data: packages = [] } = useUrlOptions(`/Web/Parking/Package/options?village_id=${String(car.village_id)}`);
  return (
    <ActionDialog
      title="月卡充值"
      okText="提交"
      form={form}
      send={(values) => callMsg(endpoint, { vehicle_id: Number(car.id), ...values })}
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
});
