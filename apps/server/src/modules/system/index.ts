import type { Module } from '../types.ts';
import { systemRoutes } from './routes.ts';

export const systemModule: Module = { name: 'system', register: systemRoutes };
