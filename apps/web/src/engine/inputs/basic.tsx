import type { Option } from '@5a/contracts';
import { Checkbox, Radio, Select } from 'antd';
// antd's Input without its index, which hangs TextArea, Password, Search, OTP and Group on it (~7 kB gzip on
// every list's search form); the textarea and password inputs are in texts.tsx, loaded with the forms that show them
import Input from 'antd/es/input/Input';
import { useFieldOptions } from '../api/queries.ts';
import { choiceValues } from '../logic/dict.ts';
import type { InputProps } from '../registry/inputs.ts';

export const placeholderOf = ({ field, mode }: InputProps, verb = '请输入') =>
  field.placeholder ?? (mode === 'search' ? field.label : `${verb}${field.label}`);
export const str = (v: unknown) => (v === undefined || v === null ? '' : String(v));

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
