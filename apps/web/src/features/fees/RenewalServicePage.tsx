import { AppstoreOutlined, ClockCircleOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Avatar,
  Button,
  Card,
  Col,
  Empty,
  Form,
  Modal,
  Radio,
  Result,
  Row,
  Spin,
  Steps,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { PageProps } from '../../app/pages/pageTypes.ts';
import { nextPayState, PAY_FAILURE, PAY_SUCCESS, PAY_WAITING, tradeStateOf, type PayState } from '../pay/payState.ts';
import { fetchServiceOrderState, fetchServices, orderService, type ServiceOrder } from './api.ts';
import { ORDER_POLL_MS, QR_COUNTDOWN_S, toNum, yuan } from './logic.ts';
import { QrCode } from './QrCode.tsx';

export type ServiceItem = {
  id: string | number;
  icon?: string;
  title: string;
  desc?: string;
  status?: number | string;
  endtime?: string;
  price?: number | string;
  codeUrl?: string;
};
/** The price defaults to 1000 when the item has none. */
const priceOf = (s: ServiceItem) =>
  s.price === undefined || s.price === null || s.price === '' ? 1000 : toNum(s.price);
const isActive = (s: ServiceItem) => Number(s.status) === 1;
const WECHAT = 4;

/**
 * The renewal dialog: step 0 confirm (1 or 2 years, WeChat only), step 1 scan-pay with a 100 s
 * countdown back to step 0. The order is the server's (price × years, paid to the platform); the
 * dialog follows it until the payment is confirmed, then shows the new expiry.
 */
const RenewDialog = ({ item, onClose, onPaid }: { item: ServiceItem; onClose: () => void; onPaid: () => void }) => {
  const { message } = App.useApp();
  const [step, setStep] = useState(0);
  const [years, setYears] = useState<1 | 2>(1);
  const [payway, setPayway] = useState<number | undefined>(WECHAT);
  const [left, setLeft] = useState(QR_COUNTDOWN_S);
  const [order, setOrder] = useState<ServiceOrder | null>(null);
  const [state, setState] = useState<PayState>(PAY_WAITING);
  const [endtime, setEndtime] = useState('');
  const money = priceOf(item) * years;
  const action = isActive(item) ? '续费' : '开通';

  // countdown while scanning; at zero back to step 0 (a payment arriving later still counts)
  useEffect(() => {
    if (step !== 1 || state !== PAY_WAITING) return;
    const timer = setInterval(() => setLeft((n) => n - 1), 1000);
    return () => clearInterval(timer);
  }, [step, state]);
  useEffect(() => {
    if (step === 1 && left <= 0 && state === PAY_WAITING) setStep(0);
  }, [step, left, state]);

  // follow the order while the QR is shown; the server's state decides
  useEffect(() => {
    if (step !== 1 || !order || state !== PAY_WAITING) return;
    const timer = setInterval(() => {
      fetchServiceOrderState(order.orderId)
        .then((d) => {
          if (d?.endtime) setEndtime(d.endtime);
          setState((s) => nextPayState(s, { kind: 'server', state: tradeStateOf(d) }));
        })
        .catch(() => undefined);
    }, ORDER_POLL_MS);
    return () => clearInterval(timer);
  }, [step, order, state]);

  const announced = useRef<PayState>(PAY_WAITING);
  useEffect(() => {
    if (state === announced.current) return;
    announced.current = state;
    if (state === PAY_SUCCESS) {
      void message.success(`${action}成功`);
      onPaid();
    } else if (state === PAY_FAILURE) void message.error('支付失败');
  }, [state, message, onPaid, action]);

  // the order's QR code is the next step; a refused order stays on this one (the api client said why)
  const ordering = useMutation({
    mutationFn: (way: number) => orderService({ id: item.id, radio: years, money: yuan(money), payway: way }),
    onSuccess: (o) => {
      setOrder(o);
      setState(PAY_WAITING);
      announced.current = PAY_WAITING;
      setLeft(QR_COUNTDOWN_S);
      setStep(1);
    },
  });
  const next = () => {
    if (payway) ordering.mutate(payway);
  };

  const back = () => {
    setStep(0);
    setOrder(null);
    setState(PAY_WAITING);
  };

  const sandboxPath = order?.codeUrl.includes('/sandbox_pay?') ? order.codeUrl.replace(/^https?:\/\/[^/]+/, '') : '';
  return (
    <Modal open title={`${action} - ${item.title}`} width={560} onCancel={onClose} footer={null} destroyOnHidden>
      <div data-testid="renew-dialog">
        <Steps
          size="small"
          current={step}
          status={state === PAY_FAILURE ? 'error' : state === PAY_SUCCESS ? 'finish' : 'process'}
          items={[{ title: '确认订单' }, { title: '扫码支付' }]}
          style={{ marginBottom: 20 }}
        />
        {step === 0 ? (
          <Form labelCol={{ flex: '100px' }}>
            <Form.Item label="服务">{item.title}</Form.Item>
            <Form.Item label="续费时长" required>
              <Radio.Group value={years} onChange={(e) => setYears(e.target.value as 1 | 2)} data-testid="renew-years">
                <Radio value={1}>1年</Radio>
                <Radio value={2}>2年</Radio>
              </Radio.Group>
            </Form.Item>
            <Form.Item label="价格">
              <Typography.Text strong type="danger" style={{ fontSize: 18 }} data-testid="renew-money">
                ¥{yuan(money)}
              </Typography.Text>
            </Form.Item>
            <Form.Item
              label="支付方式"
              required
              validateStatus={payway ? undefined : 'error'}
              help={payway ? undefined : '请选择支付方式'}
            >
              <Radio.Group
                value={payway}
                onChange={(e) => setPayway(Number(e.target.value))}
                data-testid="renew-payway"
              >
                <Radio value={WECHAT}>微信支付</Radio>
              </Radio.Group>
            </Form.Item>
            <div style={{ textAlign: 'right' }}>
              <Button
                type="primary"
                disabled={!payway}
                loading={ordering.isPending}
                onClick={next}
                data-testid="renew-next"
              >
                下一步
              </Button>
            </div>
          </Form>
        ) : state === PAY_SUCCESS ? (
          <Result
            status="success"
            title={`${action}成功`}
            subTitle={endtime ? `服务到期时间：${endtime}` : undefined}
            data-testid="renew-result"
            data-state={state}
            extra={
              <Button type="primary" onClick={onClose} data-testid="renew-close">
                完成
              </Button>
            }
          />
        ) : (
          <div style={{ textAlign: 'center' }} data-testid="renew-pay" data-state={state}>
            {order?.codeUrl ? (
              <QrCode text={order.codeUrl} testId="renew-qr" />
            ) : (
              <Typography.Text type="danger">未返回支付二维码</Typography.Text>
            )}
            <div style={{ margin: '8px 0' }}>
              请使用微信扫码支付{' '}
              <Typography.Text strong type="danger">
                ¥{order?.money ?? yuan(money)}
              </Typography.Text>
            </div>
            {state === PAY_FAILURE ? (
              <Typography.Text type="danger" data-testid="renew-failed">
                支付失败，请返回上一步重新下单
              </Typography.Text>
            ) : (
              <div data-testid="renew-countdown">
                <ClockCircleOutlined /> {left} 秒后二维码失效
              </div>
            )}
            {sandboxPath ? (
              <div style={{ marginTop: 8 }}>
                <Typography.Link href={sandboxPath} target="_blank" data-testid="renew-sandbox">
                  沙箱环境：打开付款页
                </Typography.Link>
              </div>
            ) : null}
            <Button style={{ marginTop: 12 }} onClick={back} data-testid="renew-back">
              返回上一步
            </Button>
          </div>
        )}
      </div>
    </Modal>
  );
};

/** Component 'RenewalService' (/Web/Renewal/Service/index): the service cards. */
export const RenewalServicePage = ({ route }: PageProps) => {
  const queryKey = ['fees', 'services', route.path];
  const q = useQuery({ queryKey, queryFn: fetchServices, staleTime: 0, retry: false });
  const client = useQueryClient();
  const [item, setItem] = useState<ServiceItem | null>(null);
  const { list, canRenew } = q.data ?? { list: [], canRenew: false };
  return (
    <div data-testid="renewal-service" style={{ padding: 16 }}>
      {q.isLoading ? (
        <Spin />
      ) : q.isError ? (
        <Result
          status="error"
          title="服务列表加载失败"
          subTitle={q.error instanceof Error ? q.error.message : ''}
          data-testid="renewal-service-error"
        />
      ) : list.length === 0 ? (
        <Empty description="暂无服务" />
      ) : (
        <Row gutter={[16, 16]}>
          {list.map((s) => (
            <Col key={s.id} xs={24} sm={12} lg={8} xl={6}>
              <Card
                data-testid={`service-card-${s.id}`}
                actions={[
                  <Button
                    key="go"
                    type="link"
                    disabled={!canRenew}
                    title={canRenew ? undefined : '无续费权限'}
                    onClick={() => setItem(s)}
                    data-testid={`service-action-${s.id}`}
                  >
                    {isActive(s) ? '续费' : '开通'}
                  </Button>,
                ]}
              >
                <Card.Meta
                  avatar={
                    s.icon ? (
                      <Avatar src={s.icon} size={48} shape="square" />
                    ) : (
                      <Avatar icon={<AppstoreOutlined />} size={48} shape="square" />
                    )
                  }
                  title={
                    <span>
                      {s.title} {isActive(s) ? <Tag color="green">已开通</Tag> : <Tag>未开通</Tag>}
                    </span>
                  }
                  description={
                    <>
                      <div style={{ minHeight: 44 }}>{s.desc}</div>
                      {isActive(s) && s.endtime ? (
                        <div data-testid={`service-endtime-${s.id}`}>到期时间：{s.endtime}</div>
                      ) : null}
                      <div>¥{yuan(priceOf(s))}/年</div>
                    </>
                  }
                />
              </Card>
            </Col>
          ))}
        </Row>
      )}
      {item ? (
        <RenewDialog
          item={item}
          onClose={() => setItem(null)}
          onPaid={() => void client.invalidateQueries({ queryKey })}
        />
      ) : null}
    </div>
  );
};
