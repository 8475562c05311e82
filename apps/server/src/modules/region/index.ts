import type { Module } from '../types.ts';
import { regionRoutes } from './routes.ts';

export const regionModule: Module = { name: 'region', register: regionRoutes };
