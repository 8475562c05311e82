import { useQuery } from '@tanstack/react-query';
import { Form, Input, Radio, Select } from 'antd';
import { patrolApi } from '@5a/contracts/endpoints/patrol';
import { call, callMsg } from '../../api/call.ts';
import { ActionDialog } from '../../engine/dialog/ActionDialog.tsx';
import type { Row } from '../../engine/list/context.ts';
import { staffIdsOf } from './lines.ts';

type Props = { route: Row; onClose: () => void; onDone: () => void };
type Values = { staff_ids: number[]; handler?: string; type: number };

/** 巡更派发: the route's guards (workers of its village), the person in charge and how they walk it. */
export const PatrolSendDialog = ({ route, onClose, onDone }: Props) => {
  const [form] = Form.useForm<Values>();
  const id = Number(route.id);
  const staff = useQuery({
    queryKey: ['patrol', 'staffOptions', id],
    queryFn: () => call(patrolApi.staffOptions, { id }),
    staleTime: 0,
  });
  return (
    <ActionDialog
      title="巡更派发"
      maskClosable={false}
      okButtonProps={{ 'data-testid': 'patrol-send-submit' }}
      form={form}
      send={(v) =>
        callMsg(patrolApi.send, { id, staff_ids: v.staff_ids.join(','), handler: v.handler ?? '', type: v.type })
      }
      success="派发成功"
      onClose={onClose}
      onDone={onDone}
    >
      <Form
        form={form}
        layout="vertical"
        data-testid="patrol-send-dialog"
        initialValues={{
          staff_ids: staffIdsOf(route.staff_ids),
          handler: String(route.handler ?? ''),
          type: Number(route.dispatch_type) === 2 ? 2 : 1,
        }}
      >
        <Form.Item label="路线名称">
          <Input value={String(route.name ?? '')} readOnly />
        </Form.Item>
        <Form.Item name="staff_ids" label="巡更人员" rules={[{ required: true, message: '请选择巡更人员' }]}>
          <Select
            mode="multiple"
            options={staff.data ?? []}
            loading={staff.isLoading}
            optionFilterProp="label"
            placeholder="请选择巡更人员"
            data-testid="patrol-send-staff"
          />
        </Form.Item>
        <Form.Item name="handler" label="负责人" rules={[{ max: 50, message: '负责人不能超过50个字符' }]}>
          <Input placeholder="请输入负责人" maxLength={50} data-testid="patrol-send-handler" />
        </Form.Item>
        <Form.Item name="type" label="派发方式">
          <Radio.Group
            options={[
              { label: '各自巡更', value: 1 },
              { label: '共同巡更', value: 2 },
            ]}
          />
        </Form.Item>
      </Form>
    </ActionDialog>
  );
};
