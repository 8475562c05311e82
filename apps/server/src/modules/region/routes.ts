import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { regionApi } from '@5a/contracts/endpoints/region';
import { serve } from '../../core/http/endpoint.ts';
import type { ModuleDeps } from '../types.ts';
import { REGION_ROOT, regionChildren, regionPath } from './service.ts';

export const regionRoutes = (app: FastifyInstance, _deps: ModuleDeps) => {
  const tags = ['地区'];
  serve(
    app,
    regionApi.children,
    {
      tags,
      summary: '地区字典（按上级懒加载，根 000000）',
      body: z
        .object({
          parentId: z.coerce
            .string()
            .regex(/^\d{1,12}$/, 'parentId 格式错误')
            .default(REGION_ROOT),
        })
        .optional(),
      reply: z.array(z.object({ label: z.string(), value: z.string().describe('地区编码'), isLeaf: z.boolean() })),
      access: 'user',
      writes: false,
    },
    async (body) => regionChildren(body?.parentId ?? REGION_ROOT),
  );
  serve(
    app,
    regionApi.names,
    {
      tags,
      summary: '地区编码 → 完整名称',
      body: z.object({ codes: z.array(z.coerce.string()).max(1000, '一次最多1000个编码') }),
      reply: z.record(z.string(), z.string()).describe('编码 → 省 / 市 / 区，未知编码为空'),
      access: 'user',
      writes: false,
    },
    async (body) => Object.fromEntries(body.codes.map((c) => [c, regionPath(c)])),
  );
};
