import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Form,
  InputNumber,
  Modal,
  Row as AntRow,
  Space,
  Spin,
  Table,
  Typography,
} from 'antd';
import { useState } from 'react';
import {
  fetchLedger,
  fetchPackages,
  fetchReminder,
  rechargeBalance,
  savePackages,
  saveReminder,
  type Id,
} from './api.ts';
import { ActionDialog } from '../../engine/dialog/ActionDialog.tsx';
import { useFormSeed } from '../../engine/form/useFormSeed.ts';
import {
  effectiveRatio,
  isValidCustomAmount,
  MAX_RATIO,
  MIN_RATIO,
  normalizePackages,
  packageArrival,
  rechargeArrival,
  toNum,
  yuan,
  type RechargePackage,
} from './logic.ts';

const usePackages = () =>
  useQuery({ queryKey: ['fees', 'packages'], queryFn: fetchPackages, staleTime: 0, retry: false });

// ─── balance top-up ────────────────────────────────────────────────────────────────────────
type RechargeProps = {
  houseId: Id;
  label: string;
  balance?: unknown;
  title: string;
  onClose: () => void;
  onDone: () => void;
};
const CUSTOM = -1;

/** A package (principal + present) or a custom amount (> 1) × max(1, bl); save {id, bj, yh}. */
export const RechargeDialog = ({ houseId, label, balance, title, onClose, onDone }: RechargeProps) => {
  const q = usePackages();
  const pgs = normalizePackages(q.data?.pgs);
  const bl = effectiveRatio(q.data?.bl);
  const [choice, setChoice] = useState<number>(CUSTOM);
  const [custom, setCustom] = useState<number | null>(null);
  const pkg = choice >= 0 ? pgs[choice] : undefined;
  const bj = pkg ? pkg.principal : (custom ?? 0);
  const yh = pkg ? packageArrival(pkg) : rechargeArrival(custom ?? 0, pgs, bl);

  return (
    <ActionDialog
      title={title}
      width={620}
      okText="充值"
      okButtonProps={{ 'data-testid': 'recharge-submit' }}
      check={() => (pkg || isValidCustomAmount(custom) ? undefined : '请输入大于1的充值金额')}
      send={() => rechargeBalance({ id: houseId, bj, yh })}
      success={() => '充值成功!'}
      onClose={onClose}
      onDone={onDone}
    >
      <div data-testid="recharge-dialog">
        <Descriptions size="small" column={2} style={{ marginBottom: 12 }}>
          <Descriptions.Item label="房屋">{label}</Descriptions.Item>
          {balance !== undefined ? (
            <Descriptions.Item label="当前余额">¥{yuan(toNum(balance))}</Descriptions.Item>
          ) : null}
          <Descriptions.Item label="到账倍率">{bl.toFixed(2)}</Descriptions.Item>
        </Descriptions>
        {q.isLoading ? <Spin /> : null}
        <AntRow gutter={[12, 12]}>
          {pgs.map((p, i) => (
            <Col span={8} key={`${p.principal}-${p.present}-${i}`}>
              <Card
                size="small"
                hoverable
                onClick={() => setChoice(i)}
                style={{ borderColor: choice === i ? '#1677ff' : undefined, textAlign: 'center' }}
                data-testid={`recharge-package-${i}`}
              >
                <div style={{ fontSize: 18, fontWeight: 600 }}>充 ¥{yuan(p.principal)}</div>
                <Typography.Text type="secondary">送 ¥{yuan(p.present)}</Typography.Text>
              </Card>
            </Col>
          ))}
          <Col span={8}>
            <Card
              size="small"
              hoverable
              onClick={() => setChoice(CUSTOM)}
              style={{ borderColor: choice === CUSTOM ? '#1677ff' : undefined, textAlign: 'center' }}
              data-testid="recharge-custom"
            >
              <div style={{ fontSize: 16, fontWeight: 600 }}>自定义金额</div>
              <Typography.Text type="secondary">×{bl.toFixed(2)}</Typography.Text>
            </Card>
          </Col>
        </AntRow>
        {choice === CUSTOM ? (
          <Form.Item label="充值金额" style={{ marginTop: 16, marginBottom: 0 }}>
            <InputNumber
              min={0}
              precision={2}
              style={{ width: 220 }}
              placeholder="a number greater than 1"
              value={custom}
              onChange={(v) => setCustom(typeof v === 'number' ? v : null)}
              data-testid="recharge-amount"
            />
          </Form.Item>
        ) : null}
        <div style={{ marginTop: 16 }}>
          实付 <Typography.Text strong>¥{yuan(bj)}</Typography.Text>，到账{' '}
          <Typography.Text strong type="danger" data-testid="recharge-arrival">
            ¥{yuan(yh)}
          </Typography.Text>
        </div>
      </div>
    </ActionDialog>
  );
};

// ─── package settings ──────────────────────────────────────────────────────────────────────
type PkgValues = { pgs: RechargePackage[]; bl: number };

