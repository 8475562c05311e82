import { Form, InputNumber } from 'antd';
import { useEffect } from 'react';
import { preventionApi, type RetentionBody } from '@5a/contracts/endpoints/prevention';
import { call, callMsg } from '../../api/call.ts';
import { ActionDialog } from '../../engine/dialog/ActionDialog.tsx';
import { toolbarDialog } from '../../engine/registry/dialogs.tsx';

/** 数据保留: how many days after an isolation ended its health code and dates are kept before they are cleared. */
export default toolbarDialog(preventionApi.retention, ({ endpoint, onClose, onDone }) => {
  const [form] = Form.useForm<RetentionBody>();
  useEffect(() => {
    let live = true;
    void call(preventionApi.retentionOf, {}).then((r) => {
      if (live) form.setFieldsValue(r);
    });
    return () => {
      live = false;
    };
  }, [form]);
  return (
    <ActionDialog
      title="数据保留"
      form={form}
      send={(v) => callMsg(endpoint, { retention_days: Number(v.retention_days) })}
      success="保存成功"
      onClose={onClose}
      onDone={onDone}
      okButtonProps={{ 'data-testid': 'retention-submit' }}
    >
      <Form form={form} labelCol={{ flex: '100px' }} data-testid="retention-form" autoComplete="off">
        <Form.Item
          label="保留天数"
          name="retention_days"
          rules={[{ required: true, message: '请输入保留天数' }]}
          extra="隔离解除满该天数后，清除其健康码与隔离日期，只保留已清除的记录"
        >
          <InputNumber min={1} max={3650} precision={0} addonAfter="天" />
        </Form.Item>
      </Form>
    </ActionDialog>
  );
});
