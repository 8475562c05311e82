import { normalizePlate, PLATE_PROVINCES, plateKind } from '@5a/contracts';
import { Alert, Button, Card, Descriptions, Input, Result, Select, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { send } from '../../api/http.ts';
import { errorText } from './api.ts';
import { PayLayout } from './PayLayout.tsx';

type Fee = {
  lotName: string;
  plate: string;
  entryTime: string;
  minutes: number;
  fee: string;
  paid: string;
  leaveBy: string;
  monthlyCard: boolean;
};
type Order = { outTradeNo: string; amount: string; codeUrl: string };
type OrderState = { state: string; paid: boolean; leaveBy: string };

// public calls: an identity failure never logs anyone out here
const pub = <T,>(path: string, body: unknown, silent = false) =>
  send<T>(`/Web/NoLoginApi/ParkingPay/${path}`, body, { skipAuthFailure: true, silent });

const POLL_MS = 2000;
export const PAID_TEXT = '支付成功，请在15分钟内离场';

/** 150 → '2小时30分钟' */
export const durationText = (minutes: number) =>
  minutes >= 60 ? `${Math.floor(minutes / 60)}小时${minutes % 60}分钟` : `${minutes}分钟`;

/**
 * /parking_pay?lot=… (public, phone): the QR code of a car park leads here. The driver enters his plate, sees the
 * stay and its fee, pays through the company's provider and leaves within the grace.
 */
export const ParkingPayPage = () => {
  const [params] = useSearchParams();
  const lot = params.get('lot') ?? '';
  const [province, setProvince] = useState('沪');
  const [rest, setRest] = useState('');
  const [plateError, setPlateError] = useState('');
  const [fee, setFee] = useState<Fee | null>(null);
  const [order, setOrder] = useState<Order | null>(null);
  const [paid, setPaid] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  // after the driver went to pay, ask the server until it knows
  useEffect(() => {
    if (!order || paid) return;
    const timer = setInterval(() => {
      pub<OrderState>('state', { lot, out_trade_no: order.outTradeNo }, true)
        .then((s) => s.paid && setPaid(true))
        .catch(() => undefined);
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [order, paid, lot]);

  const call = async (work: () => Promise<void>) => {
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

  const query = () => {
    const plate = normalizePlate(province + rest);
    if (!rest.trim()) return setPlateError('请输入车牌号');
    if (!plateKind(plate)) return setPlateError('车牌号格式错误');
    setPlateError('');
    setOrder(null);
    setPaid(false);
    void call(async () => setFee(await pub<Fee>('fee', { lot, plate }, true)));
  };
  const pay = () =>
    void call(async () => {
      if (!fee) return;
      setOrder(await pub<Order>('order', { lot, plate: fee.plate }, true));
    });

  const owes = fee !== null && fee.fee !== '0.00';
  return (
    <PayLayout title="临时停车缴费" testId="parking-pay">
      {!lot ? (
        <Result status="warning" title="参数错误" subTitle="请扫描停车场的缴费二维码" />
      ) : paid ? (
        <Result status="success" title={<span data-testid="parking-pay-success">{PAID_TEXT}</span>} />
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
                  <Button
                    type="primary"
                    size="large"
                    block
                    href={order.codeUrl || undefined}
                    target="_blank"
                    disabled={!order.codeUrl}
                    data-testid="parking-pay-open"
                  >
                    打开付款页
                  </Button>
                </Space>
              ) : null}
            </Card>
          ) : null}
        </Space>
      )}
    </PayLayout>
  );
};
