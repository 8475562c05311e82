import type { Module } from '../types.ts';
import { assignRoutes, rbacRoutes } from './routes.ts';

export { loadAccess } from './service.ts';

export const rbacModule: Module = {
  name: 'rbac',
  register: (api, deps) => {
    rbacRoutes(api, deps);
    assignRoutes(api, deps);
  },
};

/** The roles and their users, read by the home dashboard (a role's panels). */
export { roles, userRoles } from './schema.ts';
/** What the system module's user and role screens check and show: grants, personal roles, the menu tree. */
export { buildMenuTree, bumpAccessVersion, isPersonalCode, personalRoleCode, setMenuGate } from './service.ts';
export type { AccessReader, MenuGate } from './service.ts';
export { refuseUngrantableRoles, refuseWiderScope } from './grant-roles.ts';
export { notPersonalRole } from './assign.ts';
/** The platform's template roles (copied into new companies and operators) are granted over those apps' menus. */
export { saveTemplateAuth, templateAuthView, templateMenuResources, type TemplateApp } from './assign.ts';
export { grantResourcesReply, grantsReply } from './replies.ts';
export { menus } from './schema.ts';
/** New companies and operators get copies of the platform's template roles with their grants. */
export { roleMenus, roleResources } from './schema.ts';
