import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idOf } from '@5a/contracts';
import { residentApi } from '@5a/contracts/endpoints/resident';
import { callerOf } from '../../../core/http/access.ts';
import { serve, withMsg } from '../../../core/http/endpoint.ts';
import { scopeOfCaller } from '../../estate/index.ts';
import type { ModuleDeps } from '../../types.ts';
import { linkedPerson, linkPerson, sendLink } from './links.ts';
import { linkTargets } from './targets.ts';

const tags = ['住户管理'];
const EDIT = { perm: 'GatePerson:edit' } as const;
const action = z.enum(['questionnaire', 'vote', 'bill'], { error: '请选择办理事项' });

/** 发送办理链接 on 住户管理: what the picked resident may be sent a link for, and sending it to his phone. */
export const registerLinkRoutes = (app: FastifyInstance, { db, registry, config }: ModuleDeps) => {
  serve(
    app,
    residentApi.linkTargets,
    {
      tags,
      summary: '办理链接可选的对象：住户所在小区进行中的问卷、投票，或其房屋的未缴账单',
      body: z.object({ person_id: idOf('住户'), action }),
      reply: z.array(z.object({ value: z.number().int(), label: z.string() })),
      access: EDIT,
      writes: false,
    },
    async ({ person_id, action }, req) => {
      const s = scopeOfCaller(callerOf(req));
      const p = await linkedPerson(db, s, person_id);
      return (await linkTargets[action].list(db, linkPerson(s, p))).map((t) => ({ ...t, value: Number(t.value) }));
    },
  );
  serve(
    app,
    residentApi.sendLink,
    {
      tags,
      summary: '发送办理链接：短信发给住户一次性链接，72小时内有效，只能办理所选的一件事',
      body: z.object({ person_id: idOf('住户'), action, target_id: idOf('办理对象') }),
      reply: z.object({ url: z.string(), expires_at: z.string(), phone: z.string() }),
      access: EDIT,
      writes: true,
    },
    async ({ person_id, action, target_id }, req) => {
      const s = scopeOfCaller(callerOf(req));
      const sent = await sendLink(registry, db, s, {
        personId: person_id,
        action,
        targetId: target_id,
        baseUrl: config.publicBaseUrl ?? '',
      });
      return withMsg(sent, '链接已发送');
    },
  );
};
