import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idOf } from '@5a/contracts';
import { H5_MODULES, h5Api } from '@5a/contracts/endpoints/community-h5';
import { callerOf } from '../../../core/http/access.ts';
import { serve, withMsg } from '../../../core/http/endpoint.ts';
import type { ModuleDeps } from '../../types.ts';
import { categoryResource } from './category.ts';
import { showH5, updateH5 } from './modules.ts';

const tags = ['H5功能设置'];
const known = new Set<number>(H5_MODULES.map((m) => m.module_id));
const moduleList = z
  .array(z.union([z.number(), z.string()]), { error: '功能模块 格式错误' })
  .max(H5_MODULES.length * 2, '功能模块 格式错误')
  .transform((l) => l.map(Number))
  .refine((l) => l.every((n) => known.has(n)), '功能模块 不存在');

const villageBody = z.object({ village_id: idOf('所属小区') });
const updateBody = z.object({ village_id: idOf('所属小区'), module_id: moduleList });

export const h5Screens = [categoryResource];

/** H5功能设置: which resident modules each village has on. */
export const registerH5Routes = (app: FastifyInstance, { db }: ModuleDeps): void => {
  serve(
    app,
    h5Api.show,
    {
      tags,
      summary: '小区的H5功能模块 {village_id} → [{module_id, name, is_pro, has}]',
      body: villageBody,
      reply: z.array(
        z.object({ module_id: z.number().int(), name: z.string(), is_pro: z.number().int(), has: z.boolean() }),
      ),
      access: { perm: 'H5Functions:view' },
      writes: false,
    },
    async (body, req) => showH5(db, callerOf(req), body.village_id),
  );
  serve(
    app,
    h5Api.update,
    {
      tags,
      summary: '保存小区的H5功能模块 {village_id, module_id[]}：所列开启，其余关闭',
      body: updateBody,
      reply: z.object({ module_id: z.array(z.number().int()) }),
      access: { perm: 'H5Functions:edit' },
      writes: true,
    },
    async (body, req) => withMsg(await updateH5(db, callerOf(req), body.village_id, body.module_id), '保存成功!'),
  );
};
