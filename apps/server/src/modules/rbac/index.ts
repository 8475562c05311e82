import type { Module } from '../types.ts';
import { rbacRoutes } from './routes.ts';

export const rbacModule: Module = { name: 'rbac', register: rbacRoutes };
