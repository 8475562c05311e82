import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Result, Space, Spin, Tag } from 'antd';
import { useState } from 'react';
import { useSearchParams } from '../../lib/router.tsx';
import { errorText, fetchSandboxOrder, sandboxPay } from './api.ts';
import { PayLayout } from './PayLayout.tsx';
import { PAY_FAILURE, PAY_SUCCESS, stateOfTrade, type PayState } from './payState.ts';

/**
 * /sandbox_pay?token=… (public): plays the payer of a sandbox order — the QR code of a
 * collection leads here. 确认支付 / 模拟支付失败 post the result; the merchant side is notified.
 */
export const SandboxPayPage = () => {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const q = useQuery({
    queryKey: ['sandboxPay', token],
    queryFn: () => fetchSandboxOrder(token),
    enabled: !!token,
    retry: false,
    staleTime: 0,
  });
  const [busy, setBusy] = useState<'success' | 'fail' | null>(null);
  const [result, setResult] = useState<PayState | null>(null);
  const [error, setError] = useState('');

  const pay = async (r: 'success' | 'fail') => {
    setBusy(r);
    setError('');
    try {
      const d = await sandboxPay(token, r);
      setResult(stateOfTrade(d.state) === PAY_SUCCESS ? PAY_SUCCESS : PAY_FAILURE);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(null);
    }
  };

  const o = q.data;
  return (
    <PayLayout title="模拟支付（沙箱）" testId="sandbox-pay">
      {!token ? (
        <Result status="warning" title="参数错误" subTitle="缺少支付凭证 token" />
      ) : q.isLoading ? (
        <div style={{ textAlign: 'center', padding: 48 }}>
          <Spin />
        </div>
      ) : q.isError || !o ? (
        <Result status="error" title="无法获取订单" subTitle={errorText(q.error)} />
      ) : result !== null ? (
        <Result
          status={result === PAY_SUCCESS ? 'success' : 'error'}
          title={
            <span data-testid="sandbox-result" data-state={result}>
              {result === PAY_SUCCESS ? '支付成功' : '支付失败'}
            </span>
          }
          subTitle={`订单号 ${o.outTradeNo} · ¥${o.amount}`}
        />
      ) : (
        <Card>
          <div style={{ textAlign: 'center', marginBottom: 16 }}>
            <div style={{ color: '#888' }}>{o.description}</div>
            <div style={{ fontSize: 34, fontWeight: 600 }} data-testid="sandbox-amount">
              ¥{o.amount}
            </div>
          </div>
          <Descriptions size="small" column={1}>
            <Descriptions.Item label="订单号">{o.outTradeNo}</Descriptions.Item>
            <Descriptions.Item label="有效期至">
              {o.expireAt} {o.expired ? <Tag color="red">已过期</Tag> : null}
            </Descriptions.Item>
          </Descriptions>
          <Alert type="info" showIcon style={{ margin: '12px 0' }} message="这是支付沙箱，不会产生真实扣款。" />
          {error ? <Alert type="error" showIcon style={{ marginBottom: 12 }} message={error} /> : null}
          <Space direction="vertical" style={{ width: '100%' }}>
            <Button
              type="primary"
              size="large"
              block
              disabled={o.expired || busy !== null}
              loading={busy === 'success'}
              onClick={() => void pay('success')}
              data-testid="sandbox-pay-success"
            >
              确认支付
            </Button>
            <Button
              size="large"
              danger
              block
              disabled={o.expired || busy !== null}
              loading={busy === 'fail'}
              onClick={() => void pay('fail')}
              data-testid="sandbox-pay-fail"
            >
              模拟支付失败
            </Button>
          </Space>
        </Card>
      )}
    </PayLayout>
  );
};
