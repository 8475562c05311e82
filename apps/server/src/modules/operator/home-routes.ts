import type { FastifyInstance } from 'fastify';
import type { Screen } from '../../core/screens/define.ts';
import type { ModuleDeps } from '../types.ts';

export const homeScreens: readonly Screen[] = [];

export const registerHomeRoutes = (_app: FastifyInstance, _deps: ModuleDeps): void => undefined;
