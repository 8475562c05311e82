import { Descriptions, Form, InputNumber, Select, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { parkingApi } from '@5a/contracts/endpoints/parking';
import { call, callMsg } from '../../api/call.ts';
import { ActionDialog } from '../../engine/dialog/ActionDialog.tsx';
import { RowActionLink } from '../../engine/list/RowActions.tsx';
import type { RowActionProps } from '../../engine/registry/rowActions.ts';
import { PAY_TYPE_OPTIONS, renewalTotal } from './charges.ts';

const TYPES: Record<number, string> = { 1: '固定车位', 2: '租赁车位' };

type Values = { month: number; payType: number };

const RenewForm = ({ id, onClose, onDone }: { id: number; onClose: () => void; onDone: () => void }) => {
  const [form] = Form.useForm<Values>();
  const month = Form.useWatch('month', form) as number | undefined;
  const { data: info } = useQuery({
    queryKey: ['parking', 'renewInfo', id],
    queryFn: () => call(parkingApi.renewInfo, { id }),
  });
  return (
    <ActionDialog
      title="车位续费"
      okText="提交"
      form={form}
      send={(values) => callMsg(parkingApi.renew, { id, ...values })}
      success="续费成功"
      onClose={onClose}
      onDone={onDone}
    >
      {info ? (
        <>
          <Descriptions column={2} size="small" bordered style={{ marginBottom: 16 }}>
            <Descriptions.Item label="业主">{info.pname}</Descriptions.Item>
            <Descriptions.Item label="联系方式">{info.tel}</Descriptions.Item>
            <Descriptions.Item label="类型">{TYPES[info.type] ?? ''}</Descriptions.Item>
            <Descriptions.Item label="车位类型">{TYPES[info.classify] ?? ''}</Descriptions.Item>
            <Descriptions.Item label="月租(元)">{info.monthly_fee}</Descriptions.Item>
            <Descriptions.Item label="清洁费(元)">{info.cleaning_fee}</Descriptions.Item>
            <Descriptions.Item label="当前到期">{info.end_date}</Descriptions.Item>
            <Descriptions.Item label="续费起始">
              <span data-testid="renew-start">{info.starttime}</span>
            </Descriptions.Item>
            <Descriptions.Item label="合计(元)">
              <span data-testid="renew-total">{renewalTotal(month ?? 0, info.monthly_fee, info.cleaning_fee)}</span>
            </Descriptions.Item>
          </Descriptions>
          <Form form={form} layout="vertical" initialValues={{ month: 1 }}>
            <Form.Item name="month" label="续费月数" rules={[{ required: true, message: '请填写续费月数' }]}>
              <InputNumber min={0} precision={0} style={{ width: '100%' }} data-testid="renew-month" />
            </Form.Item>
            <Form.Item
              name="payType"
              label="支付方式"
              rules={[{ required: true, message: '请选择支付方式' }]}
              extra="线上支付：账单在 收费管理 › 应收账单 中待收款；现金、银行卡、支付宝、微信：提交即当场收款"
            >
              <Select options={PAY_TYPE_OPTIONS} placeholder="选择支付方式" data-testid="renew-paytype" />
            </Form.Item>
          </Form>
        </>
      ) : (
        <Spin />
      )}
    </ActionDialog>
  );
};

/** 续费 (row): a renewal bill for the association; paying it moves the end date. */
export const RenewRowAction = ({ action, row, ctx }: RowActionProps) => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <RowActionLink action={action} onClick={() => setOpen(true)} />
      {open ? <RenewForm id={Number(row.id)} onClose={() => setOpen(false)} onDone={ctx.reload} /> : null}
    </>
  );
};
