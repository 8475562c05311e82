import { Input } from 'antd';
import type { InputProps } from '../registry/inputs.ts';
import { placeholderOf, str, TextInput } from './basic.tsx';

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
