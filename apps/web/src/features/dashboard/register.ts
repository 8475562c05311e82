import { registerRowAction } from '../../engine/registry/rowActions.ts';
import { IndexModuleRowAction } from './IndexModuleAction.tsx';

/** The dashboard's engine entries: the role list's 首页模块 row action. */
export const registerDashboardExtensions = () => {
  registerRowAction('indexModule', IndexModuleRowAction);
};
