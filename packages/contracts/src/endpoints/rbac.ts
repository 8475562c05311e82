import { endpoint, type Endpoint, type Id } from '../endpoint.ts';

/** A page or group of the menu tree one may grant. */
export type GrantNode = { id: number; label: string; children: GrantNode[] };
/** A role's (or a user's) grants as the permission dialog loads them: the tree and what is checked in it. */
export type Grants = {
  list: GrantNode[];
  /** the checked leaves: the tree derives its groups' state from them */
  menuIdList: number[];
  /** '<menuId>_<action>' */
  resourcelist: string[];
  /** the same list under the original's misspelt name */
  resourc: string[];
};
/** One of a page's five resources ('<menuId>_add' 新增 …). */
export type GrantResource = { id: string; name: string };
export type GrantSave = { id: Id; menu?: Id[]; resource?: string[] };

/** The menu set a template role's grants are for: web 端 or 移动端 (which has no menus yet). */
export type MenuSet = 'web' | 'app';
/** The app whose menus a template role hands out: a property company's (tenant) or an operator's. */
export type TemplateAppType = 'tenant' | 'operator';
export type TemplateTarget = { id: Id; menuType?: MenuSet; appType?: TemplateAppType };

/** The three calls of the permission dialog, whoever's grants it edits. */
export type GrantCalls<Target, Save> = {
  grants: Endpoint<Target, Grants>;
  /** `id` is the page's menu id */
  resources: Endpoint<Target, GrantResource[]>;
  save: Endpoint<Save, null>;
};

const T = '/Sys/TenantPermissionCommon';

/** The grants of roles, users and platform template roles (the caller's own menu: authApi.menu). */
export const rbacApi = {
  role: {
    grants: endpoint<{ id: Id }, Grants>('/System/Role/roleMenu'),
    resources: endpoint<{ id: Id }, GrantResource[]>('/System/Role/sourcemenu'),
    save: endpoint<GrantSave, null>('/System/Role/rolePermissionSave'),
  } satisfies GrantCalls<{ id: Id }, GrantSave>,
  /** a user's own grants (a hidden personal role beside his roles); saving none revokes them */
  user: {
    grants: endpoint<{ id: Id }, Grants>('/System/User/authmenu'),
    resources: endpoint<{ id: Id }, GrantResource[]>('/System/User/sourcemenu'),
    save: endpoint<GrantSave, null>('/System/User/saveauthsource'),
  } satisfies GrantCalls<{ id: Id }, GrantSave>,
  /** a platform template role, over the menus of the app it is a template for */
  template: {
    grants: endpoint<TemplateTarget, Grants>(`${T}/roleMenu`),
    resources: endpoint<TemplateTarget, GrantResource[]>(`${T}/roleMenuOperate`),
    save: endpoint<GrantSave & TemplateTarget, null>(`${T}/rolePermissionSave`),
  } satisfies GrantCalls<TemplateTarget, GrantSave & TemplateTarget>,
} as const;
