import type { Module } from '../types.ts';
import { authRoutes } from './routes.ts';

export const authModule: Module = { name: 'auth', register: authRoutes };
