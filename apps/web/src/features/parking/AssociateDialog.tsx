import { DatePicker, Form, Select, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { parkingApi, type AssociateBody } from '@5a/contracts/endpoints/parking';
import { useQuery } from '@tanstack/react-query';
import { call, callMsg } from '../../api/call.ts';
import { useUrlOptions } from '../../engine/api/queries.ts';
import { ActionDialog } from '../../engine/dialog/ActionDialog.tsx';
import { ToolbarActionButton } from '../../engine/list/ToolbarButton.tsx';
import type { Row } from '../../engine/list/context.ts';
import type { ToolbarActionProps } from '../../engine/registry/actions.ts';
import { OwnerPicker } from './OwnerPicker.tsx';
import { spaceChoices } from './spaces.ts';

const VILLAGES = '/Web/Basic/Village/options';
const ofVillage = (base: string, village: number | undefined) =>
  village ? `${base}?village_id=${village}` : undefined;

type Values = {
  village_id: number;
  owner: number;
  type: number;
  status: boolean;
  spaceNum: number;
  isLongTime: boolean;
  start_end?: [Dayjs, Dayjs];
  billFirst?: boolean;
};

/** a short-term rental that is in force may bill its first term at once */
const billable = (v: Pick<Values, 'type' | 'status' | 'isLongTime'>) => v.type === 2 && !!v.status && !v.isLongTime;

/** The body the server takes: switches as 1/2, the range as two dates (none when long-term). */
export const associateBody = (v: Values): AssociateBody => ({
  spaceNum: v.spaceNum,
  owner: v.owner,
  type: v.type,
  status: v.status ? 1 : 2,
  isLongTime: v.isLongTime ? 1 : 2,
  bill_first: billable(v) && v.billFirst !== false ? 1 : 2,
  ...(v.isLongTime || !v.start_end
    ? {}
    : { start_date: v.start_end[0].format('YYYY-MM-DD'), end_date: v.start_end[1].format('YYYY-MM-DD') }),
});

const numbered = (o: { label: string; value: string | number }[]) =>
  o.map((x) => ({ label: x.label, value: Number(x.value) }));

const AssociateForm = ({
  space,
  onClose,
  onDone,
}: {
  space: Row | undefined;
  onClose: () => void;
  onDone: () => void;
}) => {
  const [form] = Form.useForm<Values>();
  const village = Form.useWatch('village_id', form) as number | undefined;
  const long = Form.useWatch('isLongTime', form) as boolean | undefined;
  const type = Form.useWatch('type', form) as number | undefined;
  const active = Form.useWatch('status', form) as boolean | undefined;
  const { data: villages = [] } = useUrlOptions(VILLAGES);
  const { data: spaces = [] } = useUrlOptions(ofVillage('/Web/Parking/Space/options', village));
  const range = Form.useWatch('start_end', form) as [Dayjs, Dayjs] | undefined;
  // long-term: held from the start on; else held on any day of the range
  const period = {
    start_date: range?.[0]?.format('YYYY-MM-DD'),
    end_date: long ? undefined : range?.[1]?.format('YYYY-MM-DD'),
  };
  const { data: taken = [] } = useQuery({
    queryKey: ['parking', 'taken', village, period.start_date, period.end_date],
    queryFn: () => call(parkingApi.takenSpaces, { village_id: village!, ...period }),
    enabled: !!village,
    staleTime: 0,
  });
  return (
    <ActionDialog
      title="关联车位"
      okText="提交"
      form={form}
      send={(values) => callMsg(parkingApi.associate, associateBody(values))}
      success="关联成功"
      onClose={onClose}
      onDone={onDone}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          village_id: space ? Number(space.village_id) : undefined,
          spaceNum: space ? Number(space.id) : undefined,
          type: space?.type ? Number(space.type) : 1,
          status: true,
          isLongTime: false,
          billFirst: true,
          start_end: [dayjs(), dayjs().add(1, 'year').subtract(1, 'day')],
        }}
        onValuesChange={(changed: Partial<Values>) => {
          if ('village_id' in changed) form.setFieldsValue({ owner: undefined, spaceNum: undefined });
        }}
      >
        <Form.Item name="village_id" label="小区" rules={[{ required: true, message: '请选择小区' }]}>
          <Select options={numbered(villages)} placeholder="选择小区" data-testid="assoc-village" />
        </Form.Item>
        <Form.Item name="owner" label="业主" rules={[{ required: true, message: '请选择业主' }]}>
          <OwnerPicker village={village} />
        </Form.Item>
        <Form.Item name="type" label="类型" rules={[{ required: true, message: '请选择类型' }]}>
          <Select
            options={[
              { label: '固定车位', value: 1 },
              { label: '租赁车位', value: 2 },
            ]}
          />
        </Form.Item>
        <Form.Item name="status" label="状态" valuePropName="checked" required>
          <Switch checkedChildren="有效" unCheckedChildren="无效" />
        </Form.Item>
        <Form.Item name="spaceNum" label="车位编号" rules={[{ required: true, message: '请选择车位' }]}>
          <Select
            showSearch
            optionFilterProp="label"
            options={spaceChoices(spaces, taken)}
            placeholder="选择车位"
            data-testid="assoc-space"
          />
        </Form.Item>
        <Form.Item name="isLongTime" label="时长" valuePropName="checked" required>
          <Switch checkedChildren="长期" unCheckedChildren="短期" data-testid="assoc-long" />
        </Form.Item>
        <Form.Item
          name="start_end"
          label="起止日期"
          rules={[{ required: !long, message: '请选择起止日期' }]}
          required={!long}
        >
          <DatePicker.RangePicker disabled={!!long} style={{ width: '100%' }} />
        </Form.Item>
        {billable({ type: type ?? 0, status: !!active, isLongTime: !!long }) ? (
          <Form.Item
            name="billFirst"
            label="首期账单"
            valuePropName="checked"
            extra="开启后按起止日期生成首期车位费账单（不足一月按一月计），在 收费管理 › 应收账单 中收款"
          >
            <Switch checkedChildren="生成" unCheckedChildren="不生成" data-testid="assoc-bill-first" />
          </Form.Item>
        ) : null}
      </Form>
    </ActionDialog>
  );
};

/** 关联车位: gives a space (the selected one, or any of the village) to an owner for a period. */
export const AssociateAction = ({ button, ctx }: ToolbarActionProps) => {
  const [open, setOpen] = useState(false);
  const space = ctx.selectedRows.length === 1 ? ctx.selectedRows[0] : undefined;
  return (
    <>
      <ToolbarActionButton button={button} ctx={ctx} onRun={() => setOpen(true)} />
      {open ? <AssociateForm space={space} onClose={() => setOpen(false)} onDone={ctx.reload} /> : null}
    </>
  );
};
