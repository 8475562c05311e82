import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idOf, intOf } from '@5a/contracts';
import { accessFacesApi, FACE_REFRESH_SIZES } from '@5a/contracts/endpoints/access-faces';
import { callerOf } from '../../../core/http/access.ts';
import { serve, withMsg } from '../../../core/http/endpoint.ts';
import { scopeOfCaller } from '../../estate/index.ts';
import type { ModuleDeps } from '../../types.ts';
import { deviceFaceCheck, faceGapRows, facePushReply, faceRefreshReply } from '../faces/replies.ts';
import { devicesOf, diffOf } from './diff.ts';
import { pushDiff } from './push.ts';
import { refreshFaces } from './refresh.ts';

const tags = ['门禁管理'];

const refreshBody = z.object({
  gate_id: idOf('设备'),
  pageSize: z
    .number({ error: '每页人数格式错误' })
    .refine((n) => (FACE_REFRESH_SIZES as readonly number[]).includes(n), '每页人数只能是30、40、50或100')
    .optional()
    .describe('每页人数：30 / 40 / 50 / 100，缺省为 20'),
  page: intOf('页码', 1, 100_000).optional().describe('页码；不带时答复分页情况'),
});

/**
 * 人脸核对 of one device, 名单差异 of all the caller's devices, and 推送差异 (queued on the job runner). The expected
 * lists are computed on every read, so a resident moved out, barred or without consent shows as 待移除 at once.
 */
export const registerSyncRoutes = (app: FastifyInstance, { db, registry, jobs }: ModuleDeps) => {
  serve(
    app,
    accessFacesApi.check,
    {
      tags,
      summary: '设备名单核对：应有人员与设备上报名单的差异（缺少 / 待移除）及最近推送结果',
      body: z.object({ id: idOf('设备') }),
      reply: deviceFaceCheck,
      access: { perm: 'AccessControlManagement:view' },
      writes: false,
    },
    async ({ id }, req) => {
      const s = scopeOfCaller(callerOf(req));
      const [head] = await devicesOf(db, s, id);
      const diff = (await diffOf(db, registry, s.tenantId, [id])).get(id)!;
      return { ...head!, ...diff };
    },
  );
  serve(
    app,
    accessFacesApi.gaps,
    {
      tags,
      summary: '名单差异：全公司（数据权限内）名单与应有人员不一致的设备及差异人数',
      body: z.object({}),
      reply: faceGapRows,
      access: { perm: 'AccessControlManagement:view' },
      writes: false,
    },
    async (_body, req) => {
      const s = scopeOfCaller(callerOf(req));
      const heads = await devicesOf(db, s);
      const diffs = await diffOf(
        db,
        registry,
        s.tenantId,
        heads.map((h) => h.id),
      );
      return heads
        .map((h) => {
          const d = diffs.get(h.id)!;
          return { ...h, expected: d.expected, reported: d.reported, missing: d.missing.length, extra: d.extra.length };
        })
        .filter((r) => r.missing > 0 || r.extra > 0);
    },
  );
  serve(
    app,
    accessFacesApi.push,
    {
      tags,
      summary: '推送差异：把当前差异（新增缺少的、移除多余的）交后台任务下发到设备，并记录结果',
      body: z.object({ id: idOf('设备') }),
      reply: facePushReply,
      access: { perm: 'AccessControlManagement:edit' },
      writes: true,
    },
    async ({ id }, req) => {
      const r = await pushDiff(db, registry, jobs, scopeOfCaller(callerOf(req)), id);
      return withMsg(r, `已提交推送：新增${r.add}人，移除${r.remove}人`);
    },
  );
  serve(
    app,
    accessFacesApi.refresh,
    {
      tags,
      summary:
        '刷新人脸：不带 page 时答复 pageCount、size、total、current；再按页 1..pageCount 依次调用，每页交后台任务下发到设备（第 1 页同时移除设备上多余的人）',
      body: refreshBody,
      reply: faceRefreshReply,
      access: { perm: 'AccessControlManagement:edit' },
      writes: true,
    },
    async (body, req) => refreshFaces(db, registry, jobs, scopeOfCaller(callerOf(req)), body),
  );
};
