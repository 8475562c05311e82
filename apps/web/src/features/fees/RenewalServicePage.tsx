import { AppstoreOutlined, ClockCircleOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Button, Card, Col, Empty, Form, Modal, Radio, Result, Row, Spin, Steps, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import type { PageProps } from '../../app/pages/pageTypes.ts';
import { send } from '../../engine/api/client.ts';
import { FEES_URLS } from './api.ts';
import { QR_COUNTDOWN_S, toNum, yuan } from './logic.ts';
import { QrCode } from './QrCode.tsx';

export type ServiceItem = { id: string | number; icon?: string; title: string; desc?: string; status?: number | string; endtime?: string; price?: number | string; codeUrl?: string };

const listOf = (d: unknown): ServiceItem[] => (Array.isArray(d) ? d : d && typeof d === 'object' && Array.isArray((d as { list?: unknown }).list) ? (d as { list: ServiceItem[] }).list : []) as ServiceItem[];
/** SPEC §9: the price defaults to 1000 when the item has none. */
const priceOf = (s: ServiceItem) => (s.price === undefined || s.price === null || s.price === '' ? 1000 : toNum(s.price));
const isActive = (s: ServiceItem) => Number(s.status) === 1;
const WECHAT = 4;

/** The renewal dialog: step 0 confirm (1 or 2 years, WeChat only), step 1 scan-pay with a 100 s countdown. */
const RenewDialog = ({ item, onClose }: { item: ServiceItem; onClose: () => void }) => {
  const [step, setStep] = useState(0);
  const [years, setYears] = useState<1 | 2>(1);
  const [payway, setPayway] = useState<number | undefined>(WECHAT);
  const [left, setLeft] = useState(QR_COUNTDOWN_S);
  const [codeUrl, setCodeUrl] = useState('');
  const money = priceOf(item) * years;

  // countdown while scanning; at zero back to step 0
  useEffect(() => {
    if (step !== 1) return;
    const timer = setInterval(() => setLeft((n) => n - 1), 1000);
    return () => clearInterval(timer);
  }, [step]);
  useEffect(() => {
    if (step === 1 && left <= 0) setStep(0);
  }, [step, left]);

  // SPEC §4: the payment effect is not shown; the QR is the server's codeUrl when the item carries one
  const next = () => {
    if (!payway) return;
    setCodeUrl(item.codeUrl || `5A云小区 服务${isActive(item) ? '续费' : '开通'}：${item.title} ${years}年 ¥${yuan(money)}`);
    setLeft(QR_COUNTDOWN_S);
    setStep(1);
  };

  return (
    <Modal open title={`${isActive(item) ? '续费' : '开通'} - ${item.title}`} width={560} onCancel={onClose} footer={null} destroyOnHidden>
      <div data-testid="renew-dialog">
        <Steps size="small" current={step} items={[{ title: '确认订单' }, { title: '扫码支付' }]} style={{ marginBottom: 20 }} />
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
            <Form.Item label="支付方式" required validateStatus={payway ? undefined : 'error'} help={payway ? undefined : '请选择支付方式'}>
              <Radio.Group value={payway} onChange={(e) => setPayway(Number(e.target.value))} data-testid="renew-payway">
                <Radio value={WECHAT}>微信支付</Radio>
              </Radio.Group>
            </Form.Item>
            <div style={{ textAlign: 'right' }}>
              <Button type="primary" disabled={!payway} onClick={next} data-testid="renew-next">
                下一步
              </Button>
            </div>
          </Form>
        ) : (
          <div style={{ textAlign: 'center' }}>
            <QrCode text={codeUrl} testId="renew-qr" />
            <div style={{ margin: '8px 0' }}>
              请使用微信扫码支付 <Typography.Text strong type="danger">¥{yuan(money)}</Typography.Text>
            </div>
            <div data-testid="renew-countdown">
              <ClockCircleOutlined /> {left} 秒后二维码失效
            </div>
            <Button style={{ marginTop: 12 }} onClick={() => setStep(0)} data-testid="renew-back">
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
  const q = useQuery({ queryKey: ['fees', 'services', route.path], queryFn: () => send<unknown>(FEES_URLS.service, {}), staleTime: 0, retry: false });
  const [item, setItem] = useState<ServiceItem | null>(null);
  const list = listOf(q.data);
  return (
    <div data-testid="renewal-service" style={{ padding: 16 }}>
      {q.isLoading ? (
        <Spin />
      ) : q.isError ? (
        <Result status="error" title="服务列表加载失败" subTitle={q.error instanceof Error ? q.error.message : ''} data-testid="renewal-service-error" />
      ) : list.length === 0 ? (
        <Empty description="暂无服务" />
      ) : (
        <Row gutter={[16, 16]}>
          {list.map((s) => (
            <Col key={s.id} xs={24} sm={12} lg={8} xl={6}>
              <Card
                data-testid={`service-card-${s.id}`}
                actions={[
                  <Button key="go" type="link" onClick={() => setItem(s)} data-testid={`service-action-${s.id}`}>
                    {isActive(s) ? '续费' : '开通'}
                  </Button>,
                ]}
              >
                <Card.Meta
                  avatar={s.icon ? <Avatar src={s.icon} size={48} shape="square" /> : <Avatar icon={<AppstoreOutlined />} size={48} shape="square" />}
                  title={
                    <span>
                      {s.title} {isActive(s) ? <Tag color="green">已开通</Tag> : <Tag>未开通</Tag>}
                    </span>
                  }
                  description={
                    <>
                      <div style={{ minHeight: 44 }}>{s.desc}</div>
                      {isActive(s) && s.endtime ? <div>到期时间：{s.endtime}</div> : null}
                      <div>¥{yuan(priceOf(s))}/年</div>
                    </>
                  }
                />
              </Card>
            </Col>
          ))}
        </Row>
      )}
      {item ? <RenewDialog item={item} onClose={() => setItem(null)} /> : null}
    </div>
  );
};
