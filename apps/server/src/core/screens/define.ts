import type { AppType, MenuButton, MenuPlacement, ResourceDef } from '../engine/types.ts';

export type { AppType, MenuButton, MenuPlacement };

/**
 * A screen that is not an engine list: a workbench, a dashboard, a dynamic form, a special page, or a
 * list whose declaration does not exist yet (the web renders 建设中 for it).
 */
export type PageDef = {
  /** route name, the permission prefix of its buttons */
  name: string;
  path: string;
  title: string;
  component: string;
  menu: MenuPlacement | MenuPlacement[];
  /**
   * Held by the super administrator alone (a company's whole data, say): never offered when granting a role, a user
   * or a role template, refused when sent, and given to nobody else by a grant an older release stored.
   */
  superOnly?: true;
};

/** Everything a module can put into a menu. */
export type Screen = ResourceDef | PageDef;

export const definePage = (def: PageDef): PageDef => def;

export const isResource = (s: Screen): s is ResourceDef => 'table' in s;

/** A group of an app's menu tree, declared once; `key` stays when the title changes. */
export type MenuGroup = { key: string; title: string; icon: string; order: number };

/** A platform dictionary: its type and built-in values ([label, value]). */
export type DictDecl = { type: string; name: string; items: [string, string][] };

/** What the start-up sync writes: every screen, the groups per app, the platform dictionaries. */
export type Catalog = {
  screens: readonly Screen[];
  groups: Record<AppType, MenuGroup[]>;
  buttonLabels: Record<MenuButton, string>;
  dicts: readonly DictDecl[];
};
