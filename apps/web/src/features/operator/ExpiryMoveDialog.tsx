import { Form, Input, InputNumber } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import type { MovedReply } from '@5a/contracts/endpoints/expiry';
import type { Sent } from '../../engine/dialog/actionSubmit.ts';
import { ActionDialog } from '../../engine/dialog/ActionDialog.tsx';
import type { ListContext } from '../../engine/list/context.ts';
import { movedEnd } from './expiryLogic.ts';

export type MoveValues = { count: number; note?: string; pay_method?: number };

type Props = {
  title: string;
  ctx: ListContext;
  onClose: () => void;
  onDone: () => void;
  unit: 'days' | 'years';
  max: number;
  /** the prop the list shows each row's end in */
  endProp: string;
  /** 延期 must say why; a renewal may carry a note */
  note: { label: string; required: boolean; max: number };
  send: (values: MoveValues) => Promise<Sent<MovedReply>>;
  /** what else the form asks (支付方式, the amount), given the chosen count */
  children?: (count: number | undefined) => ReactNode;
};

const SHOWN = 5;

/**
 * The one form of the expiry lists' 续费 / 延期: the chosen rows with their end now and after, how many days or years,
 * and the reason or note; the list reloads after it (rows may leave the 30 days it shows).
 */
export const ExpiryMoveDialog = ({ title, ctx, onClose, onDone, unit, max, endProp, note, send, children }: Props) => {
  const [form] = Form.useForm<MoveValues>();
  const count = Form.useWatch('count', form);
  const label = unit === 'days' ? '延期天数' : '续费年限';
  const range = `${label}必须是1到${max}的整数`;
  const today = dayjs().format('YYYY-MM-DD');
  const rows = ctx.selectedRows;
  const after = (end: unknown) =>
    Number.isInteger(count) && count >= 1 && count <= max
      ? movedEnd(end ? String(end) : null, unit === 'days' ? { days: count } : { years: count }, today)
      : '—';
  return (
    <ActionDialog
      title={title}
      okButtonProps={{ 'data-testid': 'expiry-submit' }}
      form={form}
      send={send}
      success={`${title}成功`}
      onClose={onClose}
      onDone={onDone}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ count: unit === 'days' ? 30 : 1 }}
        data-testid="expiry-dialog"
      >
        <Form.Item label={`已选 ${rows.length} 项`}>
          <ul data-testid="expiry-rows" style={{ margin: 0, paddingLeft: 18 }}>
            {rows.slice(0, SHOWN).map((r) => (
              <li key={String(r.id)}>
                {String(r.name ?? '')}：{String(r[endProp] ?? '长期')} → {after(r[endProp])}
              </li>
            ))}
            {rows.length > SHOWN ? <li>等 {rows.length} 项</li> : null}
          </ul>
        </Form.Item>
        <Form.Item
          name="count"
          label={label}
          rules={[
            { required: true, message: `请填写${label}` },
            { type: 'integer', min: 1, max, message: range },
          ]}
        >
          <InputNumber
            min={1}
            max={max}
            precision={0}
            suffix={unit === 'days' ? '天' : '年'}
            style={{ width: 160 }}
            data-testid="expiry-count"
          />
        </Form.Item>
        {children?.(count)}
        <Form.Item
          name="note"
          label={note.label}
          rules={[
            { required: note.required, whitespace: true, message: `请填写${note.label}` },
            { max: note.max, message: `${note.label}不能超过${note.max}个字符` },
          ]}
        >
          <Input.TextArea rows={2} maxLength={note.max} showCount data-testid="expiry-note" />
        </Form.Item>
      </Form>
    </ActionDialog>
  );
};
