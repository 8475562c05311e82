import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idListOf, type Envelope, type ScreenConfig } from '@5a/contracts';
import { callerOf } from '../../core/http/access.ts';
import { ok } from '../../core/http/envelope.ts';
import type { ModuleDeps } from '../types.ts';
import {
  answerBody,
  completeBody,
  dataBody,
  dispatchBody,
  eventIdBody,
  idBody,
  reasonBody,
  visitBody,
} from './bodies.ts';
import { answerReport, closeReport, markRead, reportToOrder, unreadReportCount } from './events.ts';
import { BASE, repairResource } from './resource.ts';
import { EVENT_BASE } from './resource-events.ts';
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
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['报修'];
  const perm = (p: string) => ({ access: { perm: p } });
  const view = perm('RepairManagement:view');

  api.post(
    `${BASE}/flow`,
    {
      schema: { tags, summary: '工单详情与处理时间线 {id}', body: dataBody(idBody) },
      config: { ...view, writes: false },
    },
    async (req) => ok(await detail(db, callerOf(req), req.body.id)),
  );
  api.post(
    `${BASE}/workers`,
    {
      schema: { tags, summary: '派单：工单所在小区的维修人员 {id}', body: dataBody(idBody) },
      config: { ...perm(DISPATCH), writes: false },
    },
    async (req) => ok(await workerOptions(db, callerOf(req), req.body.id)),
  );
  api.post(
    `${BASE}/dispatch`,
    {
      schema: { tags, summary: '派单 {id, personid, content, wctime, stime?, etime?}', body: dataBody(dispatchBody) },
      config: { ...perm(DISPATCH), writes: true },
    },
    async (req) => ok(await dispatch(db, callerOf(req), req.body), '派单成功'),
  );
  api.post(
    `${BASE}/redispatch`,
    {
      schema: { tags, summary: '改派 {id, personid, content, wctime, stime?, etime?}', body: dataBody(dispatchBody) },
      config: { ...perm(DISPATCH), writes: true },
    },
    async (req) => ok(await dispatch(db, callerOf(req), req.body, 'redispatch'), '改派成功'),
  );
  api.post(
    `${BASE}/accept`,
    {
      schema: { tags, summary: '接单（被派单的维修人员）{id}', body: dataBody(idBody) },
      config: { ...view, writes: true },
    },
    async (req) => ok(await accept(db, callerOf(req), req.body.id), '接单成功'),
  );
  api.post(
    `${BASE}/start`,
    {
      schema: { tags, summary: '开始处理（被派单的维修人员）{id}', body: dataBody(idBody) },
      config: { ...view, writes: true },
    },
    async (req) => ok(await start(db, callerOf(req), req.body.id), '已开始处理'),
  );
  api.post(
    `${BASE}/complete`,
    {
      schema: {
        tags,
        summary: '完成 {id, result, result_imgs?, material_cost?, labour_cost?}（元）',
        body: dataBody(completeBody),
      },
      config: { ...view, writes: true },
    },
    async (req) => ok(await complete(db, callerOf(req), req.body), '已完成'),
  );
  api.post(
    `${BASE}/settle`,
    {
      schema: { tags, summary: '有偿工单：账单已缴，确认完成 {id}', body: dataBody(idBody) },
      config: { ...perm(VISIT), writes: true },
    },
    async (req) => ok(await settle(db, callerOf(req), req.body.id), '已确认收款'),
  );
  api.post(
    `${BASE}/waive`,
    {
      schema: { tags, summary: '有偿工单：减免账单 {id, reason}', body: dataBody(reasonBody) },
      config: { ...perm(VISIT), writes: true },
    },
    async (req) => ok(await waive(db, callerOf(req), req.body), '已减免'),
  );
  api.post(
    `${BASE}/visit`,
    {
      schema: { tags, summary: '回访评价 {id, rating 1-5, comment?}', body: dataBody(visitBody) },
      config: { ...perm(VISIT), writes: true },
    },
    async (req) => ok(await visit(db, callerOf(req), req.body), '回访成功'),
  );
  api.post(
    `${BASE}/close`,
    { schema: { tags, summary: '关闭 {id}', body: dataBody(idBody) }, config: { ...perm(VISIT), writes: true } },
    async (req) => ok(await close(db, callerOf(req), req.body.id), '已关闭'),
  );
  api.post(
    `${BASE}/cancel`,
    {
      schema: { tags, summary: '取消 {id, reason}', body: dataBody(reasonBody) },
      config: { ...perm(DISPATCH), writes: true },
    },
    async (req) => ok(await cancel(db, callerOf(req), req.body), '已取消'),
  );

  api.post(
    `${EVENT_BASE}/getReportNumData`,
    {
      schema: { tags, summary: '未读事件上报数（铃铛）', body: z.object({}).describe('无参数').optional() },
      config: { ...perm('ReportThings:view'), writes: false },
    },
    async (req) => ok({ num: await unreadReportCount(db, callerOf(req)) }),
  );
  api.post(
    `${EVENT_BASE}/markRead`,
    {
      schema: {
        tags,
        summary: '标记已读 {ids?}（省略：全部未读，铃铛清零）',
        body: dataBody(z.object({ ids: idListOf('ids').optional() })).optional(),
      },
      config: { ...perm('ReportThings:view'), writes: true },
    },
    async (req) => ok(await markRead(db, callerOf(req), req.body?.ids), '标记成功'),
  );
  api.post(
    `${EVENT_BASE}/toOrder`,
    {
      schema: { tags, summary: '事件转工单 {id}', body: dataBody(eventIdBody) },
      config: { ...perm('ReportThings:edit'), writes: true },
    },
    async (req) => ok(await reportToOrder(db, callerOf(req), req.body.id), '已转为工单'),
  );
  api.post(
    `${EVENT_BASE}/answer`,
    {
      schema: { tags, summary: '答复事件 {id, reason}', body: dataBody(answerBody) },
      config: { ...perm('ReportThings:edit'), writes: true },
    },
    async (req) => ok(await answerReport(db, callerOf(req), req.body.id, req.body.reason), '答复成功'),
  );
  api.post(
    `${EVENT_BASE}/close`,
    {
      schema: { tags, summary: '关闭事件 {id}', body: dataBody(eventIdBody) },
      config: { ...perm('ReportThings:edit'), writes: true },
    },
    async (req) => ok(await closeReport(db, callerOf(req), req.body.id), '已关闭'),
  );
};
