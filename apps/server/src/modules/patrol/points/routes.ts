import type { FastifyInstance } from 'fastify';
import type { Screen } from '../../../core/screens/define.ts';
import type { ModuleDeps } from '../../types.ts';
import { registerQrRoutes } from './qr.ts';
import { intellPointResource } from './resource.ts';

/** 巡更点位: the point screen, its QR pages' data. */
export const pointsScreens: readonly Screen[] = [intellPointResource];

export const registerPointRoutes = (api: FastifyInstance, deps: ModuleDeps): void => registerQrRoutes(api, deps);
