import type { FastifyInstance } from 'fastify';
import type { Screen } from '../../core/screens/define.ts';
import type { ModuleDeps } from '../types.ts';
import { routeResource } from './lines-resource.ts';

/** 巡更路线: routes, their ordered points, patrol times and 巡更派发. */
export const linesScreens: readonly Screen[] = [routeResource];

export const registerLineRoutes = (_api: FastifyInstance, _deps: ModuleDeps): void => undefined;
