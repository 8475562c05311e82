import { normalizePlate, PLATE_PROVINCES, plateKind, type AnyEndpoint, type BodyOf } from '@5a/contracts';
import { parkingPayApi, type TempFeeReply, type TempOrderReply } from '@5a/contracts/endpoints/parking';
import { Alert, Button, Card, Descriptions, Input, Result, Select, Space, Typography } from 'antd';
import { useEffect, useEffectEvent, useState } from 'react';
import { useSearchParams } from '../../lib/router.tsx';
import { call } from '../../api/call.ts';
import { errorText, type WebPayParams } from './api.ts';
import { paidText, type PaidState } from './parkingPaid.ts';
import { PayLayout } from './PayLayout.tsx';
import { stateOfBridge, PAY_FAILURE } from './payState.ts';
import { inWeChat, SANDBOX_CODE, wechatBridge, wechatOAuthUrl } from './wechat.ts';

// public calls: an identity failure never logs anyone out here; the page shows its own errors
const pub = <E extends AnyEndpoint>(endpoint: E, body: BodyOf<E>) =>
  call(endpoint, body, { skipAuthFailure: true, silent: true });

const POLL_MS = 2000;

/** 150 → '2小时30分钟' */
export const durationText = (minutes: number) =>
  minutes >= 60 ? `${Math.floor(minutes / 60)}小时${minutes % 60}分钟` : `${minutes}分钟`;

/** this page again with the plate and the wish to pay, for WeChat's sign-in to come back to */
export const payAgainHref = (href: string, plate: string) => {
  const url = new URL(href);
  url.searchParams.delete('code');
  url.searchParams.delete('state');
  url.searchParams.set('plate', plate);
  url.searchParams.set('pay', '1');
  return url.toString();
};

/** '沪A12345' → ['沪', 'A12345'] for the province picker and the input */
const splitPlate = (plate: string): [string, string] => [plate.slice(0, 1) || '沪', plate.slice(1)];

/**
 * /parking_pay?lot=… (public, phone): the QR code of a car park leads here. The driver enters his plate, sees the
 * stay and its fee, pays through the company's provider and leaves within the grace. Scanned with WeChat, 去支付
 * first signs the driver in with the company's official account (the page comes back with ?code=&plate=&pay=1)
 * and pays in WeChat's own sheet; elsewhere it opens the provider's payment page.
 */
