import { Form, Input, Radio, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { RECEIPT_LAYOUTS, receiptApi, type ReceiptSettings } from '@5a/contracts/endpoints/receipts';
import { call, callMsg } from '../../api/call.ts';
import { ActionDialog } from '../../engine/dialog/ActionDialog.tsx';
import { toolbarDialog } from '../../engine/registry/dialogs.tsx';

/** 收据设置: the company's paper layout and the texts its receipts and notices carry. */
export default toolbarDialog(receiptApi.saveSettings, ({ endpoint, onClose, onDone }) => {
  const [form] = Form.useForm<ReceiptSettings>();
  const { data, refetch } = useQuery({
    queryKey: ['fees', 'receiptSettings'],
    queryFn: () => call(receiptApi.settings, {}),
    staleTime: 0,
  });
  return (
    <ActionDialog
      title="收据设置"
      okText="保存"
      okButtonProps={{ 'data-testid': 'receipt-settings-save' }}
      form={form}
      send={(v) => callMsg(endpoint, v)}
      success="保存成功"
      onClose={onClose}
      onDone={async () => {
        await refetch();
        onDone();
      }}
    >
      {data ? (
        <Form form={form} layout="vertical" initialValues={data}>
          <Form.Item name="layout" label="纸张版式" rules={[{ required: true, message: '请选择纸张版式' }]}>
            <Radio.Group data-testid="receipt-settings-layout">
              {RECEIPT_LAYOUTS.map((l) => (
                <Radio key={l.value} value={l.value}>
                  {l.label}
                </Radio>
              ))}
            </Radio.Group>
          </Form.Item>
          <Form.Item name="title" label="收据标题" extra="留空则使用公司名称">
            <Input maxLength={50} data-testid="receipt-settings-title" />
          </Form.Item>
          <Form.Item name="header" label="页眉文字" extra="印在标题下方，如地址、电话">
            <Input.TextArea maxLength={200} rows={2} data-testid="receipt-settings-header" />
          </Form.Item>
          <Form.Item name="footer" label="页脚文字" extra="印在金额下方，如注意事项">
            <Input.TextArea maxLength={200} rows={2} data-testid="receipt-settings-footer" />
          </Form.Item>
        </Form>
      ) : (
        <Spin />
      )}
    </ActionDialog>
  );
});
