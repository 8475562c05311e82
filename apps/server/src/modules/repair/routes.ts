import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../core/http/access.ts';
import { ok } from '../../core/http/envelope.ts';
import type { ModuleDeps } from '../types.ts';
import { unreadReportCount } from './service.ts';

export const repairRoutes = (app: FastifyInstance, { db }: ModuleDeps) => {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/Web/Repair/ReportThings/getReportNumData',
    { schema: { tags: ['报修'], summary: '未读事件上报数（铃铛）', body: z.object({}).describe('无参数').optional() }, config: { access: { perm: 'ReportThings:view' } } },
    async (req) => ok({ num: await unreadReportCount(db, callerOf(req)) }),
  );
};
