import type { ScreenConfig, ToolbarButton } from '@5a/contracts';
import type { ComponentType } from 'react';
import type { PermCheck } from '../logic/perm.ts';
import type { ListContext } from '../list/context.ts';
import type { ToolbarActionType } from '@5a/contracts';
import { warnOnce } from './warnOnce.ts';

/** A toolbar action renders its own button (use <ToolbarAction/>) and whatever dialog it opens. */
export type ToolbarActionProps = { button: ToolbarButton; ctx: ListContext };
export type ActionOptions = {
  /** an extra client-side permission check (as <Can>), e.g. domain buttons */
  perm?: (config: ScreenConfig, tabType?: string) => PermCheck | undefined;
};
export type ActionEntry = { component: ComponentType<ToolbarActionProps>; options: ActionOptions };

const actions = new Map<ToolbarActionType, ActionEntry>();

/** Registers the component for a toolbar button type (a contract toolbar type). */
export const registerAction = (
  type: ToolbarActionType,
  component: ComponentType<ToolbarActionProps>,
  options: ActionOptions = {},
) => {
  actions.set(type, { component, options });
};

/**
 * The entry for a type; an unregistered type renders nothing and is logged once. Typed by the web's
 * keys: a contract type the web has no key for does not compile here.
 */
export const getAction = (type: ToolbarActionType): ActionEntry | undefined => {
  const hit = actions.get(type);
  if (!hit) warnOnce('toolbar action', type);
  return hit;
};

export const hasAction = (type: ToolbarActionType) => actions.has(type);

/** The types registered so far (for the registry's own test). */
export const registeredActionTypes = () => [...actions.keys()];
