import type { ScreenConfig, ToolbarButton } from '@5a/contracts';
import type { ComponentType } from 'react';
import type { PermCheck } from '../logic/perm.ts';
import type { ListContext } from '../list/context.ts';
import { warnOnce } from './warnOnce.ts';

/** A toolbar action renders its own button (use <ToolbarAction/>) and whatever dialog it opens. */
export type ToolbarActionProps = { button: ToolbarButton; ctx: ListContext };
export type ActionOptions = {
  /** an extra client-side permission check (as <Can>), e.g. domain buttons */
  perm?: (config: ScreenConfig, tabType?: string) => PermCheck | undefined;
};
export type ActionEntry = { component: ComponentType<ToolbarActionProps>; options: ActionOptions };

const actions = new Map<string, ActionEntry>();

/** Registers the component for a toolbar button type (add, drag, export … or a domain key). */
export const registerAction = (type: string, component: ComponentType<ToolbarActionProps>, options: ActionOptions = {}) => {
  actions.set(type, { component, options });
};

/** The entry for a type; an unknown type renders nothing and is logged once. */
export const getAction = (type: string): ActionEntry | undefined => {
  const hit = actions.get(type);
  if (!hit) warnOnce('toolbar action', type);
  return hit;
};

export const hasAction = (type: string) => actions.has(type);
