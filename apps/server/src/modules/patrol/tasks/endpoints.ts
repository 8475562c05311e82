import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idOf, intOf, type Envelope, type ScreenConfig } from '@5a/contracts';
import { patrolApi } from '@5a/contracts/endpoints/patrol';
import { isOwnFileList } from '../../../core/engine/file-ref.ts';
import { callerOf } from '../../../core/http/access.ts';
import { serve, withMsg } from '../../../core/http/endpoint.ts';
import type { ModuleDeps } from '../../types.ts';
import { checkinReply, countReply, idReply, pointReply, taskDetailReply, tasksTodayReply } from '../replies.ts';
import { checkIn, pointOfMoment, tasksToday } from './checkin.ts';
import { correctRecord, taskDetail } from './records.ts';
import { generateFor } from './generate.ts';
import { GENERATE, patrolRecordResource, patrolTaskResource } from './resource.ts';

const text = (label: string, max: number) =>
  z
    .string({ error: `${label}格式错误` })
    .trim()
    .max(max, `${label}不能超过${max}个字符`);

const pointBody = z.object({ point_id: idOf('点位') });
const checkinBody = z.object({
  point_id: idOf('点位'),
  photo: z
    .union([z.array(z.string().max(500, '现场照片格式错误')).transform((a) => a.join(',')), text('现场照片', 2000)], {
      error: '现场照片格式错误',
    })
    .refine((v) => v === '' || isOwnFileList(v), '现场照片格式错误')
    .refine((v) => v === '' || v.split(',').length <= 3, '现场照片最多3张')
    .optional(),
  note: text('备注', 255).optional(),
});
const correctBody = z.object({
  id: idOf('巡更记录'),
  verdict: intOf('校正结果', 1, 4),
  reason: text('校正原因', 255).min(1, '请填写校正原因'),
});
const taskIdBody = z.object({ id: idOf('巡更任务') });
const generateBody = z.object({ days: intOf('生成天数', 1, 31).optional() });

/** the domain actions a caller may not use are left out of the screens' configs (the routes refuse them anyway) */
const actionPerm: Record<string, string> = { patrolGenerate: GENERATE, patrolCorrect: 'PatrolRecord:edit' };
const tailorConfig = (app: FastifyInstance) => {
  const routes = [patrolTaskResource.route, patrolRecordResource.route].map((r) => `/xapi${r}`);
  app.addHook('preSerialization', async (req: FastifyRequest, _reply, payload: unknown) => {
    if (!routes.includes(req.routeOptions.url ?? '') || !req.caller) return payload;
    const env = payload as Envelope<ScreenConfig | unknown[]>;
    if (env.code !== 0 || !env.data || Array.isArray(env.data)) return payload;
    const may = (type: string) => !actionPerm[type] || req.perms.has(actionPerm[type]);
    return {
      ...env,
      data: {
        ...env.data,
        toolbar: env.data.toolbar.filter((b) => may(b.type)),
        rowActions: env.data.rowActions.filter((a) => may(a.type)),
      },
    };
  });
};

export const taskRoutes = (app: FastifyInstance, { db }: ModuleDeps) => {
  tailorConfig(app);
  const tags = ['巡更'];

  serve(
    app,
    patrolApi.point,
    {
      tags,
      summary: '扫码：点位与本人当前的巡更任务 {point_id}',
      body: pointBody,
      reply: pointReply,
      access: 'user',
      writes: false,
    },
    async (body, req) => pointOfMoment(db, callerOf(req), body.point_id),
  );
  serve(
    app,
    patrolApi.today,
    {
      tags,
      summary: '手机巡更首页：本人今天的巡更任务（含跨零点仍在时段内的昨日任务）与已巡、未巡点位',
      body: z.object({}),
      reply: tasksTodayReply,
      access: 'user',
      writes: false,
    },
    async (_body, req) => tasksToday(db, callerOf(req)),
  );
  serve(
    app,
    patrolApi.checkin,
    {
      tags,
      summary: '巡更签到 {point_id, photo?, note?} → {verdict, verdict_text, task}',
      body: checkinBody,
      reply: checkinReply,
      access: 'user',
      writes: true,
    },
    async (body, req) => {
      const r = await checkIn(db, callerOf(req), body);
      return withMsg(r, `签到成功（${r.verdict_text}）`);
    },
  );
  serve(
    app,
    patrolApi.correct,
    {
      tags,
      summary: '校正巡更记录 {id, verdict 1-4, reason}（追加一条校正记录）',
      body: correctBody,
      reply: idReply,
      access: { perm: 'PatrolRecord:edit' },
      writes: true,
    },
    async (body, req) => withMsg(await correctRecord(db, callerOf(req), patrolRecordResource, body), '校正成功'),
  );
  serve(
    app,
    patrolApi.taskPoints,
    {
      tags,
      summary: '巡更详情：点位、签到时间与结果、漏巡点位 {id}',
      body: taskIdBody,
      reply: taskDetailReply,
      access: { perm: 'PatrolTask:view' },
      writes: false,
    },
    async (body, req) => taskDetail(db, callerOf(req), patrolTaskResource, body.id),
  );
  serve(
    app,
    patrolApi.generate,
    {
      tags,
      summary: '生成巡更任务 {days?}（自今日起，默认7天）',
      body: generateBody,
      reply: countReply,
      access: { perm: GENERATE },
      writes: true,
    },
    async (body, req) => {
      const n = await generateFor(db, callerOf(req), body.days ?? 7);
      return withMsg({ count: n }, n ? `已生成${n}条巡更任务` : '没有需要生成的巡更任务');
    },
  );
};
