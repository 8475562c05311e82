import { pictureInvalid } from '../../document/index.ts';

/** The company setting (参数配置) naming the https addresses its cameras' snapshots may come from. */
export const PICTURE_PREFIXES_KEY = 'parking_picture_prefixes';
export const PICTURE_INVALID = pictureInvalid(PICTURE_PREFIXES_KEY);
export { allowedPicture, mayBePicture } from '../../document/index.ts';
