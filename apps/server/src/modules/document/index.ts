import type { Module } from '../types.ts';
import { documentRoutes } from './routes.ts';

export const documentModule: Module = { name: 'document', register: documentRoutes };
export { tenantFilePrefix } from './service.ts';
/** a device's snapshot address: the company's own upload or under its allowed https prefixes */
export { allowedPicture, mayBePicture, pictureInvalid } from './device-picture.ts';
/** the uploads folder and the one way files enter it (a public page stores under the company it serves) */
export { storeUpload, uploadStorage } from './service.ts';
export { mimeByExt } from './routes.ts';
