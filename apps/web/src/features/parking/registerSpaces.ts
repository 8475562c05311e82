import { registerAction } from '../../engine/registry/actions.ts';
import { SpacesGenerateAction } from './SpacesGenerate.tsx';
import { TempQrAction } from './TempQrAction.tsx';

/** Parking spaces: 批量生成; car parks: 临时停车费二维码. */
export const registerParkingSpaces = (): void => {
  registerAction('parkingSpaceGenerate', SpacesGenerateAction);
  registerAction('parkingTempQr', TempQrAction);
};
