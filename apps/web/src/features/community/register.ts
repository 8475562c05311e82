import { lazyComponent } from '../../engine/registry/lazyComponent.tsx';
import { registerRowAction } from '../../engine/registry/rowActions.ts';

/** 社区: 邻里圈's 审核 and 个人动态, 广告位's 预订 (the H5 page is a page of its own). */
export const registerCommunityExtensions = (): void => {
  registerRowAction(
    'neighbourAudit',
    lazyComponent(() => import('./neighbourAudit.tsx').then((m) => m.NeighbourAuditRowAction)),
  );
  registerRowAction(
    'personalDynamics',
    lazyComponent(() => import('./neighbourDynamics.tsx').then((m) => m.PersonalDynamicsRowAction)),
  );
  registerRowAction(
    'advertBook',
    lazyComponent(() => import('./advertBook.tsx').then((m) => m.AdvertBookRowAction)),
  );
};
