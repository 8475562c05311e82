import type { Module } from '../types.ts';
import { documentRoutes } from './routes.ts';

export const documentModule: Module = { name: 'document', register: documentRoutes };
export { tenantFilePrefix } from './service.ts';
