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
import { discountText } from './money-words.ts';

/** cash has no reference to type: the server makes its 订单编号 */
const PAY_CASH = 2;
const methodName = (v: number | undefined) => ON_SITE_METHODS.find((m) => m.value === v)?.label ?? '';

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
 * the card's or transfer's reference typed; cash gets one from the server, and what will be collected is confirmed
 * first). Discount percent, default 100, above 0 and at most 100: a slip such as
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
  const { message, modal } = App.useApp();
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

  // on site, what will be collected is confirmed first (a 90 typed as 9 would take a tenth)
  const confirmed = (v: Values) =>
    new Promise<boolean>((resolve) => {
      const off = discountText(v.discount ?? DEFAULT_DISCOUNT);
      void modal.confirm({
        title: '确认收款',
        okText: '确认收款',
        cancelText: '返回修改',
        okButtonProps: { 'data-testid': 'collection-confirm' } as Record<string, string>,
        content: (
          <div data-testid="collection-confirm-text">
            <div>应收合计：¥{yuan(total)}</div>
            <div>
              折扣：{off}
              {off !== '不打折' ? `（按${v.discount ?? DEFAULT_DISCOUNT}%收取）` : ''}
            </div>
            <div>
              实收金额：<b>¥{yuan(applyDiscount(total, v.discount).amount)}</b>
            </div>
            <div>支付方式：{methodName(v.payway)}</div>
            <div>订单编号：{v.payway === PAY_CASH ? '收款后自动生成' : (v.orderNum ?? '').trim() || '—'}</div>
          </div>
        ),
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });

  // on-site collection is done at once; an online order moves the dialog on to its QR code
  const send = async (v: Values) => {
    const online = v.type === COLLECT_ONLINE;
    if (!online && !(await confirmed(v))) return null;
    const reply = await charge({
      ids,
      type: v.type,
      payway: online ? 4 : v.payway,
      orderNum: online || v.payway === PAY_CASH ? '' : (v.orderNum ?? '').trim(),
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
                {payway === PAY_CASH ? (
                  <Form.Item label="订单编号" extra="现金收款的订单编号由系统生成">
                    <Typography.Text type="secondary" data-testid="collection-order-auto">
                      收款后自动生成
                    </Typography.Text>
                  </Form.Item>
                ) : (
                  <Form.Item
                    label="订单编号"
                    name="orderNum"
                    extra={payway === PAY_BALANCE ? undefined : '填写银行卡、转账或支付凭证上的流水号'}
                    rules={[{ required: payway !== PAY_BALANCE, whitespace: true, message: '输入订单编号' }]}
                  >
                    <Input placeholder="输入订单编号" maxLength={64} data-testid="collection-order-num" />
                  </Form.Item>
                )}
              </>
            ) : null}
            <Form.Item
              label="折扣"
              name="discount"
              extra={
                <span data-testid="collection-discount-text">
                  按应收的百分比收取：90 即九折，100 为不打折{discount ? `（当前：${discountText(discount)}）` : ''}
                </span>
              }
              rules={[
                {
                  validator: async (_r, v: number | null) => {
                    if (!isValidDiscount(v)) throw new Error(DISCOUNT_RANGE_MSG);
                  },
                },
              ]}
            >
              <InputNumber style={{ width: 160 }} addonAfter="%" data-testid="collection-discount" />
            </Form.Item>
            <Form.Item label="折后实收">
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
