import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idListOf, type Envelope, type ScreenConfig } from '@5a/contracts';
import { repairApi } from '@5a/contracts/endpoints/repair';
import { callerOf } from '../../core/http/access.ts';
import { serve, withMsg } from '../../core/http/endpoint.ts';
import type { ModuleDeps } from '../types.ts';
import { answerBody, completeBody, dispatchBody, eventIdBody, idBody, reasonBody, visitBody } from './bodies.ts';
import { answerReport, closeReport, markRead, reportToOrder, unreadReportCount } from './events.ts';
import { BASE, repairResource } from './resource.ts';
import { completeReply, countReply, detailReply, numReply, stepReply, toOrderReply, workersReply } from './replies.ts';
import { isWorker } from './service.ts';
import {
  accept,
  cancel,
  close,
  complete,
  detail,
  dispatch,
  settle,
  start,
  timelineOf,
  visit,
  waive,
  workerOptions,
} from './workflow.ts';

const DISPATCH = 'RepairManagement:dispatch';
const VISIT = 'RepairManagement:visit';
/** row actions the caller may not use are removed from the config (the server refuses them anyway) */
const actionPerm: Record<string, string> = {
  派单: DISPATCH,
  改派: DISPATCH,
  取消: DISPATCH,
  确认收款: VISIT,
  减免: VISIT,
  回访: VISIT,
  关闭: VISIT,
};

/** The list config for this caller: the 我的工单 tab first for a worker, none for anyone else; manager actions by right. */
const tailorConfig = (app: FastifyInstance, db: ModuleDeps['db']) => {
  app.addHook('preSerialization', async (req: FastifyRequest, _reply, payload: unknown) => {
    if (req.routeOptions.url !== `/xapi${repairResource.route}` || !req.caller) return payload;
    const env = payload as Envelope<ScreenConfig | unknown[]>;
    if (env.code !== 0 || !env.data) return payload;
    const worker = await isWorker(db, req.caller);
    const tabsOf = <T extends { key: string }>(tabs: T[]) => {
      const mine = tabs.filter((t) => t.key === 'mine');
      return worker ? [...mine, ...tabs.filter((t) => t.key !== 'mine')] : tabs.filter((t) => t.key !== 'mine');
    };
    if (Array.isArray(env.data)) return { ...env, data: tabsOf(env.data as { key: string }[]) };
    const perms = req.perms;
    return {
      ...env,
      data: {
        ...env.data,
        tabs: tabsOf(env.data.tabs),
        rowActions: env.data.rowActions.filter((a) => !actionPerm[a.title] || perms.has(actionPerm[a.title]!)),
      },
    };
  });
};

/** The engine's detail of an order (?return=result) carries its timeline too: one more query, for the detail only. */
const withTimeline = (app: FastifyInstance, db: ModuleDeps['db']) => {
  app.addHook('preSerialization', async (req: FastifyRequest, _reply, payload: unknown) => {
    if (req.routeOptions.url !== `/xapi${BASE}/detail`) return payload;
    const env = payload as Envelope<Record<string, unknown> | null>;
    if (env.code !== 0 || !env.data || typeof env.data.id !== 'number') return payload;
    return { ...env, data: { ...env.data, timeline: await timelineOf(db, env.data.id) } };
  });
};

