import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { neighbourApi } from '@5a/contracts/endpoints/community-neighbour';
import { callerOf } from '../../../core/http/access.ts';
import { serve, withMsg } from '../../../core/http/endpoint.ts';
import type { ModuleDeps } from '../../types.ts';
import { auditDetail, auditPost, personalDynamics } from './audit.ts';
import { auditBody, idBody } from './inputs.ts';
import { neighbourResource, sensitiveWordResource } from './resource.ts';

const tags = ['邻里圈'];
const int = () => z.number().int();
const auditRow = z.object({
  id: int(),
  village_id: int(),
  name: z.string(),
  phone: z.string(),
  address: z.string(),
  auditmsg: z.string(),
  type: int().describe('0 已通过 / 1 待审核 / 2 已驳回'),
  content: z.string(),
  img: z.array(z.string()),
  held_words: z.string(),
});
const dynamicsReply = z.object({
  info: z.object({ avatar: z.string(), nickname: z.string(), say: z.string(), img: z.array(z.string()) }),
  loves: int(),
  Comment: z.array(z.object({ id: int(), name: z.string(), content: z.string(), create_time: z.string() })),
});

export const neighbourScreens = [neighbourResource, sensitiveWordResource];

/** 邻里圈: the audit dialog's detail and verdict, and 个人动态. */
export const registerNeighbourRoutes = (app: FastifyInstance, { db }: ModuleDeps): void => {
  serve(
    app,
    neighbourApi.auditDetail,
    {
      tags,
      summary: '待审核动态 {id} → 发布人、内容、命中的敏感词',
      body: idBody,
      reply: auditRow,
      access: { perm: 'Neighbour:view' },
      writes: false,
    },
    async (body, req) => auditDetail(db, callerOf(req), body.id),
  );
  serve(
    app,
    neighbourApi.audit,
    {
      tags,
      summary: '审核动态 {id, type: 0 通过 / 2 驳回, auditmsg: 驳回原因}',
      body: auditBody,
      reply: z.object({ id: int(), type: int() }),
      access: { perm: 'Neighbour:edit' },
      writes: true,
    },
    async (body, req) => withMsg(await auditPost(db, callerOf(req), body), '审核成功'),
  );
  serve(
    app,
    neighbourApi.dynamics,
    {
      tags,
      summary: '个人动态 {id} → info{avatar, nickname, say, img[]}, loves, Comment',
      body: idBody,
      reply: dynamicsReply,
      access: { perm: 'Neighbour:view' },
      writes: false,
    },
    async (body, req) => personalDynamics(db, callerOf(req), body.id),
  );
};
