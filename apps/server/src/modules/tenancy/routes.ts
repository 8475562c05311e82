import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../core/engine/routes.ts';
import type { ModuleDeps } from '../types.ts';
import { villageResource } from './resource.ts';
import { registerForm } from '../../core/engine/form.ts';
import { tenantInfoForm } from './form.ts';

export const tenancyRoutes = (app: FastifyInstance, { db }: ModuleDeps) => {
  registerResource(app, db, villageResource);
  registerForm(app, db, tenantInfoForm);
};
