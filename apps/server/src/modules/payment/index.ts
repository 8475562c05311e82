import type { Module } from '../types.ts';
import { paymentRoutes } from './routes.ts';

export const paymentModule: Module = { name: 'payment', register: paymentRoutes };
