import type { Module } from '../types.ts';
import { regionRoutes } from './routes.ts';
import { isRegionCode } from './service.ts';

export const regionModule: Module = { name: 'region', register: regionRoutes, platform: { isRegionCode } };
/** A region code's names from the province down (a village's address). */
export { regionPath } from './service.ts';
/** The operator screens offer provinces and cities and check the codes chosen. */
export { isRegionCode, regionChildren } from './service.ts';
