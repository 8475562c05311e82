import { lazyComponent } from '../../engine/registry/lazyComponent.tsx';
import { registerRowAction } from '../../engine/registry/rowActions.ts';

/** The dashboard's engine entries: the role list's 首页模块 row action. */
export const registerDashboardExtensions = () => {
  registerRowAction(
    'indexModule',
    lazyComponent(() => import('./IndexModuleAction.tsx').then((m) => m.IndexModuleRowAction)),
  );
};
