import type { Option } from '@5a/contracts';
import { Checkbox, Input, InputNumber, Radio, Select, Space, Switch } from 'antd';
import { useFieldOptions } from '../api/queries.ts';
import { choiceValues } from '../logic/dict.ts';
import type { InputProps } from '../registry/inputs.ts';

const placeholderOf = ({ field, mode }: InputProps, verb = '请输入') =>
  field.placeholder ?? (mode === 'search' ? field.label : `${verb}${field.label}`);
const str = (v: unknown) => (v === undefined || v === null ? '' : String(v));
const num = (v: unknown) => (v === undefined || v === null || v === '' || Number.isNaN(Number(v)) ? null : Number(v));

export const TextInput = (p: InputProps) => (
  <Input
    id={p.id}
    value={str(p.value)}
    onChange={(e) => p.onChange?.(e.target.value)}
    placeholder={placeholderOf(p)}
    allowClear={p.mode === 'search'}
    disabled={p.disabled}
  />
);

export const TextareaInput = (p: InputProps) =>
  p.mode === 'search' ? (
    <TextInput {...p} />
  ) : (
    <Input.TextArea
      id={p.id}
      value={str(p.value)}
      onChange={(e) => p.onChange?.(e.target.value)}
      placeholder={placeholderOf(p)}
      autoSize={{ minRows: 2, maxRows: 6 }}
      disabled={p.disabled}
    />
  );

export const PasswordInput = (p: InputProps) =>
  p.mode === 'search' ? (
    <TextInput {...p} />
  ) : (
    <Input.Password
      id={p.id}
      value={str(p.value)}
      onChange={(e) => p.onChange?.(e.target.value)}
      placeholder={placeholderOf(p)}
      autoComplete="new-password"
      disabled={p.disabled}
    />
  );

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

/** A stored value (1) matched to its option's value ('1') so the control shows the label. */
const matchOption = (options: readonly Option[], v: string | number) =>
  options.find((o) => String(o.value) === String(v))?.value ?? v;

const switchOptions: Option[] = [
  { label: '是', value: 1 },
  { label: '否', value: 2 },
];

/** select / dict: options, dictionary or options url; multiple when the field says so. */
export const SelectInput = (p: InputProps) => {
  const { options, loading } = useFieldOptions(p.field);
  const list = p.field.type === 'switch' ? switchOptions : options;
  const multiple = !!p.field.multiple && p.mode !== 'search';
  const values = choiceValues(p.value).map((v) => matchOption(list, v));
  return (
    <Select
      id={p.id}
      mode={multiple ? 'multiple' : undefined}
      value={multiple ? values : (values[0] ?? undefined)}
      onChange={(v: unknown) => p.onChange?.(v ?? (multiple ? [] : null))}
      options={list}
      loading={loading}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={placeholderOf(p, '请选择')}
      disabled={p.disabled}
      style={{ width: '100%' }}
    />
  );
};

export const RadioInput = (p: InputProps) => {
  const { options } = useFieldOptions(p.field);
  if (p.mode === 'search') return <SelectInput {...p} />;
  const v = choiceValues(p.value)[0];
  return (
    <Radio.Group
      id={p.id}
      options={options}
      value={v === undefined ? undefined : matchOption(options, v)}
      onChange={(e) => p.onChange?.(e.target.value)}
      disabled={p.disabled}
    />
  );
};

export const CheckboxInput = (p: InputProps) => {
  const { options } = useFieldOptions(p.field);
  if (p.mode === 'search') return <SelectInput {...p} />;
  return (
    <span id={p.id}>
      <Checkbox.Group
        options={options}
        value={choiceValues(p.value).map((v) => matchOption(options, v))}
        onChange={(v) => p.onChange?.(v)}
        disabled={p.disabled}
      />
    </span>
  );
};

/** switch: 1 on, 2 off, as every flag of the product. */
export const SwitchInput = (p: InputProps) =>
  p.mode === 'search' ? (
    <SelectInput {...p} />
  ) : (
    <Switch id={p.id} checked={Number(p.value) === 1} onChange={(c) => p.onChange?.(c ? 1 : 2)} disabled={p.disabled} />
  );
