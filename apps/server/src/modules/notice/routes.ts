import { relayAlerts } from './alerts.ts';
import type { FastifyInstance } from 'fastify';
import { asc } from 'drizzle-orm';
import { z } from 'zod';
import { idOf } from '@5a/contracts';
import { noticeApi } from '@5a/contracts/endpoints/notice';
import { actorOf, callerOf } from '../../core/http/access.ts';
import { serve, withMsg } from '../../core/http/endpoint.ts';
import { tenants } from '../tenancy/index.ts';
import type { ModuleDeps } from '../types.ts';
import { abnormalReply, alertReply, tenantOptionsReply, unNotifiedReply } from './replies.ts';
import { getAbnormal, getAbnormalDetail, unNotified, upNotice } from './service.ts';
import { streamRoute } from './stream.ts';

const tags = ['平台公告与异常告警'];
const noBody = z.object({}).describe('无参数');

/** The header's notices, the abnormal alerts and their event stream; the list screen itself is declared. */
export const noticeRoutes = (app: FastifyInstance, deps: ModuleDeps) => {
  const { db } = deps;
  const stopRelay = relayAlerts(db);
  app.addHook('onClose', async () => stopRelay());
  serve(
    app,
    noticeApi.unNotified,
    {
      tags,
      summary: '当前用户未读的平台公告 [{id,title,published_at}]',
      body: noBody,
      reply: unNotifiedReply,
      access: 'user',
      writes: false,
    },
    async (_body, req) => unNotified(db, actorOf(req)),
  );
  serve(
    app,
    noticeApi.upNotice,
    {
      tags,
      summary: '标记一条公告已读 {nid}（重复标记不变）',
      body: z.object({ nid: idOf('nid') }),
      reply: z.null(),
      access: 'user',
      writes: true,
    },
    async (body, req) => {
      await upNotice(db, actorOf(req), body.nid);
      return withMsg(null, '标记成功');
    },
  );
  serve(
    app,
    noticeApi.getAbnormal,
    {
      tags,
      summary: '未处理的异常告警 {abnormal_list（is_read 1 已查看）, abnormal_num 未查看数}（数据范围内的小区）',
      body: noBody,
      reply: abnormalReply,
      access: 'user',
      writes: false,
    },
    async (_body, req) => getAbnormal(db, callerOf(req)),
  );
  serve(
    app,
    noticeApi.getAbnormalDetail,
    {
      tags,
      summary: '异常告警详情 {id}（查看即标记已看）',
      body: z.object({ id: idOf('id') }),
      reply: alertReply,
      access: 'user',
      // reading an alert stays open to a read-only company: the receipt it leaves is a record of the reading
      // (like the sensitive-data view audit), not a change to the company's data
      writes: false,
    },
    async (body, req) => getAbnormalDetail(db, callerOf(req), body.id),
  );
  serve(
    app,
    noticeApi.tenantOptions,
    {
      tags,
      summary: '发布范围可选的物业公司 {label,value}',
      body: noBody,
      reply: tenantOptionsReply,
      access: { anyOf: ['PlatformInformation:add', 'PlatformInformation:edit'] },
      writes: false,
    },
    async (_body, req) =>
      actorOf(req).kind !== 'sys'
        ? []
        : db.select({ value: tenants.id, label: tenants.name }).from(tenants).orderBy(asc(tenants.id)),
  );
  streamRoute(app, deps);
};
