import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { idOf, intOf } from '@5a/contracts';
import { accessApi } from '@5a/contracts/endpoints/access';
import type { Db } from '../../../core/db/client.ts';
import type { Caller } from '../../../core/auth/actor.ts';
import { callerOf } from '../../../core/http/access.ts';
import { serve, withMsg } from '../../../core/http/endpoint.ts';
import { invalid } from '../../../core/errors.ts';
import { villages } from '../../tenancy/index.ts';
import type { ModuleDeps } from '../../types.ts';
import { faceThresholdReply } from '../replies.ts';
import { accessVillageSettings, DEFAULT_FACE_THRESHOLD } from '../schema-settings.ts';

const tags = ['门禁管理'];

/** the village, when it is the caller's company's and in his data scope; otherwise the field's error */
const ownVillage = async (db: Db, caller: Caller, villageId: number) => {
  const [v] = await db
    .select({ id: villages.id })
    .from(villages)
    .where(and(eq(villages.id, villageId), eq(villages.tenantId, caller.actor.tenantId!)));
  if (!v || (caller.villageIds && !caller.villageIds.includes(villageId))) throw invalid('小区不存在', 'village_id');
  return villageId;
};

const thresholdOf = async (db: Db, tenantId: number, villageId: number) => {
  const [s] = await db
    .select({ threshold: accessVillageSettings.faceThreshold })
    .from(accessVillageSettings)
    .where(and(eq(accessVillageSettings.villageId, villageId), eq(accessVillageSettings.tenantId, tenantId)));
  return { village_id: villageId, threshold: s?.threshold ?? DEFAULT_FACE_THRESHOLD };
};

/** 识别阈值: a village's face threshold, read and set by the 门禁管理 toolbar dialog. */
export const registerSettingRoutes = (app: FastifyInstance, { db }: ModuleDeps) => {
  serve(
    app,
    accessApi.faceThresholdOf,
    {
      tags,
      summary: '小区的人脸识别阈值（未设置时为默认值）',
      body: z.object({ village_id: idOf('小区') }),
      reply: faceThresholdReply,
      access: { perm: 'AccessControlManagement:view' },
      writes: false,
    },
    async ({ village_id }, req) => {
      const caller = callerOf(req);
      return thresholdOf(db, caller.actor.tenantId!, await ownVillage(db, caller, village_id));
    },
  );
  serve(
    app,
    accessApi.faceThreshold,
    {
      tags,
      summary: '设置小区的人脸识别阈值：相似度低于它的人脸通行记为陌生人并发出告警',
      body: z.object({ village_id: idOf('小区'), threshold: intOf('识别阈值', 50, 99) }),
      reply: faceThresholdReply,
      access: { perm: 'AccessControlManagement:edit' },
      writes: true,
    },
    async ({ village_id, threshold }, req) => {
      const caller = callerOf(req);
      const tenantId = caller.actor.tenantId!;
      await ownVillage(db, caller, village_id);
      const by = caller.actor.name;
      await db
        .insert(accessVillageSettings)
        .values({ villageId: village_id, tenantId, faceThreshold: threshold, updatedBy: by })
        .onConflictDoUpdate({
          target: [accessVillageSettings.villageId, accessVillageSettings.tenantId],
          set: { faceThreshold: threshold, updatedBy: by, updatedAt: sql`now()` },
        });
      return withMsg(await thresholdOf(db, tenantId, village_id), '保存成功');
    },
  );
};
