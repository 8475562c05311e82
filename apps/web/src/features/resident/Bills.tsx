import { useQuery } from '@tanstack/react-query';
import { residentApi, type ResidentBill } from '@5a/contracts/endpoints/resident';
import { Alert, App, Button, Checkbox, Empty } from 'antd';
import { useState } from 'react';
import { Block, Busy } from './Layout.tsx';
import { billDisabled, billsTotal, dateOf, money, toggleBill } from './logic.ts';
import { errorText, rcall } from './publicApi.ts';

const BillRow = ({
  b,
  checked,
  disabled,
  onToggle,
}: {
  b: ResidentBill;
  checked: boolean;
  disabled: boolean;
  onToggle: () => void;
}) => (
  <Block testId="bill-item">
    <Checkbox
      checked={checked}
      disabled={disabled}
      onChange={onToggle}
      style={{ width: '100%' }}
      data-testid="bill-check"
    >
      <div>
        <strong>{b.name}</strong> <span style={{ color: '#888' }}>{b.period}</span>
      </div>
      <div style={{ color: '#888' }}>{b.address}</div>
      <div>
        应缴 ¥{money(b.amount)}
        {Number(b.late_fee) > 0 ? ` + 滞纳金 ¥${money(b.late_fee)}` : ''} = <strong>¥{money(b.total)}</strong>
      </div>
      <div style={{ color: '#888' }}>到期日 {dateOf(b.due_date)}</div>
    </Checkbox>
  </Block>
);

/** 我的账单: his unpaid bills; the ones chosen (of one house) are paid on the mobile pay page */
export const Bills = () => {
  const { message } = App.useApp();
  const [selected, setSelected] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  const list = useQuery({ queryKey: ['resident', 'bills'], queryFn: () => rcall(residentApi.bills, {}), retry: false });
  if (list.error) return <Alert type="error" showIcon title={errorText(list.error, '加载失败')} />;
  if (!list.data) return <Busy />;
  const bills = list.data;
  if (!bills.length) return <Empty description="暂无待缴账单" />;

  const pay = async () => {
    setBusy(true);
    try {
      const r = await rcall(residentApi.pay, { bill_ids: selected });
      // the pay page is a page of its own (maybe another site's): leave this one for it
      window.location.assign(r.pay_url);
    } catch (e) {
      void message.error(errorText(e, '下单失败'));
      setBusy(false);
    }
  };

  return (
    <div style={{ paddingBottom: 72 }}>
      {bills.map((b) => (
        <BillRow
          key={b.id}
          b={b}
          checked={selected.includes(b.id)}
          disabled={billDisabled(bills, selected, b)}
          onToggle={() => setSelected((s) => toggleBill(bills, s, b.id))}
        />
      ))}
      <div style={{ color: '#888', fontSize: 12, textAlign: 'center' }}>一次只能缴纳同一房屋的账单</div>
      <div
        style={{
          position: 'fixed',
          bottom: 0,
          left: 0,
          right: 0,
          maxWidth: 480,
          margin: '0 auto',
          display: 'flex',
          alignItems: 'center',
          gap: 12,
          padding: 12,
          background: '#fff',
          borderTop: '1px solid #f0f0f0',
        }}
      >
        <span style={{ flex: 1 }}>
          合计 <strong data-testid="bill-total">¥{billsTotal(bills, selected)}</strong>
        </span>
        <Button
          type="primary"
          size="large"
          loading={busy}
          disabled={!selected.length}
          onClick={() => void pay()}
          data-testid="bill-pay"
        >
          去缴费
        </Button>
      </div>
    </div>
  );
};
