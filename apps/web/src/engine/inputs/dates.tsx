import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { InputProps } from '../registry/inputs.ts';

export const DATE = 'YYYY-MM-DD';
export const DATETIME = 'YYYY-MM-DD HH:mm:ss';
export const MONTH = 'YYYY-MM';

const toDay = (v: unknown): Dayjs | null => {
  if (v === undefined || v === null || v === '') return null;
  const d = dayjs(String(v));
  return d.isValid() ? d : null;
};

const pair = (v: unknown): [Dayjs | null, Dayjs | null] | null => {
  const parts = Array.isArray(v) ? v : typeof v === 'string' && v ? v.split(',') : [];
  if (!parts.length) return null;
  return [toDay(parts[0]), toDay(parts[1])];
};

type RangeProps = InputProps & { picker?: 'month'; format: string; showTime?: boolean };

/** [from, to] strings; used for range fields and for searching dates, times and months. */
export const RangeInput = ({ id, value, onChange, picker, format, showTime, disabled }: RangeProps) => (
  <DatePicker.RangePicker
    id={id}
    style={{ width: '100%' }}
    picker={picker}
    showTime={showTime}
    format={format}
    value={pair(value)}
    allowEmpty={[true, true]}
    onChange={(ds) => onChange?.(ds ? [ds[0]?.format(format) ?? null, ds[1]?.format(format) ?? null] : null)}
    disabled={disabled}
  />
);

const single = (format: string, picker?: 'month', showTime?: boolean) => {
  const DateField = (p: InputProps) => {
    if (p.mode === 'search') return <RangeInput {...p} picker={picker} format={picker === 'month' ? MONTH : DATE} />;
    return (
      <DatePicker
        id={p.id}
        style={{ width: '100%' }}
        picker={picker}
        showTime={showTime}
        format={format}
        value={toDay(p.value)}
        onChange={(d) => p.onChange?.(d ? d.format(format) : null)}
        placeholder={p.field.placeholder ?? `请选择${p.field.label}`}
        disabled={p.disabled}
      />
    );
  };
  return DateField;
};

export const DateInput = single(DATE);
export const DatetimeInput = single(DATETIME, undefined, true);
export const MonthInput = single(MONTH, 'month');
export const DaterangeInput = (p: InputProps) => <RangeInput {...p} format={DATE} />;
export const MonthrangeInput = (p: InputProps) => <RangeInput {...p} picker="month" format={MONTH} />;
