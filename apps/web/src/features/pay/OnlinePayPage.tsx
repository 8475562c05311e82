import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useSearchParams } from '../../lib/router.tsx';
import { errorText, fetchPayConfig } from './api.ts';
import { PayLayout } from './PayLayout.tsx';
import { nextPayState, PAY_STATE_TEXT, PAY_SUCCESS, PAY_WAITING, tradeStateOf, type PayState } from './payState.ts';

const POLL_MS = 2000;
/** after this many polls (2 min) the page stops asking and offers a manual check */
const MAX_POLLS = 60;

/** ?paidid=: 'confirming payment result' until the server reports the real state. */
const PaidResult = ({ paidid }: { paidid: string }) => {
  const [state, setState] = useState<PayState>(PAY_WAITING);
  const [polls, setPolls] = useState(0);
  const [error, setError] = useState('');
  useEffect(() => {
    if (state !== PAY_WAITING || polls >= MAX_POLLS) return;
    const timer = setTimeout(
      () => {
        fetchPayConfig({ paidid }, true)
          .then((d) => setState((s) => nextPayState(s, { kind: 'server', state: tradeStateOf(d) })))
          .catch((e: unknown) => setError(errorText(e)))
          .finally(() => setPolls((n) => n + 1));
      },
      polls === 0 ? 0 : POLL_MS,
    );
    return () => clearTimeout(timer);
  }, [paidid, state, polls]);

  if (state === PAY_WAITING) {
    const stopped = polls >= MAX_POLLS;
    return (
      <Result
        icon={stopped ? undefined : <Spin size="large" />}
        status={stopped ? 'warning' : undefined}
        title={
          <span data-testid="ol-pay-state" data-state={state}>
            {stopped ? '暂未确认支付结果' : 'confirming payment result'}
          </span>
        }
        subTitle={error || (stopped ? '请稍后再查询' : '正在确认支付结果，请稍候…')}
        extra={stopped ? <Button onClick={() => setPolls(0)}>重新查询</Button> : null}
      />
    );
  }
  return (
    <Result
      status={state === PAY_SUCCESS ? 'success' : 'error'}
      title={
        <span data-testid="ol-pay-state" data-state={state}>
          {PAY_STATE_TEXT[state]}
        </span>
      }
    />
  );
};

/** ?id=: the payment info (time, amount, trade number) and the Pay button to the provider's href. */
const PayInfo = ({ id }: { id: string }) => {
  const q = useQuery({ queryKey: ['olPay', id], queryFn: () => fetchPayConfig({ id }), retry: false, staleTime: 0 });
  if (q.isLoading) return <Spin />;
  if (q.isError || !q.data) return <Result status="error" title="获取支付信息失败" subTitle={errorText(q.error)} />;
  const d = q.data;
  return (
    <Card>
      <div style={{ textAlign: 'center', fontSize: 34, fontWeight: 600, marginBottom: 12 }} data-testid="ol-pay-amount">
        ¥{d.totalFee ?? ''}
      </div>
      <Descriptions size="small" column={1}>
        <Descriptions.Item label="交易时间">{d.time ?? ''}</Descriptions.Item>
        <Descriptions.Item label="支付金额">¥{d.totalFee ?? ''}</Descriptions.Item>
        <Descriptions.Item label="交易单号">{d.tradeno ?? ''}</Descriptions.Item>
      </Descriptions>
      <Button
        type="primary"
        size="large"
        block
        href={d.href || undefined}
        disabled={!d.href}
        style={{ marginTop: 16 }}
        data-testid="ol-pay-button"
      >
        Pay 立即支付
      </Button>
    </Card>
  );
};

/** /ol_pay (public): ?id= payment info, ?paidid= result confirmation. */
export const OnlinePayPage = () => {
  const [params] = useSearchParams();
  const id = params.get('id');
  const paidid = params.get('paidid');
  return (
    <PayLayout title="在线支付" testId="ol-pay">
      {paidid ? (
        <PaidResult paidid={paidid} />
      ) : id ? (
        <PayInfo id={id} />
      ) : (
        <Result status="warning" title="参数错误" />
      )}
    </PayLayout>
  );
};
