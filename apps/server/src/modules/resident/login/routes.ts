import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idOf } from '@5a/contracts';
import { residentApi } from '@5a/contracts/endpoints/resident';
import { serve, withMsg } from '../../../core/http/endpoint.ts';
import { fail } from '../../../core/errors.ts';
import type { ModuleDeps } from '../../types.ts';
import { checkCode, LoginMsg, residentTenants, sendCode } from './codes.ts';
import { useLink } from './links.ts';
import { closeSession, openSession, sessionOf } from './sessions.ts';

const tags = ['住户手机端（免员工登录）'];
/** per client address and minute, each call its own budget (the per-phone limits are the codes' own) */
export const RESIDENT_LOGIN_PER_MINUTE = 20;
const limited = (name: string) => ({
  access: 'public' as const,
  rateLimit: {
    max: RESIDENT_LOGIN_PER_MINUTE,
    timeWindow: '1 minute',
    keyGenerator: (req: { ip: string }) => `${name}:${req.ip}`,
  },
});

export const PHONE_FORMAT = '手机号码格式错误';
const phone = z
  .string({ error: '请输入手机号' })
  .trim()
  .min(1, '请输入手机号')
  .regex(/^1[3-9]\d{9}$/, PHONE_FORMAT);
const code = z
  .string({ error: '请输入验证码' })
  .trim()
  .min(1, '请输入验证码')
  .regex(/^\d{6}$/, '验证码为6位数字');

const loginReply = z.union([
  z.object({
    token: z.string(),
    expires_at: z.string(),
    action: z.enum(['questionnaire', 'vote', 'bill']).nullable(),
    target_id: z.number().int().nullable(),
  }),
  z.object({ choose: z.array(z.object({ tenant_id: z.number().int(), name: z.string() })) }),
]);

/** 住户登录: an SMS code to an approved resident's phone, the login that spends it, a one-time link, sign-out. */
export const registerLoginRoutes = (app: FastifyInstance, { db, registry }: ModuleDeps) => {
  serve(
    app,
    residentApi.sendCode,
    {
      tags,
      summary: '获取登录验证码：6位数字，5分钟内有效；同一手机号60秒一次、每天10次，同一地址每小时30次',
      body: z.strictObject({ phone }),
      reply: z.object({ expires_in: z.number().int(), resend_in: z.number().int() }),
      ...limited('residentCode'),
    },
    async ({ phone }, req) => withMsg(await sendCode(registry, db, phone, req.ip), '验证码已发送'),
  );
  serve(
    app,
    residentApi.login,
    {
      tags,
      summary: '验证码登录：错误5次作废；手机号登记在多家物业公司时先返回 choose，带 tenant_id 再登录',
      body: z.strictObject({ phone, code, tenant_id: idOf('物业公司').optional() }),
      reply: loginReply,
      ...limited('residentLogin'),
    },
    async ({ phone, code, tenant_id }) => {
      const owners = await residentTenants(db, phone);
      if (owners.length > 1 && tenant_id === undefined) {
        await checkCode(db, phone, code, false);
        return withMsg({ choose: owners }, LoginMsg.chooseTenant);
      }
      const owner = tenant_id === undefined ? owners[0] : owners.find((o) => o.tenant_id === tenant_id);
      if (!owner) throw fail(LoginMsg.notResident);
      await checkCode(db, phone, code);
      const s = await openSession(db, { tenantId: owner.tenant_id, phone });
      return withMsg({ ...s, action: null, target_id: null }, '登录成功');
    },
  );
  serve(
    app,
    residentApi.link,
    {
      tags,
      summary: '一次性链接登录：只可办理链接所指的一件事（填写问卷、参与投票、缴纳账单），72小时内有效',
      body: z.strictObject({ token: z.string({ error: '链接无效' }).trim().min(1, '链接无效').max(100, '链接无效') }),
      reply: loginReply,
      ...limited('residentLink'),
    },
    async ({ token }) => withMsg(await useLink(db, token), '登录成功'),
  );
  serve(
    app,
    residentApi.logout,
    {
      tags,
      summary: '退出登录：本机的会话立即失效',
      body: z.strictObject({}),
      reply: z.null(),
      ...limited('residentLogout'),
    },
    async (_body, req) => {
      await closeSession(db, await sessionOf(db, req));
      return withMsg(null, '已退出登录');
    },
  );
};
