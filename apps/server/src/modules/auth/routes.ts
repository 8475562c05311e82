import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { APP_VERSION, loginKinds, loginRequestSchema, themeSchema, userEditSchema } from '@5a/contracts';
import { ok } from '../../core/http/envelope.ts';
import { actorOf } from '../../core/http/access.ts';
import { revokeSession } from './tokens.ts';
import { issueCaptcha } from './captcha.ts';
import type { ModuleDeps } from '../types.ts';
import { editOwnInfo, getUserInfo, login, updateTheme } from './service.ts';

/** routes that read nothing from the body; keys sent anyway are dropped */
const empty = z.object({}).describe('无参数').optional();

export const authRoutes = (app: FastifyInstance, { db, config }: ModuleDeps) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    '/Passport/User/Login/:kind',
    {
      schema: {
        tags: ['登录'],
        summary: '登录（sys 平台 / operator 运营商 / web 物业）',
        params: z.object({ kind: z.enum(loginKinds, { error: '登录入口不存在' }) }),
        body: loginRequestSchema,
      },
      config: {
        access: 'public',
        rateLimit: { max: config.loginRateLimit, timeWindow: '1 minute', keyGenerator: (req) => `login:${req.ip}` },
      },
    },
    async (req) =>
      ok(
        await login(db, req.params.kind, req.body, {
          ip: req.ip,
          documentServer: config.documentServer,
          iotServer: config.iotServer,
        }),
        '登录成功',
      ),
  );
  api.post(
    '/Passport/User/Login/captcha',
    {
      schema: {
        tags: ['登录'],
        summary: '登录验证码（图片；登录提示需要验证码时取，randstr 与答案 ticket 随登录提交，一次有效）',
        body: empty,
      },
      config: {
        access: 'public',
        // every picture is a row: as limited as the logins it serves
        rateLimit: { max: config.loginRateLimit, timeWindow: '1 minute', keyGenerator: (req) => `captcha:${req.ip}` },
      },
    },
    async () => ok(await issueCaptcha(db)),
  );
  api.post(
    '/Passport/User/Login/logout',
    {
      schema: { tags: ['登录'], summary: '退出登录（吊销本次登录的令牌与文件令牌）', body: empty },
      config: { access: 'user', writes: 'exempt' },
    },
    async (req) => {
      await revokeSession(db, actorOf(req).tokenId);
      return ok(null, '退出成功');
    },
  );
  api.post(
    '/Passport/User/Login/getSiteInfo',
    { schema: { tags: ['登录'], summary: '站点信息', body: empty }, config: { access: 'public' } },
    async () =>
      ok({
        copyright: `Copyright © 2019-${new Date().getFullYear()} 5A云小区 版权所有`,
        title: '5A云小区',
        version: APP_VERSION,
      }),
  );
  api.post(
    '/Passport/User/Info/getUser',
    { schema: { tags: ['用户'], summary: '当前用户', body: empty }, config: { access: 'user', writes: false } },
    async (req) => ok(await getUserInfo(db, actorOf(req))),
  );
  api.post(
    '/Passport/User/Info/edit',
    {
      schema: { tags: ['用户'], summary: '个人设置', body: userEditSchema },
      config: { access: 'user', writes: 'exempt' },
    },
    async (req) => {
      await editOwnInfo(db, actorOf(req), req.body, req.ip);
      return ok(null, '修改成功');
    },
  );
  api.post(
    '/Common/User/Info/updateTheme',
    {
      schema: { tags: ['用户'], summary: '保存主题', body: themeSchema },
      config: { access: 'user', writes: 'exempt' },
    },
    async (req) => {
      await updateTheme(db, actorOf(req), req.body.theme);
      return ok(null, '保存成功!');
    },
  );
};
