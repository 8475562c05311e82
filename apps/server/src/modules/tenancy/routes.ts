import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../core/engine/routes.ts';
import type { ModuleDeps } from '../types.ts';
import { villageResource } from './resource.ts';

export const tenancyRoutes = (app: FastifyInstance, { db }: ModuleDeps) => {
  registerResource(app, db, villageResource);
};
