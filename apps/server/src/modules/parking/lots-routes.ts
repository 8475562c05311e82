import type { FastifyInstance } from 'fastify';
import type { Screen } from '../../core/screens/define.ts';
import type { ModuleDeps } from '../types.ts';

export const lotsScreens: readonly Screen[] = [];

export const registerLotsRoutes = (_app: FastifyInstance, _deps: ModuleDeps): void => undefined;
