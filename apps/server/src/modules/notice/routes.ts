import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { asc } from 'drizzle-orm';
import { z } from 'zod';
import { idOf } from '@5a/contracts';
import { actorOf, callerOf } from '../../core/http/access.ts';
import { ok } from '../../core/http/envelope.ts';
import { tenants } from '../tenancy/index.ts';
import type { ModuleDeps } from '../types.ts';
import { NOTICE_BASE } from './resource.ts';
import { getAbnormal, getAbnormalDetail, unNotified, upNotice } from './service.ts';
import { streamRoute } from './stream.ts';

const tags = ['平台公告与异常告警'];
const noBody = z.object({}).describe('无参数').nullish();

/** The header's notices, the abnormal alerts and their event stream; the list screen itself is declared. */
export const noticeRoutes = (app: FastifyInstance, deps: ModuleDeps) => {
  const { db } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    `${NOTICE_BASE}/unNotified`,
    {
      schema: { tags, summary: '当前用户未读的平台公告 [{id,title,published_at}]', body: noBody },
      config: { access: 'user', writes: false },
    },
    async (req) => ok(await unNotified(db, actorOf(req))),
  );
  api.post(
    `${NOTICE_BASE}/upNotice`,
    {
      schema: { tags, summary: '标记一条公告已读 {nid}（重复标记不变）', body: z.object({ nid: idOf('nid') }) },
      config: { access: 'user', writes: true },
    },
    async (req) => {
      await upNotice(db, actorOf(req), req.body.nid);
      return ok(null, '标记成功');
    },
  );
  api.post(
    `${NOTICE_BASE}/getAbnormal`,
    {
      schema: {
        tags,
        summary: '未处理的异常告警 {abnormal_list（is_read 1 已查看）, abnormal_num 未查看数}（数据范围内的小区）',
        body: noBody,
      },
      config: { access: 'user', writes: false },
    },
    async (req) => ok(await getAbnormal(db, callerOf(req))),
  );
  api.post(
    `${NOTICE_BASE}/getAbnormalDetail`,
    {
      schema: { tags, summary: '异常告警详情 {id}（查看即标记已看）', body: z.object({ id: idOf('id') }) },
      // reading an alert stays open to a read-only company: the receipt it leaves is a record of the reading
      // (like the sensitive-data view audit), not a change to the company's data
      config: { access: 'user', writes: false },
    },
    async (req) => ok(await getAbnormalDetail(db, callerOf(req), req.body.id)),
  );
  api.post(
    `${NOTICE_BASE}/tenantOptions`,
    {
      schema: { tags, summary: '发布范围可选的物业公司 {label,value}', body: noBody },
      config: { access: { anyOf: ['PlatformInformation:add', 'PlatformInformation:edit'] }, writes: false },
    },
    async (req) => {
      if (actorOf(req).kind !== 'sys') return ok([]);
      const rows = await db.select({ value: tenants.id, label: tenants.name }).from(tenants).orderBy(asc(tenants.id));
      return ok(rows);
    },
  );
  streamRoute(app, deps);
};
