import type { LoginKind } from '../auth-rules.ts';
import type { IndexModule } from '../dashboard.ts';
import { endpoint, type Id } from '../endpoint.ts';
import type { MenuNode } from '../menu.ts';
import type { Option } from '../screen.ts';

/** A record of a system screen as its list shows it: field prop → value. */
export type ApiRow = Record<string, unknown>;

/** 首页模块 of a role: every panel with its title, and the ones the role has. */
export type RoleModules = {
  id: number;
  name: string;
  index_module: IndexModule[];
  options: { value: IndexModule; label: string }[];
};
export type SaveRoleModulesBody = {
  id: Id;
  /** panel names, as an array or comma-separated */
  index_module: string[] | string;
};

/** The system screens' own reads (dictionaries, menus, settings, departments) and a role's workbench panels. */
export const systemApi = {
  /** the caller's dictionaries (own and shared rows, enabled only), grouped by type */
  dict: endpoint<{ dict_type?: string }, Record<string, Option[]>>('/api/dict'),
  /** a menu's children (0: the top), each saying whether it has children of its own */
  menuChildren: endpoint<{ parent_id?: Id; app_type?: LoginKind }, (ApiRow & { hasChildren: boolean })[]>(
    '/api/menu/find_menus',
  ),
  /** an app's whole menu tree */
  menuTree: endpoint<{ app_type?: LoginKind }, MenuNode[]>('/api/menu/menus'),
  /** the settings of one type; a secret shows only whether it is set */
  configs: endpoint<{ type?: number | string }, ApiRow[]>('/api/configs/find_all'),
  /** every department, or those whose name contains the filter */
  depts: endpoint<{ filter?: string }, ApiRow[]>('/api/dept/findall'),
  roleModules: endpoint<{ id: Id }, RoleModules>('/System/Role/indexModule'),
  saveRoleModules: endpoint<SaveRoleModulesBody, { id: number; index_module: string[] }>(
    '/System/Role/saveIndexModule',
  ),
} as const;
