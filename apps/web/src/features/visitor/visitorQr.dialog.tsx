import { visitorApi } from '@5a/contracts/endpoints/visitor';
import { lazyComponent } from '../../engine/registry/lazyComponent.tsx';
import { toolbarDialog } from '../../engine/registry/dialogs.tsx';

/** 访客二维码 on 访客记录; the dialog (and the QR library) load with its first opening. */
export default toolbarDialog(
  visitorApi.qrcode,
  lazyComponent(() => import('./QrDialog.tsx').then((m) => m.QrDialog)),
);
