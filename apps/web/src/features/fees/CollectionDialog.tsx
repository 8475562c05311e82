import { CheckCircleFilled, CloseCircleFilled, LoadingOutlined } from '@ant-design/icons';
import { App, Button, Descriptions, Form, Input, InputNumber, Radio, Result, Select, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import {
  nextPayState,
  PAY_FAILURE,
  PAY_STATE_TEXT,
  PAY_SUCCESS,
  PAY_WAITING,
  tradeStateOf,
  type PayState,
} from '../pay/payState.ts';
import { charge, fetchOrderState, type Id, type OnlineOrder } from './api.ts';
import { ActionDialog } from '../../engine/dialog/ActionDialog.tsx';
import {
  applyDiscount,
  billsTotal,
  COLLECT_ON_SITE,
  COLLECT_ONLINE,
  DEFAULT_DISCOUNT,
  DISCOUNT_RANGE_MSG,
  isValidDiscount,
  ORDER_POLL_MS,
  ON_SITE_METHODS,
  PAY_BALANCE,
  toNum,
  yuan,
} from './logic.ts';
import { QrCode } from './QrCode.tsx';

type Props = {
  ids: Id[];
  rows: Record<string, unknown>[];
  initialType?: number;
  title?: string;
  onClose: () => void;
  onDone: () => void;
};
type Values = { type: number; payway?: number; orderNum?: string; discount: number | null };

/**
 * Collection dialog for the selected bills of one house: type 0 online (a QR code of
 * the order's codeUrl, polled every 2 s until paid or failed) or 1 on-site (payment method and
 * receipt order number required). Discount percent, default 100, above 0 and at most 100: a slip such as
 * 0 is refused rather than read as the full amount; the server also holds it to the company's minimum.
 */
export const CollectionDialog = ({
  ids,
  rows,
  initialType = COLLECT_ONLINE,
  title = '收款',
  onClose,
  onDone,
}: Props) => {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const type = Form.useWatch('type', form) ?? initialType;
  const discount = Form.useWatch('discount', form);
  const payway = Form.useWatch('payway', form);
  const total = billsTotal(rows);
  const { amount } = applyDiscount(total, discount);
  const [order, setOrder] = useState<Partial<OnlineOrder> | null>(null);
  const [state, setState] = useState<PayState>(PAY_WAITING);

  // poll the order every 2 s while it waits; the server's state decides
  useEffect(() => {
    if (!order?.orderId || state !== PAY_WAITING) return;
    const orderId = order.orderId;
    const timer = setInterval(() => {
      fetchOrderState(orderId)
        .then((d) => setState((s) => nextPayState(s, { kind: 'server', state: tradeStateOf(d) })))
        .catch(() => undefined);
    }, ORDER_POLL_MS);
    return () => clearInterval(timer);
  }, [order, state]);

  // announce a final state once
  const announced = useRef<PayState>(PAY_WAITING);
  useEffect(() => {
    if (state === announced.current) return;
    announced.current = state;
    if (state === PAY_SUCCESS) {
      void message.success('支付成功');
      onDone();
    } else if (state === PAY_FAILURE) void message.error('支付失败');
  }, [state, message, onDone]);

  // on-site collection is done at once; an online order moves the dialog on to its QR code
  const send = async (v: Values) => {
    const online = v.type === COLLECT_ONLINE;
    const reply = await charge({
      ids,
      type: v.type,
      payway: online ? 4 : v.payway,
      orderNum: online ? '' : (v.orderNum ?? '').trim(),
      discount: v.discount ?? undefined,
      isOl: online ? 1 : 0,
    });
    if (!online) return reply;
    setState(PAY_WAITING);
    setOrder(reply.data ?? {});
    return null;
  };

  const stateIcon =
    state === PAY_SUCCESS ? (
      <CheckCircleFilled style={{ color: '#52c41a' }} />
    ) : state === PAY_FAILURE ? (
      <CloseCircleFilled style={{ color: '#ff4d4f' }} />
    ) : (
      <LoadingOutlined />
    );

  return (
    <ActionDialog
      title={title}
      width={560}
      maskClosable={false}
      okButtonProps={{ 'data-testid': 'collection-submit' }}
      form={form}
      send={send}
      success="收款成功"
      onClose={onClose}
      onDone={onDone}
      footer={
        order ? (
          <Space>
            {state === PAY_FAILURE ? (
              <Button
                onClick={() => {
                  setOrder(null);
                  setState(PAY_WAITING);
                }}
              >
                重新收款
              </Button>
            ) : null}
            <Button type="primary" onClick={onClose}>
              {state === PAY_SUCCESS ? '完成' : '关闭'}
            </Button>
          </Space>
        ) : undefined
      }
    >
      <div data-testid="collection-dialog">
        <Descriptions size="small" column={2} style={{ marginBottom: 12 }}>
          <Descriptions.Item label="账单数">{ids.length}</Descriptions.Item>
          <Descriptions.Item label="应收合计">¥{yuan(total)}</Descriptions.Item>
        </Descriptions>
        {order ? (
          state === PAY_SUCCESS ? (
            <Result
              status="success"
              title={
                <span data-testid="collection-state" data-state={state}>
                  支付成功
                </span>
              }
              subTitle={`金额 ¥${yuan(toNum(order.amount ?? amount))}`}
            />
          ) : (
            <div style={{ textAlign: 'center' }}>
              {order.codeUrl ? (
                <QrCode text={order.codeUrl} testId="collection-qr" />
              ) : (
                <Typography.Text type="danger">未返回支付二维码</Typography.Text>
              )}
              <div style={{ marginTop: 8 }}>
                <Typography.Text strong style={{ fontSize: 18 }}>
                  ¥{yuan(toNum(order.amount ?? amount))}
                </Typography.Text>
              </div>
              <div style={{ marginTop: 4 }}>
                <Typography.Text type="secondary">订单号 {order.outTradeNo ?? ''}</Typography.Text>
              </div>
              <div style={{ marginTop: 8 }} data-testid="collection-state" data-state={state}>
                <Space>
                  {stateIcon}
                  {state === PAY_WAITING ? '请使用微信扫码支付，等待支付结果…' : PAY_STATE_TEXT[state]}
                </Space>
              </div>
            </div>
          )
        ) : (
          <Form
            form={form}
            labelCol={{ flex: '110px' }}
            initialValues={{ type: initialType, discount: DEFAULT_DISCOUNT, payway: undefined, orderNum: '' }}
          >
            <Form.Item label="收款方式" name="type">
              <Radio.Group data-testid="collection-type">
                <Radio value={COLLECT_ONLINE}>线上收款（扫码）</Radio>
                <Radio value={COLLECT_ON_SITE}>线下收款（现场）</Radio>
              </Radio.Group>
            </Form.Item>
            {type === COLLECT_ON_SITE ? (
              <>
                <Form.Item label="支付方式" name="payway" rules={[{ required: true, message: '选择支付方式' }]}>
                  <Select
                    placeholder="选择支付方式"
                    options={ON_SITE_METHODS.map((m) => ({ ...m }))}
                    data-testid="collection-payway"
                  />
                </Form.Item>
                <Form.Item
                  label="订单编号"
                  name="orderNum"
                  rules={[{ required: payway !== PAY_BALANCE, whitespace: true, message: '输入订单编号' }]}
                >
                  <Input placeholder="输入订单编号" maxLength={64} data-testid="collection-order-num" />
                </Form.Item>
              </>
            ) : null}
            <Form.Item
              label="折扣(%)"
              name="discount"
              rules={[
                {
                  validator: async (_r, v: number | null) => {
                    if (!isValidDiscount(v)) throw new Error(DISCOUNT_RANGE_MSG);
                  },
                },
              ]}
            >
              <InputNumber style={{ width: 160 }} data-testid="collection-discount" />
            </Form.Item>
            <Form.Item label="实收金额">
              <Typography.Text strong type="danger" style={{ fontSize: 18 }} data-testid="collection-amount">
                {yuan(amount)}
              </Typography.Text>
            </Form.Item>
          </Form>
        )}
      </div>
    </ActionDialog>
  );
};
