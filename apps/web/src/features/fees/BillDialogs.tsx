import { PrinterOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  DatePicker,
  Empty,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Select,
  Space,
  Spin,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { createPortal } from 'react-dom';
import { fetchBillDisplay, generateBills, signBills, type BillDisplay, type Id } from './api.ts';
import { successText } from '../../api/envelope.ts';
import { useUrlOptions } from '../../engine/api/queries.ts';
import { ActionDialog } from '../../engine/dialog/ActionDialog.tsx';
import { fallbackCountItems, MONTH_FORMAT } from './logic.ts';

/** the fee items to bill: the fee-item screen's engine options route, one village's */
const FEE_ITEM_OPTIONS = '/Web/Renewal/FeeItem/options';
const VILLAGE_OPTIONS = '/Web/Basic/Village/options';

// ─── generate bills ────────────────────────────────────────────────────────────────────────
type GenProps = {
  /** houses of the selected rows (empty: nothing selected) */
  houseIds: Id[];
  /** the house search that 'all' means; null when the list is empty ('Generate all bills' disabled) */
  allSearch: Record<string, unknown> | null;
  /** the village of the selection or the search, if one */
  villageId?: number;
  title: string;
  onClose: () => void;
  onDone: () => void;
};
type GenValues = {
  scope: 'selected' | 'all';
  village_id: number;
  fee_item_ids: Id[];
  period_start: Dayjs;
  months: number | null;
};

/** Generate bills for the selected houses (house_ids) or for all houses of the current search (search). */
export const GenerateBillDialog = ({ houseIds, allSearch, villageId, title, onClose, onDone }: GenProps) => {
  const { modal } = App.useApp();
  const [form] = Form.useForm<GenValues>();
  const village = Form.useWatch('village_id', form);
  const { data: villages = [] } = useUrlOptions(VILLAGE_OPTIONS);
  // afresh on every opening: a fee item added a moment ago is billable at once; only the chosen village's
  const items = useUrlOptions(village ? `${FEE_ITEM_OPTIONS}?village_id=${village}` : undefined, 0);
  // the scope is named (village, houses, items) and confirmed before anything is written
  const send = async (v: GenValues) => {
    if (v.scope === 'all' && !allSearch) return null;
    const body = {
      ...(v.scope === 'all' ? { search: allSearch ?? {} } : { house_ids: houseIds }),
      village_id: v.village_id,
      fee_item_ids: v.fee_item_ids,
      period_start: v.period_start.format(MONTH_FORMAT),
      ...(v.months ? { months: v.months } : {}),
    };
    const { data: scope } = await generateBills({ ...body, preview: true });
    const go = await new Promise<boolean>((resolve) => {
      void modal.confirm({
        title: '确认生成账单',
        okText: '生成',
        okButtonProps: { 'data-testid': 'generate-confirm' } as Record<string, string>,
        content: (
          <div data-testid="generate-scope-text">
            <div>小区：{scope.village}</div>
            <div>房屋：{scope.houses} 户</div>
            <div>收费项目：{scope.itemNames.join('、')}</div>
            <div>开始月份：{body.period_start}</div>
          </div>
        ),
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });
    return go ? generateBills(body) : null;
  };
  return (
    <ActionDialog
      title={title}
      okText="生成"
      okButtonProps={{ 'data-testid': 'generate-submit' }}
      form={form}
      send={send}
      success={({ data, msg }) =>
        successText(msg, `账单生成完成：新增 ${data?.inserted ?? 0} 条，已存在 ${data?.existed ?? 0} 条`)
      }
      onClose={onClose}
      onDone={onDone}
    >
      <div data-testid="generate-dialog">
        <Form
          form={form}
          labelCol={{ flex: '100px' }}
          initialValues={{
            scope: houseIds.length ? 'selected' : 'all',
            period_start: dayjs().startOf('month'),
            months: null,
            fee_item_ids: [],
            village_id: villageId,
          }}
          onValuesChange={(changed: Partial<GenValues>) => {
            if ('village_id' in changed) form.setFieldsValue({ fee_item_ids: [] });
          }}
        >
          <Form.Item label="生成范围" name="scope">
            <Radio.Group data-testid="generate-scope">
              <Radio value="selected" disabled={!houseIds.length} data-testid="generate-selected">
                选中房屋（{houseIds.length}户）
              </Radio>
              <Radio value="all" disabled={!allSearch} data-testid="generate-all">
                全部房屋（当前查询）
              </Radio>
            </Radio.Group>
          </Form.Item>
          <Form.Item
            label="小区"
            name="village_id"
            rules={[{ required: true, message: '请选择小区' }]}
            extra="只为该小区的房屋生成，只列出该小区的收费项目"
          >
            <Select
              options={villages.map((o) => ({ label: o.label, value: Number(o.value) }))}
              placeholder="请选择小区"
              data-testid="generate-village"
            />
          </Form.Item>
          <Form.Item
            label="收费项目"
            name="fee_item_ids"
            rules={[{ required: true, type: 'array', min: 1, message: '请选择收费项目' }]}
          >
            <Select
              mode="multiple"
              loading={items.isLoading}
              options={items.data ?? []}
              placeholder={village ? '请选择收费项目' : '请先选择小区'}
              optionFilterProp="label"
              data-testid="generate-fee-items"
            />
          </Form.Item>
          <Form.Item label="开始月份" name="period_start" rules={[{ required: true, message: '请选择开始月份' }]}>
            <DatePicker picker="month" format={MONTH_FORMAT} allowClear={false} data-testid="generate-period" />
          </Form.Item>
          <Form.Item label="月数" name="months" extra="留空按收费项目的计费周期">
            <InputNumber min={1} max={36} precision={0} placeholder="1–36" data-testid="generate-months" />
          </Form.Item>
        </Form>
        {!allSearch ? <Alert type="warning" showIcon message="列表为空，不能生成全部账单" /> : null}
      </div>
    </ActionDialog>
  );
};

// ─── sign for receipt ──────────────────────────────────────────────────────────────────────
export const SIGNED = 1;
export const NOT_SIGNED = 2;
type SignProps = { billIds: Id[]; title: string; onClose: () => void; onDone: () => void };

/** PaidOrder: sign bills (bill_ids, status signed/not signed, invoice_no); submits only with bills. */
export const BillSignDialog = ({ billIds, title, onClose, onDone }: SignProps) => {
  const [status, setStatus] = useState(SIGNED);
  const [invoiceNo, setInvoiceNo] = useState('');
  return (
    <ActionDialog
      title={title}
      okButtonProps={{ disabled: billIds.length === 0, 'data-testid': 'sign-submit' }}
      check={() => (billIds.length === 0 ? '您还未选择数据' : undefined)}
      send={() => signBills({ bill_ids: billIds, status, invoice_no: invoiceNo.trim() })}
      success={() => '签收成功'}
      onClose={onClose}
      onDone={onDone}
    >
      <div data-testid="sign-dialog">
        <Form labelCol={{ flex: '100px' }}>
          <Form.Item label="账单数">{billIds.length}</Form.Item>
          <Form.Item label="签收状态">
            <Radio.Group value={status} onChange={(e) => setStatus(Number(e.target.value))} data-testid="sign-status">
              <Radio value={SIGNED}>已签收</Radio>
              <Radio value={NOT_SIGNED}>未签收</Radio>
            </Radio.Group>
          </Form.Item>
          <Form.Item label="发票号">
            <Input
              value={invoiceNo}
              maxLength={50}
              onChange={(e) => setInvoiceNo(e.target.value)}
              placeholder="发票号（选填）"
              data-testid="sign-invoice"
            />
          </Form.Item>
        </Form>
      </div>
    </ActionDialog>
  );
};

// ─── bill display (printable) ──────────────────────────────────────────────────────────────
type Column = { prop: string; label: string };
const columnsOf = (cols: unknown[]): Column[] =>
  cols.map((c, i) => {
    if (typeof c === 'string') return { prop: String(i), label: c };
    const r = (c ?? {}) as Record<string, unknown>;
    return { prop: String(r.prop ?? r.key ?? r.dataIndex ?? i), label: String(r.label ?? r.title ?? '') };
  });
const cellOf = (row: unknown, col: Column, i: number) => {
  const v = Array.isArray(row) ? row[i] : (row as Record<string, unknown> | null)?.[col.prop];
  return v === undefined || v === null ? '' : String(v);
};

/** Print only the bill: a copy in a body-level root is all that prints (everything else hidden). */
const PRINT_ROOT = 'fees-print-root';
const PRINT_CSS = `#${PRINT_ROOT} { display: none; }
@media print {
  body { background: #fff !important; }
  body > *:not(#${PRINT_ROOT}) { display: none !important; }
  #${PRINT_ROOT} { display: block !important; padding: 12px; }
  @page { margin: 12mm; }
}
.fees-bill-print table { width: 100%; border-collapse: collapse; }
.fees-bill-print th, .fees-bill-print td { border: 1px solid #999; padding: 6px 8px; font-size: 13px; text-align: center; }
.fees-bill-print h2 { text-align: center; margin: 0 0 12px; }
.fees-bill-print .count { margin-top: 12px; display: flex; gap: 24px; flex-wrap: wrap; justify-content: flex-end; }`;

const BillSheet = ({ d, testIds }: { d: BillDisplay; testIds?: boolean }) => {
  const cols = columnsOf(d.columns ?? []);
  const rows = (d.rows ?? []) as unknown[];
  const counts = d.countItem?.length
    ? d.countItem
    : fallbackCountItems(
        cols.map((c) => c.label),
        rows.map((r) => cols.map((c, i) => cellOf(r, c, i))),
      );
  return (
    <div className="fees-bill-print">
      <h2 data-testid={testIds ? 'bill-title' : undefined}>{d.title}</h2>
      <table>
        <thead>
          <tr>
            {cols.map((c) => (
              <th key={c.prop}>{c.label}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, ri) => (
            <tr key={ri}>
              {cols.map((c, ci) => (
                <td key={c.prop}>{cellOf(r, c, ci)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="count" data-testid={testIds ? 'bill-count' : undefined}>
        {counts.map((c) => (
          <span key={c.title}>
            {c.title}：{String(c.num)}
          </span>
        ))}
      </div>
    </div>
  );
};

export const BillDisplayDialog = ({ ids, title, onClose }: { ids: Id[]; title: string; onClose: () => void }) => {
  const q = useQuery({
    queryKey: ['fees', 'billDisplay', ids],
    queryFn: () => fetchBillDisplay(ids),
    staleTime: 0,
    retry: false,
  });
  const d = q.data;
  return (
    <Modal
      open
      title={title}
      width={900}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>关闭</Button>
          <Button
            type="primary"
            icon={<PrinterOutlined />}
            disabled={!d}
            onClick={() => window.print()}
            data-testid="bill-print"
          >
            打印
          </Button>
        </Space>
      }
    >
      <style>{PRINT_CSS}</style>
      <div data-testid="bill-display">
        {q.isLoading ? (
          <Spin />
        ) : q.isError || !d ? (
          <Empty description={q.error instanceof Error ? q.error.message : '暂无数据'} />
        ) : (
          <BillSheet d={d} testIds />
        )}
      </div>
      {d
        ? createPortal(
            <div id={PRINT_ROOT}>
              <BillSheet d={d} />
            </div>,
            document.body,
          )
        : null}
    </Modal>
  );
};
