import type { Module } from '../types.ts';
import { systemRoutes } from './routes.ts';
import { systemResources } from './resource.ts';

export const systemModule: Module = { name: 'system', register: systemRoutes, screens: systemResources.map((r) => r.def) };
