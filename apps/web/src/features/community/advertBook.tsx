import { DatePicker, Form, Input, InputNumber, Select } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { ADVERT_MAX_MONTHS, advertApi } from '@5a/contracts/endpoints/community-advert';
import { callMsg } from '../../api/call.ts';
import { useUrlOptions } from '../../engine/api/queries.ts';
import { ActionDialog } from '../../engine/dialog/ActionDialog.tsx';
import { RowActionLink } from '../../engine/list/RowActions.tsx';
import type { RowActionProps } from '../../engine/registry/rowActions.ts';
import { formatMoney } from '../../engine/logic/format.ts';
import { bookBody, bookTotal, type BookValues } from './advertLogic.ts';

type Slot = { id: number; name: string; village_id: number; price: number };

const BookForm = ({ slot, onClose, onDone }: { slot: Slot; onClose: () => void; onDone: () => void }) => {
  const [form] = Form.useForm<BookValues>();
  const months = Form.useWatch('months', form) ?? 1;
  const { data: houses = [] } = useUrlOptions(`/Web/Basic/House/options?village_id=${slot.village_id}`);
  return (
    <ActionDialog
      title={`预订广告位 - ${slot.name}`}
      okText="预订"
      form={form}
      send={(v) => callMsg(advertApi.book, bookBody(slot.id, v))}
      success={(r) => r.msg}
      onClose={onClose}
      onDone={onDone}
    >
      <Form form={form} layout="vertical" initialValues={{ start: dayjs(), months: 1 }}>
        <Form.Item
          name="advertiser"
          label="广告主"
          rules={[{ required: true, whitespace: true, message: '请填写广告主' }]}
        >
          <Input maxLength={50} data-testid="advert-book-advertiser" />
        </Form.Item>
        <Form.Item name="contact" label="联系人">
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item name="phone" label="联系电话" rules={[{ pattern: /^1[3-9]\d{9}$/, message: '联系电话 格式错误' }]}>
          <Input maxLength={11} data-testid="advert-book-phone" />
        </Form.Item>
        <Form.Item name="house_id" label="计费房屋" rules={[{ required: true, message: '请选择计费房屋' }]}>
          <Select
            showSearch
            optionFilterProp="label"
            options={houses.map((h) => ({ label: h.label, value: Number(h.value) }))}
            data-testid="advert-book-house"
          />
        </Form.Item>
        <Form.Item name="start" label="开始日期" rules={[{ required: true, message: '请选择开始日期' }]}>
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="months"
          label="租期(月)"
          rules={[{ required: true, message: '请填写租期' }]}
          extra={`月租金 ${formatMoney(slot.price)}，合计 ${formatMoney(bookTotal(slot.price, Number(months) || 0))}`}
        >
          <InputNumber min={1} max={ADVERT_MAX_MONTHS} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </ActionDialog>
  );
};

/** 预订 (row): book the slot for whole months; its fee becomes a bill of the house chosen. */
export const AdvertBookRowAction = ({ action, row, ctx }: RowActionProps) => {
  const [open, setOpen] = useState(false);
  const slot: Slot = {
    id: Number(row.id),
    name: String(row.name ?? ''),
    village_id: Number(row.village_id),
    price: Number(row.price ?? 0),
  };
  return (
    <>
      <RowActionLink action={action} onClick={() => setOpen(true)} />
      {open ? <BookForm slot={slot} onClose={() => setOpen(false)} onDone={ctx.reload} /> : null}
    </>
  );
};
