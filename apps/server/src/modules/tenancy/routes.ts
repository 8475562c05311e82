import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../types.ts';
import { registerForm } from '../../core/engine/form.ts';
import { tenantInfoForm } from './form.ts';

export const tenancyRoutes = (app: FastifyInstance, { db }: ModuleDeps) => {
  registerForm(app, db, tenantInfoForm);
};
