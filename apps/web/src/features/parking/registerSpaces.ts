import { lazyComponent } from '../../engine/registry/lazyComponent.tsx';
import { registerAction } from '../../engine/registry/actions.ts';

/** Parking spaces: 批量生成; car parks: 临时停车费二维码. */
export const registerParkingSpaces = (): void => {
  registerAction(
    'parkingSpaceGenerate',
    lazyComponent(() => import('./SpacesGenerate.tsx').then((m) => m.SpacesGenerateAction)),
  );
  registerAction(
    'parkingTempQr',
    lazyComponent(() => import('./TempQrAction.tsx').then((m) => m.TempQrAction)),
  );
};
