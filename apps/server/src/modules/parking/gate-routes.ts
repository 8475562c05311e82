import type { FastifyInstance } from 'fastify';
import type { Screen } from '../../core/screens/define.ts';
import type { ModuleDeps } from '../types.ts';

export const gateScreens: readonly Screen[] = [];

export const registerGateRoutes = (_app: FastifyInstance, _deps: ModuleDeps): void => undefined;
