import type { FieldConfig } from '@5a/contracts';
import type { ComponentType } from 'react';
import type { Row } from '../list/context.ts';
import type { FormMode } from '../logic/rules.ts';
import { warnOnce } from './warnOnce.ts';

export type InputMode = FormMode | 'search' | 'cell';

/**
 * An input edits one field value. antd Form.Item passes value/onChange; values are API values
 * (dates as 'YYYY-MM-DD' strings, switch 1/2, uploads as comma-joined paths).
 */
export type InputProps = {
  field: FieldConfig;
  value?: unknown;
  onChange?: (value: unknown) => void;
  mode: InputMode;
  /** the row being edited (edit/detail), when there is one */
  record?: Row;
  id?: string;
  disabled?: boolean;
};

const inputs = new Map<string, ComponentType<InputProps>>();

/** Registers the input of a value type (text, select, image … or a new type / picker). */
export const registerInput = (valueType: string, component: ComponentType<InputProps>) => {
  inputs.set(valueType, component);
};

/** The input of a value type; unknown types fall back to the text input. */
export const getInput = (valueType: string): ComponentType<InputProps> | undefined => {
  const hit = inputs.get(valueType);
  if (hit) return hit;
  warnOnce('input', valueType);
  return inputs.get('text');
};