export const PackageSettingsDialog = ({ title, onClose }: { title: string; onClose: () => void }) => {
  const q = usePackages();
  const [form] = Form.useForm<PkgValues>();
  const { loading } = useFormSeed(form, q, (data) => ({
    pgs: normalizePackages(data.pgs),
    bl: Math.min(MAX_RATIO, effectiveRatio(data.bl)),
  }));
  return (
    <ActionDialog
      title={title}
      width={560}
      okText="保存"
      okButtonProps={{ 'data-testid': 'package-submit' }}
      form={form}
      send={(v) => savePackages({ pgs: normalizePackages(v.pgs), bl: v.bl })}
      success="保存成功!"
      onClose={onClose}
    >
      <div data-testid="package-dialog">
        {loading ? <Spin /> : null}
        <Form form={form} initialValues={{ pgs: [], bl: 1 }} labelCol={{ flex: '110px' }}>
          <Form.Item
            label="到账倍率"
            name="bl"
            extra="1.00–2.00，如 1.15 表示充 100 到账 115"
            rules={[{ required: true, type: 'number', min: MIN_RATIO, max: MAX_RATIO, message: '倍率范围 1.00–2.00' }]}
          >
            <InputNumber min={MIN_RATIO} max={MAX_RATIO} step={0.01} precision={2} data-testid="package-bl" />
          </Form.Item>
          <Form.List name="pgs">
            {(fields, { add, remove }) => (
              <>
                {fields.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无套餐" /> : null}
                {fields.map((f) => (
                  <Space key={f.key} align="baseline" style={{ display: 'flex' }}>
                    <Form.Item
                      label="充值"
                      name={[f.name, 'principal']}
                      rules={[{ required: true, type: 'number', min: 0.01, message: '请输入金额' }]}
                    >
                      <InputNumber
                        min={0.01}
                        precision={2}
                        placeholder="本金"
                        data-testid={`package-principal-${f.name}`}
                      />
                    </Form.Item>
                    <Form.Item
                      label="赠送"
                      name={[f.name, 'present']}
                      labelCol={{ flex: '50px' }}
                      rules={[{ required: true, type: 'number', min: 0, message: '请输入金额' }]}
                    >
                      <InputNumber min={0} precision={2} placeholder="赠送" data-testid={`package-present-${f.name}`} />
                    </Form.Item>
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      onClick={() => remove(f.name)}
                      aria-label="删除套餐"
                    />
                  </Space>
                ))}
                <Button
                  type="dashed"
                  block
                  icon={<PlusOutlined />}
                  onClick={() => add({ principal: null, present: 0 })}
                  data-testid="package-add"
                >
                  添加套餐
                </Button>
              </>
            )}
          </Form.List>
        </Form>
      </div>
    </ActionDialog>
  );
};

// ─── balance reminder ──────────────────────────────────────────────────────────────────────
type ReminderValues = { msg_reminder: number | null; list_reminder: number | null };

export const BalanceReminderDialog = ({ title, onClose }: { title: string; onClose: () => void }) => {
  const q = useQuery({ queryKey: ['fees', 'reminder'], queryFn: fetchReminder, staleTime: 0, retry: false });
  const [form] = Form.useForm<ReminderValues>();
  const { loading } = useFormSeed(form, q, (data) => {
    const n = (v: unknown) => (v === null || v === undefined || v === '' ? null : toNum(v));
    return { msg_reminder: n(data.msg_reminder), list_reminder: n(data.list_reminder) };
  });
  return (
    <ActionDialog
      title={title}
      okText="保存"
      okButtonProps={{ 'data-testid': 'reminder-submit' }}
      form={form}
      send={(v) => saveReminder({ msg_reminder: v.msg_reminder ?? 0, list_reminder: v.list_reminder ?? 0 })}
      success="保存成功!"
      onClose={onClose}
    >
      <div data-testid="reminder-dialog">
        {loading ? <Spin /> : null}
        <Form form={form} labelCol={{ flex: '150px' }}>
          <Form.Item
            label="短信提醒余额低于"
            name="msg_reminder"
            rules={[{ required: true, message: '请输入短信提醒阈值' }]}
          >
            <InputNumber min={0} precision={2} addonAfter="元" data-testid="reminder-msg" />
          </Form.Item>
          <Form.Item
            label="列表提醒余额低于"
            name="list_reminder"
            rules={[{ required: true, message: '请输入列表提醒阈值' }]}
          >
            <InputNumber min={0} precision={2} addonAfter="元" data-testid="reminder-list" />
          </Form.Item>
        </Form>
      </div>
    </ActionDialog>
  );
};

// ─── balance ledger ────────────────────────────────────────────────────────────────────────
const LEDGER_KIND: Record<number, string> = { 1: '充值', 2: '扣费', 3: '调整' };

/** balanceLedger (row): the house's balance movements, paged. */
export const LedgerDialog = ({
  houseId,
  label,
  url,
  title,
  onClose,
}: {
  houseId: Id;
  label: string;
  url: string;
  title: string;
  onClose: () => void;
}) => {
  const [page, setPage] = useState(1);
  const size = 10;
  const q = useQuery({
    queryKey: ['fees', 'ledger', url, houseId, page],
    queryFn: () => fetchLedger(url, { house_id: houseId, current: page, size }),
    staleTime: 0,
    retry: false,
  });
  return (
    <Modal open title={`${title} - ${label}`} width={860} onCancel={onClose} footer={null} destroyOnHidden>
      <Table
        data-testid="ledger-table"
        size="small"
        rowKey="id"
        loading={q.isLoading}
        dataSource={q.data?.records ?? []}
        pagination={{
          current: page,
          pageSize: size,
          total: q.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        columns={[
          { title: '时间', dataIndex: 'created_at', width: 170 },
          { title: '类型', dataIndex: 'kind', width: 70, render: (v: number) => LEDGER_KIND[v] ?? v },
          { title: '变动前', dataIndex: 'before', width: 100 },
          {
            title: '变动',
            dataIndex: 'change',
            width: 100,
            render: (v: string) => <Typography.Text type={toNum(v) < 0 ? 'danger' : 'success'}>{v}</Typography.Text>,
          },
          { title: '变动后', dataIndex: 'after', width: 100 },
          { title: '说明', dataIndex: 'reason', ellipsis: true },
          { title: '操作人', dataIndex: 'user_name', width: 90 },
        ]}
      />
    </Modal>
  );
};
