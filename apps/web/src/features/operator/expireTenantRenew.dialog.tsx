import { Form, Select, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { OFFLINE_PAY_METHODS, RENEW_MAX_YEARS, expiryApi } from '@5a/contracts/endpoints/expiry';
import { call, callMsg } from '../../api/call.ts';
import { formatMoney } from '../../engine/logic/format.ts';
import { toolbarDialog } from '../../engine/registry/dialogs.tsx';
import { ExpiryMoveDialog } from './ExpiryMoveDialog.tsx';
import { renewalAmount } from './expiryLogic.ts';

const payOptions = OFFLINE_PAY_METHODS.map((m) => ({ label: m.label, value: m.value }));

/**
 * 到期物业公司 · 续费 (the platform, or the companies' operator): a renewal paid outside the online payment, at the
 * platform service's price a year; it shows in 续费订单 as paid.
 */
export default toolbarDialog(expiryApi.tenantRenew, ({ endpoint, ctx, onClose, onDone }) => {
  const { data: price } = useQuery({
    queryKey: ['operator', 'renewPrice'],
    queryFn: () => call(expiryApi.tenantRenewPrice, {}),
    staleTime: 0,
  });
  const companies = ctx.selectedRows.length;
  return (
    <ExpiryMoveDialog
      title="续费"
      ctx={ctx}
      onClose={onClose}
      onDone={onDone}
      unit="years"
      max={RENEW_MAX_YEARS}
      endProp="service_expire"
      note={{ label: '备注', required: false, max: 100 }}
      send={(v) =>
        callMsg(endpoint, {
          ids: ctx.selectedKeys,
          years: v.count,
          pay_method: v.pay_method ?? '',
          // the amount shown: the server refuses it when the price changed meanwhile
          money: renewalAmount(price?.price, v.count, companies)?.each,
          remark: v.note,
        })
      }
    >
      {(years) => {
        const amount = renewalAmount(price?.price, years, companies);
        return (
          <>
            <Form.Item name="pay_method" label="支付方式" rules={[{ required: true, message: '请选择支付方式' }]}>
              <Select
                options={payOptions}
                placeholder="选择支付方式"
                style={{ width: 160 }}
                data-testid="expiry-pay-method"
              />
            </Form.Item>
            <Form.Item label="金额">
              {price ? (
                <span data-testid="expiry-amount">
                  {formatMoney(price.price)}/年 × {years ?? '—'} 年 = {amount ? formatMoney(amount.each) : '—'}
                  {companies > 1 && amount ? `，${companies} 家合计 ${formatMoney(amount.total)}` : ''}
                </span>
              ) : (
                <Spin size="small" />
              )}
            </Form.Item>
          </>
        );
      }}
    </ExpiryMoveDialog>
  );
});
