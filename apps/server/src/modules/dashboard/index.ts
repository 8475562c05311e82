import type { Module } from '../types.ts';
import { dashboardRoutes } from './routes.ts';

/** The home dashboard's panels (read from the other modules' exports), a role's panel assignment and the repair statistics. */
export const dashboardModule: Module = { name: 'dashboard', register: dashboardRoutes };
