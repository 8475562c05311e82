import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../core/http/access.ts';
import { ok } from '../../core/http/envelope.ts';
import type { ModuleDeps } from '../types.ts';
import { callerMenu } from './service.ts';

export const rbacRoutes = (app: FastifyInstance, { db }: ModuleDeps) => {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/Common/Menu/Menu',
    { schema: { tags: ['菜单'], summary: '当前用户的菜单树与权限标识', body: z.object({}).passthrough().optional() }, config: { access: 'user' } },
    async (req) => ok(await callerMenu(db, actorOf(req))),
  );
};
