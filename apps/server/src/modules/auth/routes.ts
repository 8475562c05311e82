import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  APP_VERSION,
  captchaSchema,
  loginDataSchema,
  loginKinds,
  loginRequestSchema,
  siteInfoSchema,
  themeSchema,
  userEditSchema,
  userInfoSchema,
} from '@5a/contracts';
import { authApi } from '@5a/contracts/endpoints/auth';
import { serve, withMsg } from '../../core/http/endpoint.ts';
import { actorOf } from '../../core/http/access.ts';
import { recordCustomAudit } from '../../core/engine/audit.ts';
import { revokeSession } from './tokens.ts';
import { issueCaptcha } from './captcha.ts';
import type { ModuleDeps } from '../types.ts';
import { editOwnInfo, getUserInfo, login, updateTheme } from './service.ts';

/** routes that read nothing from the body; keys sent anyway are dropped */
const empty = z.object({}).describe('无参数').optional();
const loginParams = z.object({ kind: z.enum(loginKinds, { error: '登录入口不存在' }) });

export const authRoutes = (app: FastifyInstance, { db, config, registry }: ModuleDeps) => {
  const tags = ['登录'];
  serve(
    app,
    authApi.login,
    {
      tags,
      summary: '登录（sys 平台 / operator 运营商 / web 物业）',
      params: loginParams,
      body: loginRequestSchema,
      reply: loginDataSchema,
      access: 'public',
      rateLimit: { max: config.loginRateLimit, timeWindow: '1 minute', keyGenerator: (req) => `login:${req.ip}` },
    },
    async (body, req) =>
      withMsg(
        // the params were validated before the handler: this only gives them their type
        await login(db, loginParams.parse(req.params).kind, body, {
          ip: req.ip,
          documentServer: config.documentServer,
          iotServer: config.iotServer,
          registry,
        }),
        '登录成功',
      ),
  );
  serve(
    app,
    authApi.captcha,
    {
      tags,
      summary: '登录验证码（图片；登录提示需要验证码时取，randstr 与答案 ticket 随登录提交，一次有效）',
      body: empty,
      reply: captchaSchema,
      access: 'public',
      // every picture is a row: as limited as the logins it serves
      rateLimit: { max: config.loginRateLimit, timeWindow: '1 minute', keyGenerator: (req) => `captcha:${req.ip}` },
    },
    () => issueCaptcha(db),
  );
  serve(
    app,
    authApi.logout,
    {
      tags,
      summary: '退出登录（吊销本次登录的令牌与文件令牌）',
      body: empty,
      reply: z.null(),
      access: 'user',
      writes: 'exempt',
    },
    async (_body, req) => {
      const actor = actorOf(req);
      await revokeSession(db, actor.tokenId);
      await recordCustomAudit(registry, db, actor, {
        screen: 'Login',
        screenTitle: '登录',
        action: 'logout',
        recordId: actor.id,
      });
      return withMsg(null, '退出成功');
    },
  );
  serve(
    app,
    authApi.siteInfo,
    { tags, summary: '站点信息', body: empty, reply: siteInfoSchema, access: 'public' },
    async () => ({
      copyright: `Copyright © 2019-${new Date().getFullYear()} 5A云小区 版权所有`,
      title: '5A云小区',
      version: APP_VERSION,
    }),
  );

  const user = ['用户'];
  serve(
    app,
    authApi.user,
    { tags: user, summary: '当前用户', body: empty, reply: userInfoSchema, access: 'user', writes: false },
    (_body, req) => getUserInfo(db, actorOf(req)),
  );
  serve(
    app,
    authApi.edit,
    { tags: user, summary: '个人设置', body: userEditSchema, reply: z.null(), access: 'user', writes: 'exempt' },
    async (body, req) => {
      await editOwnInfo(db, actorOf(req), body, req.ip);
      return withMsg(null, '修改成功');
    },
  );
  serve(
    app,
    authApi.theme,
    { tags: user, summary: '保存主题', body: themeSchema, reply: z.null(), access: 'user', writes: 'exempt' },
    async (body, req) => {
      await updateTheme(db, actorOf(req), body.theme);
      return withMsg(null, '保存成功!');
    },
  );
};
