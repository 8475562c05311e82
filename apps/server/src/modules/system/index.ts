import type { Module } from '../types.ts';
import { systemRoutes } from './routes.ts';
import { systemResources } from './resource.ts';
import { dictionaries, dictItems } from './dicts.ts';

export const systemModule: Module = { name: 'system', register: systemRoutes, screens: systemResources.map((r) => r.def), platform: { dictItems, dictionaries } };
