import type { FieldConfig, Option } from '@5a/contracts';
import { useQuery } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import { useEffect } from 'react';
import { send } from '../../api/http.ts';
import { fillFromIdCard } from '../logic/fill.ts';
import type { InputProps } from '../registry/inputs.ts';
import { FieldInput } from './FieldInput.tsx';

/**
 * A select whose choices come from another field's value (a house's 单元 from its 楼栋): the options url
 * is called with that value; nothing to choose until it is set, and a value the new choices lack is cleared.
 */
const DependentSelect = (p: InputProps & { by: string; url: string }) => {
  const form = Form.useFormInstance();
  const parent: unknown = Form.useWatch(p.by, form);
  const set = parent !== undefined && parent !== null && parent !== '';
  const q = useQuery({
    queryKey: ['engine', 'options', p.url, p.by, parent],
    queryFn: () => send<Option[]>(p.url, { [p.by]: parent }, { silent: true }),
    enabled: set,
    staleTime: 30_000,
  });
  const options = set ? (q.data ?? []) : [];
  const { onChange, value } = p;
  useEffect(() => {
    if (q.data && value && !q.data.some((o) => String(o.value) === String(value))) onChange?.(null);
  }, [q.data, value, onChange]);
  return (
    <Select
      id={p.id}
      value={(value as string | undefined) || undefined}
      onChange={(v: unknown) => p.onChange?.(v ?? null)}
      options={options}
      loading={q.isFetching}
      allowClear
      disabled={p.disabled || !set}
      placeholder={set ? `请选择${p.field.label}` : '请先选择楼栋'}
      style={{ width: '100%' }}
    />
  );
};

/** A select of the chosen village's options (the options url with `?village_id=`); none before one is chosen. */
const VillageSelect = (p: InputProps & { url: string }) => {
  const villageId: unknown = Form.useWatch('village_id', Form.useFormInstance());
  const optionsUrl = villageId ? `${p.url}?village_id=${String(villageId)}` : undefined;
  return <FieldInput {...p} field={{ ...p.field, optionsUrl }} />;
};

/** a form field's input: a dependent select where the field says so, else its value type's input */
export const FormInput = (p: InputProps) =>
  p.field.optionsBy && p.field.optionsUrl && p.mode !== 'batch' ? (
    <DependentSelect {...p} by={p.field.optionsBy} url={p.field.optionsUrl} />
  ) : p.field.byVillage && p.field.optionsUrl ? (
    <VillageSelect {...p} url={p.field.optionsUrl} />
  ) : (
    <FieldInput {...p} />
  );

/** An ID card field with a fill map fills sex / birth date once the number typed is valid. */
const IdCardFill = ({ field }: { field: FieldConfig }) => {
  const form = Form.useFormInstance();
  const value: unknown = Form.useWatch(field.prop, form);
  useEffect(() => {
    const values = fillFromIdCard(field.fill ?? {}, value);
    if (Object.keys(values).length) form.setFieldsValue(values);
  }, [value, field.fill, form]);
  return null;
};

/** the watchers of a form's fields that fill others from what is typed */
export const FormFills = ({ fields }: { fields: readonly FieldConfig[] }) => (
  <>
    {fields
      .filter((f) => f.fill && f.rules.some((r) => r.validator === 'idcard'))
      .map((f) => (
        <IdCardFill key={f.prop} field={f} />
      ))}
  </>
);
