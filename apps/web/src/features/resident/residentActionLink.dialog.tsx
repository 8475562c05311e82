import { Form, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { RESIDENT_ACTIONS, residentApi, type ActionLinkBody } from '@5a/contracts/endpoints/resident';
import { call, callMsg } from '../../api/call.ts';
import { ActionDialog } from '../../engine/dialog/ActionDialog.tsx';
import { toolbarDialog } from '../../engine/registry/dialogs.tsx';

/**
 * 发送办理链接 on 住户管理: a one-time link by SMS that signs the chosen resident in on his phone for one thing only —
 * a questionnaire of his village, a vote open there, or one of his house's unpaid bills — for 72 hours.
 */
export default toolbarDialog(residentApi.linkTargets, ({ endpoint, ctx, onClose, onDone }) => {
  const personId = Number(ctx.selectedRows[0]?.id);
  const [form] = Form.useForm<ActionLinkBody>();
  const action = Form.useWatch('action', form);
  const targets = useQuery({
    queryKey: ['resident-link-targets', personId, action],
    queryFn: () => call(endpoint, { person_id: personId, action }),
    enabled: Boolean(action),
  });
  return (
    <ActionDialog
      title="发送办理链接"
      form={form}
      okButtonProps={{ 'data-testid': 'link-submit' }}
      send={(values) => callMsg(residentApi.sendLink, { ...values, person_id: personId })}
      success="链接已发送"
      onClose={onClose}
      onDone={onDone}
    >
      <Form form={form} labelCol={{ flex: '100px' }} data-testid="link-form" autoComplete="off">
        <Form.Item label="办理事项" name="action" rules={[{ required: true, message: '请选择办理事项' }]}>
          <Select
            options={[...RESIDENT_ACTIONS]}
            placeholder="请选择办理事项"
            data-testid="link-action"
            onChange={() => form.setFieldValue('target_id', undefined)}
          />
        </Form.Item>
        <Form.Item
          label="办理对象"
          name="target_id"
          rules={[{ required: true, message: '请选择办理对象' }]}
          extra="链接通过短信发送到住户登记的手机号，72小时内有效，只能办理所选的一件事"
        >
          <Select
            options={targets.data ?? []}
            loading={targets.isFetching}
            placeholder={action ? (targets.data?.length === 0 ? '没有可办理的对象' : '请选择') : '请先选择办理事项'}
            data-testid="link-target"
          />
        </Form.Item>
      </Form>
    </ActionDialog>
  );
});
