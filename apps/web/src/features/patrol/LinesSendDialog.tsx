import { useQuery } from '@tanstack/react-query';
import { App, Form, Input, Modal, Radio, Select, type ButtonProps } from 'antd';
import { patrolApi } from '@5a/contracts/endpoints/patrol';
import { call, callMsg } from '../../api/call.ts';
import { successText } from '../../api/envelope.ts';
import { useBusy } from '../../api/useBusy.ts';
import type { Row } from '../../engine/list/context.ts';
import { staffIdsOf } from './lines.ts';

type Props = { route: Row; onClose: () => void; onDone: () => void };
type Values = { staff_ids: number[]; handler?: string; type: number };

/** 巡更派发: the route's guards (workers of its village), the person in charge and how they walk it. */
export const PatrolSendDialog = ({ route, onClose, onDone }: Props) => {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const { busy, run } = useBusy();
  const id = Number(route.id);
  const staff = useQuery({
    queryKey: ['patrol', 'staffOptions', id],
    queryFn: () => call(patrolApi.staffOptions, { id }),
    staleTime: 0,
  });
  const submit = () =>
    run(async () => {
      const v = await form.validateFields().catch(() => null);
      if (!v) return;
      const { msg } = await callMsg(patrolApi.send, {
        id,
        staff_ids: v.staff_ids.join(','),
        handler: v.handler ?? '',
        type: v.type,
      });
      void message.success(successText(msg, '派发成功'));
      onDone();
      onClose();
    });
  return (
    <Modal
      title="巡更派发"
      open
      onCancel={onClose}
      onOk={() => void submit()}
      okText="确定"
      cancelText="取消"
      confirmLoading={busy}
      destroyOnHidden
      maskClosable={false}
      okButtonProps={{ 'data-testid': 'patrol-send-submit' } as ButtonProps}
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
    </Modal>
  );
};
