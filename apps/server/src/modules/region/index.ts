import type { Module } from '../types.ts';
import { regionRoutes } from './routes.ts';
import { isRegionCode } from './service.ts';

export const regionModule: Module = { name: 'region', register: regionRoutes, platform: { isRegionCode } };
