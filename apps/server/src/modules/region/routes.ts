import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../core/http/envelope.ts';
import type { ModuleDeps } from '../types.ts';
import { REGION_ROOT, regionChildren, regionPath } from './service.ts';

export const regionRoutes = (app: FastifyInstance, _deps: ModuleDeps) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    '/Common/Dict/RegionDict/index',
    {
      schema: {
        tags: ['地区'],
        summary: '地区字典（按上级懒加载，根 000000）',
        body: z
          .object({
            parentId: z.coerce
              .string()
              .regex(/^\d{1,12}$/, 'parentId 格式错误')
              .default(REGION_ROOT),
          })
          .optional(),
      },
      config: { access: 'user', writes: false },
    },
    async (req) => ok(regionChildren(req.body?.parentId ?? REGION_ROOT)),
  );
  api.post(
    '/Common/Dict/RegionDict/names',
    {
      schema: {
        tags: ['地区'],
        summary: '地区编码 → 完整名称',
        body: z.object({ codes: z.array(z.coerce.string()).max(1000, '一次最多1000个编码') }),
      },
      config: { access: 'user', writes: false },
    },
    async (req) => ok(Object.fromEntries(req.body.codes.map((c) => [c, regionPath(c)]))),
  );
};
