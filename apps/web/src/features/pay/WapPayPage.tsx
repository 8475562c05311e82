import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Result, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useSearchParams } from '../../lib/router.tsx';
import { errorText, fetchBillInfo, fetchPayConfig, fetchWebPay, type WebPayParams } from './api.ts';
import { PayLayout } from './PayLayout.tsx';
import { oauthTarget, SANDBOX_CODE, wechatBridge as bridge } from './wechat.ts';
import {
  nextPayState,
  PAY_FAILURE,
  PAY_STATE_TEXT,
  PAY_SUCCESS,
  PAY_WAITING,
  tradeStateOf,
  type PayState,
} from './payState.ts';

const POLL_MS = 3000;

/** /wap_pay_page?billInfo=…&code=… (public, mobile): bill info, pay through the messaging app or the sandbox. */
export const WapPayPage = () => {
  const [params] = useSearchParams();
  const billInfo = params.get('billInfo') ?? '';
  const code = params.get('code') ?? '';
  const q = useQuery({
    queryKey: ['wapPay', billInfo],
    queryFn: () => fetchBillInfo(billInfo),
    enabled: !!billInfo,
    retry: false,
    staleTime: 0,
  });
  const [state, setState] = useState<PayState>(PAY_WAITING);
  const [payParams, setPayParams] = useState<WebPayParams | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [sandboxHref, setSandboxHref] = useState('');

  // no code: OAuth first
  const info = q.data;
  useEffect(() => {
    if (!code && billInfo && q.isSuccess) window.location.replace(oauthTarget(window.location.href, info));
  }, [code, billInfo, q.isSuccess, info]);

  // the server's own state of the bill, when it reports one
  useEffect(() => {
    if (info) setState((s) => nextPayState(s, { kind: 'server', state: tradeStateOf(info) }));
  }, [info]);

  // after the payer went to pay (sandbox page), ask the server until it knows
  useEffect(() => {
    if (!payParams || state === PAY_SUCCESS) return;
    const timer = setInterval(() => {
      fetchBillInfo(billInfo, true)
        .then((d) => setState((s) => nextPayState(s, { kind: 'server', state: tradeStateOf(d) })))
        .catch(() => undefined);
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [payParams, state, billInfo]);

  const pay = async () => {
    setBusy(true);
    setError('');
    setState((s) => nextPayState(s, { kind: 'retry' }));
    try {
      const p = await fetchWebPay(code, billInfo);
      setPayParams(p);
      // the sandbox payer page: the order's own (payConfig href)
      if (p.appId === SANDBOX_CODE) {
        const cfg = await fetchPayConfig({ id: billInfo }, true).catch(() => null);
        setSandboxHref(cfg?.href ?? '');
      }
      const b = bridge();
      if (b)
        b.invoke('getBrandWCPayRequest', p, (res) =>
          setState((s) => nextPayState(s, { kind: 'bridge', errMsg: res.err_msg })),
        );
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const sandboxUrl = sandboxHref || undefined;
  return (
    <PayLayout title="物业缴费" testId="wap-pay">
      {!billInfo ? (
        <Result status="warning" title="参数错误" />
      ) : q.isLoading || (!code && q.isSuccess) ? (
        <div style={{ textAlign: 'center', padding: 48 }}>
          <Spin />
        </div>
      ) : q.isError || !info ? (
        <Result status="error" title="获取账单失败" subTitle={errorText(q.error)} />
      ) : (
        <Space direction="vertical" style={{ width: '100%' }} size="middle">
          <Card>
            <div style={{ textAlign: 'center', marginBottom: 8 }}>
              <div style={{ fontSize: 34, fontWeight: 600 }} data-testid="wap-pay-amount">
                ¥{info.TaxAmount ?? ''}
              </div>
              <Typography.Text
                data-testid="wap-pay-state"
                data-state={state}
                type={state === PAY_SUCCESS ? 'success' : state === PAY_FAILURE ? 'danger' : 'warning'}
                style={{ fontSize: 16 }}
              >
                {PAY_STATE_TEXT[state]}
              </Typography.Text>
            </div>
            <Descriptions size="small" column={1}>
              <Descriptions.Item label="小区">{info.villageName}</Descriptions.Item>
              <Descriptions.Item label="房屋">{info.address}</Descriptions.Item>
              <Descriptions.Item label="业主">{info.name}</Descriptions.Item>
              <Descriptions.Item label="电话">{info.tel}</Descriptions.Item>
              <Descriptions.Item label="账单数">{info.totalNum}</Descriptions.Item>
              <Descriptions.Item label="账期">{info.period}</Descriptions.Item>
              <Descriptions.Item label="应缴金额">¥{info.TaxAmount}</Descriptions.Item>
            </Descriptions>
          </Card>
          {error ? <Alert type="error" showIcon message={error} /> : null}
          {state !== PAY_SUCCESS ? (
            <Button
              type="primary"
              size="large"
              block
              loading={busy}
              onClick={() => void pay()}
              data-testid="wap-pay-submit"
            >
              {state === PAY_FAILURE ? '重新支付' : '立即支付'}
            </Button>
          ) : null}
          {payParams && !bridge() && state !== PAY_SUCCESS ? (
            <Card size="small" title="支付参数（非微信环境）" data-testid="wap-pay-params">
              <Descriptions size="small" column={1}>
                {(['appId', 'timeStamp', 'nonceStr', 'package', 'signType', 'paySign'] as const).map((k) => (
                  <Descriptions.Item key={k} label={k}>
                    <Typography.Text style={{ wordBreak: 'break-all' }}>{payParams[k]}</Typography.Text>
                  </Descriptions.Item>
                ))}
              </Descriptions>
              <Button
                block
                href={sandboxUrl}
                target="_blank"
                disabled={!sandboxUrl}
                data-testid="wap-pay-sandbox"
                style={{ marginTop: 8 }}
              >
                打开沙箱付款页
              </Button>
              {!sandboxUrl ? (
                <Typography.Text type="secondary">
                  服务端未返回沙箱付款链接（codeUrl），请在微信中打开本页面。
                </Typography.Text>
              ) : null}
            </Card>
          ) : null}
        </Space>
      )}
    </PayLayout>
  );
};
