import { InputNumber, Space } from 'antd';
import type { InputProps } from '../registry/inputs.ts';
import { placeholderOf } from './basic.tsx';

// number and money inputs: their own chunk (inputs/builtin.ts), as antd's InputNumber is only in forms and in the
// search forms of lists with a numeric search field
const num = (v: unknown) => (v === undefined || v === null || v === '' || Number.isNaN(Number(v)) ? null : Number(v));

/** Two numbers [from, to] for range searches. */
export const NumberRange = ({
  value,
  onChange,
  precision,
  id,
}: {
  value?: unknown;
  onChange?: (v: unknown) => void;
  precision: number;
  id?: string;
}) => {
  const [from, to] = Array.isArray(value) ? value : [undefined, undefined];
  return (
    <Space.Compact style={{ width: '100%' }}>
      <InputNumber
        id={id}
        style={{ width: '50%' }}
        precision={precision}
        value={num(from)}
        placeholder="最小值"
        onChange={(v) => onChange?.([v, to ?? null])}
      />
      <InputNumber
        style={{ width: '50%' }}
        precision={precision}
        value={num(to)}
        placeholder="最大值"
        onChange={(v) => onChange?.([from ?? null, v])}
      />
    </Space.Compact>
  );
};

const numberInput = (precision: number) => {
  const NumberField = (p: InputProps) =>
    p.mode === 'search' ? (
      <NumberRange id={p.id} value={p.value} onChange={p.onChange} precision={precision} />
    ) : (
      <InputNumber
        id={p.id}
        style={{ width: '100%' }}
        precision={precision}
        value={num(p.value)}
        onChange={(v) => p.onChange?.(v)}
        placeholder={placeholderOf(p)}
        disabled={p.disabled}
      />
    );
  return NumberField;
};
export const NumberInput = numberInput(0);
export const MoneyInput = numberInput(2);
