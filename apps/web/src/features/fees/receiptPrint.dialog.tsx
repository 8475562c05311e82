import { Descriptions, Form, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { RECEIPT_LAYOUTS, receiptApi, type ReceiptLayout } from '@5a/contracts/endpoints/receipts';
import { call } from '../../api/call.ts';
import { ActionDialog } from '../../engine/dialog/ActionDialog.tsx';
import { toolbarDialog } from '../../engine/registry/dialogs.tsx';

type Values = { layout: ReceiptLayout };

/** the print page of the chosen bills in a layout */
export const receiptUrl = (ids: readonly number[], layout: ReceiptLayout) =>
  `/print/receipt?ids=${ids.join(',')}&layout=${layout}`;

/** 打印收据 (chosen bills): paid ones print as receipts, unpaid ones as payment notices, on a page of their own. */
export default toolbarDialog(receiptApi.docs, ({ ctx, onClose }) => {
  const [form] = Form.useForm<Values>();
  const ids = ctx.selectedRows.map((r) => Number(r.id));
  const paid = ctx.selectedRows.filter((r) => Number(r.status) === 2).length;
  const { data: settings } = useQuery({
    queryKey: ['fees', 'receiptSettings'],
    queryFn: () => call(receiptApi.settings, {}),
    staleTime: 0,
  });
  return (
    <ActionDialog
      title="打印收据"
      okText="打开打印页"
      okButtonProps={{ disabled: !settings, 'data-testid': 'receipt-open' }}
      form={form}
      send={async (v) => {
        window.open(receiptUrl(ids, v.layout), '_blank', 'noopener');
        return { data: null, msg: '已打开打印页' };
      }}
      success="已打开打印页"
      onClose={onClose}
    >
      <Descriptions column={1} size="small" style={{ marginBottom: 12 }}>
        <Descriptions.Item label="已缴账单">{paid} 条（打印收据，再次打印标记“补打”）</Descriptions.Item>
        <Descriptions.Item label="未缴账单">{ids.length - paid} 条（按房屋打印缴费通知单）</Descriptions.Item>
      </Descriptions>
      {settings ? (
        <Form form={form} layout="vertical" initialValues={{ layout: settings.layout }}>
          <Form.Item name="layout" label="纸张版式">
            <Select options={RECEIPT_LAYOUTS.map((l) => ({ ...l }))} data-testid="receipt-print-layout" />
          </Form.Item>
        </Form>
      ) : null}
    </ActionDialog>
  );
});
