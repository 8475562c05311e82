import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idListOf } from '@5a/contracts';
import { residentApi } from '@5a/contracts/endpoints/resident';
import { serve } from '../../../core/http/endpoint.ts';
import { fail } from '../../../core/errors.ts';
import { residentPayOrder, unpaidBillsOf } from '../../fees/index.ts';
import { tenants } from '../../tenancy/index.ts';
import type { ModuleDeps } from '../../types.ts';
import { requireAction, sessionOf, type ResidentSession } from '../login/sessions.ts';
import { homesOf } from './homes.ts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../core/db/client.ts';

const tags = ['住户手机端（免员工登录）'];
const resident = { access: 'public' as const };
const NO_BILLS = '所在小区未开通在线缴费';

const billReply = z.object({
  id: z.number().int(),
  house_id: z.number().int(),
  address: z.string(),
  name: z.string(),
  period: z.string(),
  amount: z.string(),
  late_fee: z.string(),
  total: z.string(),
  due_date: z.string(),
});

/** the houses whose bills the session may see: homes in villages with 我的账单 on */
const billHouses = async (db: Db, s: ResidentSession) =>
  (await homesOf(db, s)).filter((h) => h.modules.includes('bill'));

/** 我的: who is signed in, where he lives and what his villages offer; 我的账单 and paying them online. */
export const registerMeRoutes = (app: FastifyInstance, { db, registry, config }: ModuleDeps) => {
  serve(
    app,
    residentApi.me,
    {
      tags,
      summary: '当前住户：手机号、物业公司、登记的房屋（面积）及各小区开通的功能',
      body: z.strictObject({}),
      reply: z.object({
        phone: z.string(),
        company: z.string(),
        homes: z.array(
          z.object({
            person_id: z.number().int(),
            name: z.string(),
            village_id: z.number().int(),
            village_name: z.string(),
            house_id: z.number().int(),
            address: z.string(),
            area: z.string(),
            personnel_type: z.number().int(),
            modules: z.array(z.enum(['questionnaire', 'vote', 'neighbour', 'bill', 'repair'])),
          }),
        ),
        action: z.enum(['questionnaire', 'vote', 'bill']).nullable(),
        target_id: z.number().int().nullable(),
      }),
      ...resident,
    },
    async (_b, req) => {
      const s = await sessionOf(db, req);
      const [t] = await db.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, s.tenantId)).limit(1);
      return {
        phone: s.phone,
        company: t?.name ?? '',
        homes: await homesOf(db, s),
        action: s.action,
        target_id: s.targetId,
      };
    },
  );
  serve(
    app,
    residentApi.bills,
    {
      tags,
      summary: '我的账单：所住房屋的未缴账单（含截至今日的滞纳金），到期日早的在前',
      body: z.strictObject({}),
      reply: z.array(billReply),
      ...resident,
    },
    async (_b, req) => {
      const s = await sessionOf(db, req);
      requireAction(s, 'bill');
      const homes = await billHouses(db, s);
      const address = new Map(homes.map((h) => [h.house_id, `${h.village_name}${h.address}`]));
      const list = await unpaidBillsOf(db, s.tenantId, [...address.keys()]);
      return list
        .filter((b) => s.action === null || b.id === s.targetId)
        .map((b) => ({ ...b, address: address.get(b.house_id) ?? '' }));
    },
  );
  serve(
    app,
    residentApi.pay,
    {
      tags,
      summary: '在线缴费：同一房屋的未缴账单生成支付订单，返回手机支付页地址',
      body: z.strictObject({ bill_ids: idListOf('账单', { max: 100, tooMany: '一次最多缴纳100条账单' }) }),
      reply: z.object({ pay_url: z.string(), amount: z.string() }),
      ...resident,
    },
    async ({ bill_ids }, req) => {
      const s = await sessionOf(db, req);
      if (s.action !== null) for (const id of bill_ids) requireAction(s, 'bill', id);
      const homes = await billHouses(db, s);
      if (!homes.length) throw fail(NO_BILLS);
      const order = await residentPayOrder(registry, db, {
        tenantId: s.tenantId,
        houseIds: homes.map((h) => h.house_id),
        billIds: bill_ids,
        baseUrl: config.publicBaseUrl ?? '',
      });
      return { pay_url: order.wapUrl, amount: order.amount };
    },
  );
};
