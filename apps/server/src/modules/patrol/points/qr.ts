import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idListOf } from '@5a/contracts';
import { patrolApi, type PatrolQrPoint } from '@5a/contracts/endpoints/patrol';
import type { Caller } from '../../../core/auth/actor.ts';
import type { Db } from '../../../core/db/client.ts';
import { scopeWhere } from '../../../core/engine/scope.ts';
import { notFound } from '../../../core/errors.ts';
import { callerOf } from '../../../core/http/access.ts';
import { serve } from '../../../core/http/endpoint.ts';
import { villages } from '../../tenancy/index.ts';
import type { ModuleDeps } from '../../types.ts';
import { intellPointResource } from './resource.ts';
import { qrListReply } from '../replies.ts';
import { patrolPoints } from '../schema.ts';
import type { AppRegistry } from '../../../core/engine/registry.ts';

/** a print job: a batch of labels, or a route's points (as many as a route may hold) */
const qrListBody = z.object({ ids: idListOf('ids', { max: 500 }) });

/**
 * The labels of the chosen points in the order asked for (a route prints its points in walking order).
 * Any id the caller cannot see fails the whole job, as if it did not exist.
 */
export const qrList = async (
  registry: AppRegistry,
  db: Db,
  caller: Caller,
  ids: readonly number[],
): Promise<PatrolQrPoint[]> => {
  const rows = await db
    .select({
      id: patrolPoints.id,
      name: patrolPoints.name,
      point_no: patrolPoints.pointNo,
      point_type: patrolPoints.pointType,
      village_name: villages.name,
    })
    .from(patrolPoints)
    .innerJoin(villages, eq(villages.id, patrolPoints.villageId))
    .where(and(inArray(patrolPoints.id, [...ids]), scopeWhere(intellPointResource, caller, false)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  if (ids.some((id) => !byId.has(id))) throw notFound();
  const types = await registry.platform('dictItems')(db, ['patrol_point_type'], caller.actor.tenantId);
  const typeName = new Map(types.map((t) => [t.value, t.label]));
  return [...new Set(ids)].map((id) => {
    const r = byId.get(id)!;
    const { point_type, ...rest } = r;
    return { ...rest, point_type_name: typeName.get(String(point_type)) ?? '' };
  });
};

export const registerQrRoutes = (app: FastifyInstance, { db, registry }: ModuleDeps) => {
  serve(
    app,
    patrolApi.qrList,
    {
      tags: ['巡更点位'],
      summary: '二维码打印：所选点位 {ids}',
      body: qrListBody,
      reply: qrListReply,
      // a route's 线路二维码 prints its points for whoever may see the route
      access: { anyOf: ['IntellPoint:view', 'PatrolRoute:view'] },
      writes: false,
    },
    async (body, req) => qrList(registry, db, callerOf(req), body.ids),
  );
};
