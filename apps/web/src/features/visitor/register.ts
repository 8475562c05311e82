import { lazyComponent } from '../../engine/registry/lazyComponent.tsx';
import { registerRowAction } from '../../engine/registry/rowActions.ts';

/** 访客记录: 审核 on a visitor waiting for review (the 访客二维码 dialog registers itself by its file name). */
export const registerVisitorExtensions = (): void => {
  registerRowAction(
    'visitorReview',
    lazyComponent(() => import('./ReviewDialog.tsx').then((m) => m.ReviewRowAction)),
  );
};
