import type { RowAction } from '@5a/contracts';
import type { ComponentType } from 'react';
import type { ListContext, Row } from '../list/context.ts';
import { warnOnce } from './warnOnce.ts';

/** A row action renders its link (use <RowActionLink/>) and any dialog it opens. */
export type RowActionProps = { action: RowAction; row: Row; ctx: ListContext };

const rowActions = new Map<string, ComponentType<RowActionProps>>();

/** Registers the component for a row action type (edit, delete, detail, childAdd … or a domain key). */
export const registerRowAction = (type: string, component: ComponentType<RowActionProps>) => {
  rowActions.set(type, component);
};

export const getRowAction = (type: string): ComponentType<RowActionProps> | undefined => {
  const hit = rowActions.get(type);
  if (!hit) warnOnce('row action', type);
  return hit;
};