export const repairRoutes = (app: FastifyInstance, { db }: ModuleDeps) => {
  tailorConfig(app, db);
  withTimeline(app, db);
  const tags = ['报修'];
  const perm = (p: string) => ({ perm: p });
  const view = perm('RepairManagement:view');
  const events = perm('ReportThings:view');
  const editEvents = perm('ReportThings:edit');

  serve(
    app,
    repairApi.flow,
    { tags, summary: '工单详情与处理时间线 {id}', body: idBody, reply: detailReply, access: view, writes: false },
    async (body, req) => detail(db, callerOf(req), body.id),
  );
  serve(
    app,
    repairApi.workers,
    {
      tags,
      summary: '派单：工单所在小区的维修人员 {id}',
      body: idBody,
      reply: workersReply,
      access: perm(DISPATCH),
      writes: false,
    },
    async (body, req) => workerOptions(db, callerOf(req), body.id),
  );
  serve(
    app,
    repairApi.dispatch,
    {
      tags,
      summary: '派单 {id, personid, content, wctime, stime?, etime?}',
      body: dispatchBody,
      reply: stepReply,
      access: perm(DISPATCH),
      writes: true,
    },
    async (body, req) => withMsg(await dispatch(db, callerOf(req), body), '派单成功'),
  );
  serve(
    app,
    repairApi.redispatch,
    {
      tags,
      summary: '改派 {id, personid, content, wctime, stime?, etime?}',
      body: dispatchBody,
      reply: stepReply,
      access: perm(DISPATCH),
      writes: true,
    },
    async (body, req) => withMsg(await dispatch(db, callerOf(req), body, 'redispatch'), '改派成功'),
  );
  serve(
    app,
    repairApi.accept,
    { tags, summary: '接单（被派单的维修人员）{id}', body: idBody, reply: stepReply, access: view, writes: true },
    async (body, req) => withMsg(await accept(db, callerOf(req), body.id), '接单成功'),
  );
  serve(
    app,
    repairApi.start,
    { tags, summary: '开始处理（被派单的维修人员）{id}', body: idBody, reply: stepReply, access: view, writes: true },
    async (body, req) => withMsg(await start(db, callerOf(req), body.id), '已开始处理'),
  );
  serve(
    app,
    repairApi.complete,
    {
      tags,
      summary: '完成 {id, result, result_imgs?, material_cost?, labour_cost?}（元）',
      body: completeBody,
      reply: completeReply,
      access: view,
      writes: true,
    },
    async (body, req) => withMsg(await complete(db, callerOf(req), body), '已完成'),
  );
  serve(
    app,
    repairApi.settle,
    {
      tags,
      summary: '有偿工单：账单已缴，确认完成 {id}',
      body: idBody,
      reply: stepReply,
      access: perm(VISIT),
      writes: true,
    },
    async (body, req) => withMsg(await settle(db, callerOf(req), body.id), '已确认收款'),
  );
  serve(
    app,
    repairApi.waive,
    {
      tags,
      summary: '有偿工单：减免账单 {id, reason}',
      body: reasonBody,
      reply: stepReply,
      access: perm(VISIT),
      writes: true,
    },
    async (body, req) => withMsg(await waive(db, callerOf(req), body), '已减免'),
  );
  serve(
    app,
    repairApi.visit,
    {
      tags,
      summary: '回访评价 {id, rating 1-5, comment?}',
      body: visitBody,
      reply: stepReply,
      access: perm(VISIT),
      writes: true,
    },
    async (body, req) => withMsg(await visit(db, callerOf(req), body), '回访成功'),
  );
  serve(
    app,
    repairApi.close,
    { tags, summary: '关闭 {id}', body: idBody, reply: stepReply, access: perm(VISIT), writes: true },
    async (body, req) => withMsg(await close(db, callerOf(req), body.id), '已关闭'),
  );
  serve(
    app,
    repairApi.cancel,
    { tags, summary: '取消 {id, reason}', body: reasonBody, reply: stepReply, access: perm(DISPATCH), writes: true },
    async (body, req) => withMsg(await cancel(db, callerOf(req), body), '已取消'),
  );

  serve(
    app,
    repairApi.reportNum,
    {
      tags,
      summary: '未读事件上报数（铃铛）',
      body: z.object({}).describe('无参数'),
      reply: numReply,
      access: events,
      writes: false,
    },
    async (_body, req) => ({ num: await unreadReportCount(db, callerOf(req)) }),
  );
  serve(
    app,
    repairApi.markRead,
    {
      tags,
      summary: '标记已读 {ids?}（省略：全部未读，铃铛清零）',
      body: z.object({ ids: idListOf('ids').optional() }),
      reply: countReply,
      access: events,
      writes: true,
    },
    async (body, req) => withMsg(await markRead(db, callerOf(req), body.ids), '标记成功'),
  );
  serve(
    app,
    repairApi.toOrder,
    { tags, summary: '事件转工单 {id}', body: eventIdBody, reply: toOrderReply, access: editEvents, writes: true },
    async (body, req) => withMsg(await reportToOrder(db, callerOf(req), body.id), '已转为工单'),
  );
  serve(
    app,
    repairApi.answer,
    { tags, summary: '答复事件 {id, reason}', body: answerBody, reply: stepReply, access: editEvents, writes: true },
    async (body, req) => withMsg(await answerReport(db, callerOf(req), body.id, body.reason), '答复成功'),
  );
  serve(
    app,
    repairApi.closeReport,
    { tags, summary: '关闭事件 {id}', body: eventIdBody, reply: stepReply, access: editEvents, writes: true },
    async (body, req) => withMsg(await closeReport(db, callerOf(req), body.id), '已关闭'),
  );
};
