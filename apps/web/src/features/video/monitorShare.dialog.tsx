import { videoApi } from '@5a/contracts/endpoints/video';
import { lazyComponent } from '../../engine/registry/lazyComponent.tsx';
import { toolbarDialog } from '../../engine/registry/dialogs.tsx';

/**
 * 分享监控 on the camera list. The form and the links' table load with the first opening: the list pages' chunks
 * then name only this small file among their dialogs (their first load is budgeted).
 */
export default toolbarDialog(
  videoApi.shareCreate,
  lazyComponent(() => import('./ShareDialog.tsx').then((m) => m.ShareDialog)),
);
