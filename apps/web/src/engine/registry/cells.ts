import type { FieldConfig } from '@5a/contracts';
import type { ComponentType } from 'react';
import type { Row } from '../list/context.ts';
import { warnOnce } from './warnOnce.ts';

/** A cell renderer shows one value of a row (tables, detail dialogs). */
export type CellProps = { field: FieldConfig; value: unknown; row: Row };

const cells = new Map<string, ComponentType<CellProps>>();

/** Registers the renderer of a value type (text, dict, money, image … or a new type). */
export const registerCell = (valueType: string, component: ComponentType<CellProps>) => {
  cells.set(valueType, component);
};

/** The renderer of a value type; unknown types fall back to the text renderer. */
export const getCell = (valueType: string): ComponentType<CellProps> | undefined => {
  const hit = cells.get(valueType);
  if (hit) return hit;
  warnOnce('cell renderer', valueType);
  return cells.get('text');
};
