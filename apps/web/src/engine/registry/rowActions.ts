import type { RowAction } from '@5a/contracts';
import type { ComponentType } from 'react';
import type { ListContext, Row } from '../list/context.ts';
import type { RowActionType } from '@5a/contracts';
import { warnOnce } from './warnOnce.ts';

/** A row action renders its link (use <RowActionLink/>) and any dialog it opens. */
export type RowActionProps = { action: RowAction; row: Row; ctx: ListContext };

const rowActions = new Map<RowActionType, ComponentType<RowActionProps>>();

/** Registers the component for a row action type (a contract row type). */
export const registerRowAction = (type: RowActionType, component: ComponentType<RowActionProps>) => {
  rowActions.set(type, component);
};

/** Typed by the web's keys: a contract type the web has no key for does not compile here. */
export const getRowAction = (type: RowActionType): ComponentType<RowActionProps> | undefined => {
  const hit = rowActions.get(type);
  if (!hit) warnOnce('row action', type);
  return hit;
};

/** The types registered so far (for the registry's own test). */
export const registeredRowActionTypes = () => [...rowActions.keys()];
