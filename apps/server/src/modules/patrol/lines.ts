import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Screen } from '../../core/screens/define.ts';
import { callerOf } from '../../core/http/access.ts';
import { ok } from '../../core/http/envelope.ts';
import type { ModuleDeps } from '../types.ts';
import { ROUTE_BASE, routeResource } from './lines-resource.ts';
import { routeIdBody, sendBody, sendRoute, staffOptions } from './lines-send.ts';

/** 巡更路线: routes, their ordered points, patrol times and 巡更派发. */
export const linesScreens: readonly Screen[] = [routeResource];

export const SEND_PERM = 'PatrolRoute:patrolSend';

export const registerLineRoutes = (app: FastifyInstance, { db }: ModuleDeps): void => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['巡更'];
  const send = { access: { perm: SEND_PERM } };
  api.post(
    `${ROUTE_BASE}/staffOptions`,
    {
      schema: { tags, summary: '巡更派发：路线所在小区的人员 {id}', body: routeIdBody },
      config: { ...send, writes: false },
    },
    async (req) => ok(await staffOptions(db, callerOf(req), req.body.id)),
  );
  api.post(
    `${ROUTE_BASE}/send`,
    {
      schema: {
        tags,
        summary: '巡更派发 {id, staff_ids, handler, type: 1 各自巡更 / 2 共同巡更}，并生成未来七天的任务',
        body: sendBody,
      },
      config: { ...send, writes: true },
    },
    async (req) => ok(await sendRoute(db, callerOf(req), req.body), '派发成功'),
  );
};
