import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema, INT4_MAX, listReplySchema, MAX_PAGE } from '@5a/contracts';
import { replySchema } from '../http/endpoint.ts';
import { ok } from '../http/envelope.ts';
import { permCodes } from './config.ts';
import { searchValue } from './list-body.ts';
import { callerOf } from '../http/access.ts';
import type { ResourceService } from './service.ts';
import type { ResourceDef, Row } from './types.ts';

const idBody = z.object({ id: idSchema });
/** one record as the api answers it: field prop → value */
export const apiRow = z.record(z.string(), z.unknown()).describe('一行：字段 prop → 值');
/** what each call answers in its envelope's data (checked in tests, shown in /docs) */
const replies = (data: z.ZodType) => ({ 200: replySchema(data) });
/** paging in either spelling; the list itself checks size against the screen's page size */
const pageNumber = (label: string, max: number) =>
  z.coerce
    .number({ error: `${label} 格式错误` })
    .int(`${label} 格式错误`)
    .min(1, `${label} 必须大于0`)
    .max(max, `${label} 不能超过${max}`)
    .optional();

/**
 * The generic CRUD api (/api/{name}/index|create|update|delete) over the same resource service
 * the engine routes use: one implementation, two call shapes.
 */
export const registerApiCrud = (app: FastifyInstance, def: ResourceDef, name: string, svc: ResourceService) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const base = `/api/${name}`;
  const tags = [def.title];
  const perm = (a: 'view' | 'add' | 'edit' | 'remove') => ({ anyOf: permCodes(def, a) });
  const pageBody = z
    .object({
      current: pageNumber('current', MAX_PAGE),
      page: pageNumber('page', MAX_PAGE),
      size: pageNumber('size', INT4_MAX),
      page_size: pageNumber('page_size', INT4_MAX),
    })
    .catchall(searchValue)
    .describe('分页（current/page、size/page_size）；其余键为该页面的搜索字段')
    .optional();

  api.post(
    `${base}/index`,
    {
      schema: { tags, summary: `${def.title}列表（分页）`, body: pageBody, response: replies(listReplySchema) },
      config: { access: perm('view'), writes: false },
    },
    async (req) => {
      const b = (req.body ?? {}) as Row & { current?: number; page?: number; size?: number; page_size?: number };
      return ok(
        await svc.list(callerOf(req), { ...b, current: b.current ?? b.page ?? 1, size: b.size ?? b.page_size ?? 10 }),
      );
    },
  );
  api.put(
    `${base}/create`,
    {
      schema: {
        tags,
        summary: `新增${def.title}`,
        body: z.object({}).catchall(z.unknown()).describe('表单字段：键为该页面表单的字段 prop'),
        response: replies(z.object({ id: z.number().int() })),
      },
      config: { access: perm('add'), writes: true },
    },
    async (req) => ok({ id: await svc.add(callerOf(req), req.body) }, '保存成功!'),
  );
  api.post(
    `${base}/update`,
    {
      schema: { tags, summary: `读取${def.title}`, body: idBody, response: replies(apiRow) },
      config: { access: perm('view'), writes: false },
    },
    async (req) => ok(await svc.detail(callerOf(req), req.body.id)),
  );
  api.put(
    `${base}/update`,
    {
      schema: {
        tags,
        summary: `保存${def.title}`,
        body: idBody.catchall(z.unknown()).describe('{id, ...表单字段}；其余键为该页面表单的字段 prop'),
        response: replies(z.null()),
      },
      config: { access: perm('edit'), writes: true },
    },
    async (req) => {
      await svc.edit(callerOf(req), req.body as Row);
      return ok(null, '修改成功!');
    },
  );
  api.delete(
    `${base}/delete`,
    {
      schema: { tags, summary: `删除${def.title}`, response: replies(z.null()) },
      config: { access: perm('remove'), writes: true },
    },
    async (req) => {
      const { id } = idBody.parse({ ...(req.query as Row), ...((req.body as Row | undefined) ?? {}) });
      await svc.del(callerOf(req), [id]);
      return ok(null, '删除成功!');
    },
  );
};
