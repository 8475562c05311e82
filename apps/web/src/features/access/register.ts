import { lazyComponent } from '../../engine/registry/lazyComponent.tsx';
import { registerRowAction } from '../../engine/registry/rowActions.ts';

/** 门禁管理: 刷新人脸 on a door's row (the toolbar dialogs register themselves by their file names). */
export const registerAccessExtensions = (): void => {
  registerRowAction(
    'faceRefresh',
    lazyComponent(() => import('./FaceRefresh.tsx').then((m) => m.FaceRefreshRowAction)),
  );
};
