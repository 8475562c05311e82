import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idOf } from '@5a/contracts';
import { residentApi } from '@5a/contracts/endpoints/resident';
import { serve, withMsg } from '../../../core/http/endpoint.ts';
import { invalid } from '../../../core/errors.ts';
import { allowedPicture } from '../../document/index.ts';
import { residentRepairOrder } from '../../repair/index.ts';
import type { ModuleDeps } from '../../types.ts';
import { requireFullSession, sessionOf } from '../login/sessions.ts';
import { homeFor } from './home.ts';

const tags = ['住户手机端（免员工登录）'];

/** 报事报修 on the phone page: a work order of his home's village, 待受理 like one taken by phone. */
export const registerResidentRepairRoutes = (app: FastifyInstance, { db }: ModuleDeps) => {
  serve(
    app,
    residentApi.reportRepair,
    {
      tags,
      summary: '报事报修：生成待受理的报修工单（来源：住户），可附最多3张本人上传的图片',
      body: z.strictObject({
        person_id: idOf('住户'),
        problem: z
          .string({ error: '请填写报修内容' })
          .trim()
          .min(1, '请填写报修内容')
          .max(500, '报修内容 不能超过500个字符'),
        imgs: z.array(z.string()).max(3, '最多上传3张图片').optional(),
      }),
      reply: z.object({ id: z.number().int() }),
      access: 'public',
    },
    async ({ person_id, problem, imgs }, req) => {
      const s = await sessionOf(db, req);
      requireFullSession(s);
      const home = await homeFor(db, s, person_id, 'repair');
      // only pictures stored under his company (his own uploads): never another company's file
      for (const img of imgs ?? [])
        if (allowedPicture(img, s.tenantId, null) !== img) throw invalid('图片只能是本人上传的图片', 'imgs');
      const order = await residentRepairOrder(db, {
        tenantId: s.tenantId,
        villageId: home.village_id,
        houseId: home.house_id,
        personName: home.name,
        tel: s.phone,
        address: `${home.village_name}${home.address}`,
        problem,
        imgs: imgs ?? [],
      });
      return withMsg(order, '提交成功，物业将尽快处理');
    },
  );
};
