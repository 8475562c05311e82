import type { Module } from '../types.ts';
import { repairRoutes } from './routes.ts';

export const repairModule: Module = { name: 'repair', register: repairRoutes };
