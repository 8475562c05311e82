import { Switch } from 'antd';
import type { InputProps } from '../registry/inputs.ts';
import { SelectInput } from './basic.tsx';

/** switch: 1 on, 2 off, as every flag of the product. */
export const SwitchInput = (p: InputProps) =>
  p.mode === 'search' ? (
    <SelectInput {...p} />
  ) : (
    <Switch id={p.id} checked={Number(p.value) === 1} onChange={(c) => p.onChange?.(c ? 1 : 2)} disabled={p.disabled} />
  );
