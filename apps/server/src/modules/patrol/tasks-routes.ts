import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idOf, intOf, type Envelope, type ScreenConfig } from '@5a/contracts';
import { isOwnFileList } from '../../core/engine/file-ref.ts';
import { callerOf } from '../../core/http/access.ts';
import { ok } from '../../core/http/envelope.ts';
import type { ModuleDeps } from '../types.ts';
import { checkIn, pointOfMoment } from './tasks-checkin.ts';
import { correctRecord, taskDetail } from './tasks-records.ts';
import { generateFor } from './tasks-generate.ts';
import { GENERATE, patrolRecordResource, patrolTaskResource, RECORD_BASE, TASK_BASE } from './tasks-resource.ts';

const dataOf = (body: unknown): unknown => {
  const b = (body ?? {}) as Record<string, unknown>;
  return b.data && typeof b.data === 'object' && !Array.isArray(b.data) ? b.data : b;
};
/** flat, or {data: {...}} as dialogs send it */
const body = <S extends z.ZodType>(fields: S) => z.preprocess(dataOf, fields);
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
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['巡更'];
  const user = { access: 'user' as const };

  api.post(
    '/Web/Patrol/H5/point',
    {
      schema: { tags, summary: '扫码：点位与本人当前的巡更任务 {point_id}', body: body(pointBody) },
      config: { ...user, writes: false },
    },
    async (req) => ok(await pointOfMoment(db, callerOf(req), req.body.point_id)),
  );
  api.post(
    '/Web/Patrol/H5/checkin',
    {
      schema: {
        tags,
        summary: '巡更签到 {point_id, photo?, note?} → {verdict, verdict_text, task}',
        body: body(checkinBody),
      },
      config: { ...user, writes: true },
    },
    async (req) => {
      const r = await checkIn(db, callerOf(req), req.body);
      return ok(r, `签到成功（${r.verdict_text}）`);
    },
  );
  api.post(
    `${RECORD_BASE}/correct`,
    {
      schema: { tags, summary: '校正巡更记录 {id, verdict 1-4, reason}（追加一条校正记录）', body: body(correctBody) },
      config: { access: { perm: 'PatrolRecord:edit' }, writes: true },
    },
    async (req) => ok(await correctRecord(db, callerOf(req), patrolRecordResource, req.body), '校正成功'),
  );
  api.post(
    `${TASK_BASE}/points`,
    {
      schema: {
        tags,
        summary: '巡更详情：点位、签到时间与结果、漏巡点位 {id}',
        body: body(z.object({ id: idOf('巡更任务') })),
      },
      config: { access: { perm: 'PatrolTask:view' }, writes: false },
    },
    async (req) => ok(await taskDetail(db, callerOf(req), patrolTaskResource, req.body.id)),
  );
  api.post(
    `${TASK_BASE}/generate`,
    {
      schema: { tags, summary: '生成巡更任务 {days?}（自今日起，默认7天）', body: body(generateBody).optional() },
      config: { access: { perm: GENERATE }, writes: true },
    },
    async (req) => {
      const n = await generateFor(db, callerOf(req), req.body?.days ?? 7);
      return ok({ count: n }, n ? `已生成${n}条巡更任务` : '没有需要生成的巡更任务');
    },
  );
};
