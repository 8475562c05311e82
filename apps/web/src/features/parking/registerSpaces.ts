import { registerAction } from '../../engine/registry/actions.ts';
import { SpacesGenerateAction } from './SpacesGenerate.tsx';

/** Parking spaces: 批量生成. */
export const registerParkingSpaces = (): void => {
  registerAction('parkingSpaceGenerate', SpacesGenerateAction);
};
