import type { FastifyInstance } from 'fastify';
import { patrolApi } from '@5a/contracts/endpoints/patrol';
import type { Screen } from '../../../core/screens/define.ts';
import { callerOf } from '../../../core/http/access.ts';
import { serve, withMsg } from '../../../core/http/endpoint.ts';
import type { ModuleDeps } from '../../types.ts';
import { routeResource } from './resource.ts';
import { routeIdBody, sendBody, sendRoute, staffOptions } from './send.ts';
import { sendReply, staffOptionsReply } from '../replies.ts';

/** 巡更路线: routes, their ordered points, patrol times and 巡更派发. */
export const linesScreens: readonly Screen[] = [routeResource];

export const SEND_PERM = 'PatrolRoute:patrolSend';

export const registerLineRoutes = (app: FastifyInstance, { db }: ModuleDeps): void => {
  const tags = ['巡更'];
  const send = { access: { perm: SEND_PERM } };
  serve(
    app,
    patrolApi.staffOptions,
    {
      tags,
      summary: '巡更派发：路线所在小区的人员 {id}',
      body: routeIdBody,
      reply: staffOptionsReply,
      ...send,
      writes: false,
    },
    async (body, req) => staffOptions(db, callerOf(req), body.id),
  );
  serve(
    app,
    patrolApi.send,
    {
      tags,
      summary: '巡更派发 {id, staff_ids, handler, type: 1 各自巡更 / 2 共同巡更}，并生成未来七天的任务',
      body: sendBody,
      reply: sendReply,
      ...send,
      writes: true,
    },
    async (body, req) => withMsg(await sendRoute(db, callerOf(req), body), '派发成功'),
  );
};