export const ParkingPayPage = () => {
  const [params] = useSearchParams();
  const lot = params.get('lot') ?? '';
  const oauthCode = params.get('code') ?? '';
  const returnedPlate = normalizePlate(params.get('plate') ?? '');
  const [province, setProvince] = useState(() => splitPlate(returnedPlate)[0]);
  const [rest, setRest] = useState(() => splitPlate(returnedPlate)[1]);
  const [plateError, setPlateError] = useState('');
  const [fee, setFee] = useState<TempFeeReply | null>(null);
  const [order, setOrder] = useState<TempOrderReply | null>(null);
  const [paid, setPaid] = useState<PaidState | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  // WeChat's code is good for one exchange: after an order it is spent, a retry signs in again
  const [code, setCode] = useState(oauthCode);
  const [autoPay, setAutoPay] = useState(params.get('pay') === '1' && !!oauthCode);

  // after the driver went to pay, ask the server until it knows
  useEffect(() => {
    if (!order || paid) return;
    const timer = setInterval(() => {
      pub(parkingPayApi.state, { lot, out_trade_no: order.outTradeNo })
        .then((s) => s.paid && setPaid({ owed: s.owed, grace: s.grace }))
        .catch(() => undefined);
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [order, paid, lot]);

  const attempt = async (work: () => Promise<void>) => {
    setBusy(true);
    setError('');
    try {
      await work();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const lookUp = (plate: string) => {
    setOrder(null);
    setPaid(null);
    void attempt(async () => setFee(await pub(parkingPayApi.fee, { lot, plate })));
  };
  const query = () => {
    const plate = normalizePlate(province + rest);
    if (!rest.trim()) return setPlateError('请输入车牌号');
    if (!plateKind(plate)) return setPlateError('车牌号格式错误');
    setPlateError('');
    lookUp(plate);
  };
  // back from WeChat's sign-in: the plate is known, look it up again (the fee may have grown meanwhile)
  const onArrival = useEffectEvent(() => {
    if (lot && returnedPlate && plateKind(returnedPlate)) lookUp(returnedPlate);
  });
  useEffect(() => onArrival(), []);

  const payInWeChat = (jsapi: WebPayParams) =>
    wechatBridge()?.invoke('getBrandWCPayRequest', jsapi, (res) => {
      // success is the server's word (the polling); a cancelled or failed sheet lets the driver try again
      if (stateOfBridge(res.err_msg) === PAY_FAILURE) {
        setOrder(null);
        setError('支付未完成，可重新支付');
      }
    });
  const pay = () =>
    void attempt(async () => {
      if (!fee) return;
      if (inWeChat() && !code && fee.appId && fee.appId !== SANDBOX_CODE) {
        window.location.replace(wechatOAuthUrl(fee.appId, payAgainHref(window.location.href, fee.plate)));
        return;
      }
      const placed = await pub(parkingPayApi.order, { lot, plate: fee.plate, ...(code ? { code } : {}) });
      setCode('');
      setOrder(placed);
      if (placed.jsapi && wechatBridge()) payInWeChat(placed.jsapi);
    });
  // back from the sign-in with a fee still owed: go on to pay, as the driver asked
  const payAsAsked = useEffectEvent(() => pay());
  useEffect(() => {
    if (autoPay && fee && fee.fee !== '0.00') {
      setAutoPay(false);
      payAsAsked();
    }
  }, [autoPay, fee]);

  const owes = fee !== null && fee.fee !== '0.00';
  return (
    <PayLayout title="临时停车缴费" testId="parking-pay">
      {!lot ? (
        <Result status="warning" title="参数错误" subTitle="请扫描停车场的缴费二维码" />
      ) : paid ? (
        <Result
          status={Number(paid.owed) > 0 ? 'warning' : 'success'}
          title={<span data-testid="parking-pay-success">{paidText(paid)}</span>}
        />
      ) : (
        <Space direction="vertical" style={{ width: '100%' }} size="middle">
          <Card size="small" title="车牌号">
            <Space.Compact style={{ width: '100%' }}>
              <Select
                value={province}
                onChange={setProvince}
                style={{ width: 72 }}
                options={[...PLATE_PROVINCES].map((p) => ({ label: p, value: p }))}
                data-testid="parking-pay-province"
              />
              <Input
                value={rest}
                onChange={(e) => setRest(e.target.value.toUpperCase())}
                maxLength={8}
                placeholder="如 A12345"
                status={plateError ? 'error' : undefined}
                onPressEnter={query}
                data-testid="parking-pay-plate"
              />
            </Space.Compact>
            {plateError ? (
              <Typography.Text type="danger" data-testid="parking-pay-plate-error">
                {plateError}
              </Typography.Text>
            ) : null}
            <Button block type="primary" style={{ marginTop: 12 }} loading={busy && !fee} onClick={query}>
              查询停车费
            </Button>
          </Card>
          {error ? <Alert type="error" showIcon message={error} data-testid="parking-pay-error" /> : null}
          {fee ? (
            <Card data-testid="parking-pay-fee">
              <div style={{ textAlign: 'center', marginBottom: 8 }}>
                <div style={{ fontSize: 34, fontWeight: 600 }} data-testid="parking-pay-amount">
                  ¥{fee.fee}
                </div>
                {!owes ? (
                  <Typography.Text type="success" data-testid="parking-pay-nothing">
                    {fee.leaveBy ? `已缴费，请于 ${fee.leaveBy} 前离场` : '无需缴费'}
                  </Typography.Text>
                ) : null}
              </div>
              <Descriptions size="small" column={1}>
                <Descriptions.Item label="停车场">{fee.lotName}</Descriptions.Item>
                <Descriptions.Item label="车牌号">{fee.plate}</Descriptions.Item>
                <Descriptions.Item label="入场时间">{fee.entryTime}</Descriptions.Item>
                <Descriptions.Item label="停车时长">{durationText(fee.minutes)}</Descriptions.Item>
                {fee.paid !== '0.00' ? <Descriptions.Item label="已缴">¥{fee.paid}</Descriptions.Item> : null}
              </Descriptions>
              {owes && !order ? (
                <Button type="primary" size="large" block loading={busy} onClick={pay} data-testid="parking-pay-submit">
                  去支付
                </Button>
              ) : null}
              {order ? (
                <Space direction="vertical" style={{ width: '100%' }}>
                  <Typography.Text type="warning" data-testid="parking-pay-waiting">
                    待支付 ¥{order.amount}，支付完成后本页自动更新
                  </Typography.Text>
                  {order.jsapi && wechatBridge() ? (
                    <Button
                      type="primary"
                      size="large"
                      block
                      onClick={() => payInWeChat(order.jsapi!)}
                      data-testid="parking-pay-wechat"
                    >
                      微信支付
                    </Button>
                  ) : null}
                  {order.codeUrl || !order.jsapi ? (
                    <Button
                      type={order.jsapi ? 'default' : 'primary'}
                      size="large"
                      block
                      href={order.codeUrl || undefined}
                      target="_blank"
                      disabled={!order.codeUrl}
                      data-testid="parking-pay-open"
                    >
                      打开付款页
                    </Button>
                  ) : null}
                </Space>
              ) : null}
            </Card>
          ) : null}
        </Space>
      )}
    </PayLayout>
  );
};
