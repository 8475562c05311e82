import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Code } from '@5a/contracts';
import { VISITOR_UPLOAD_PATH, visitorApi, VisitorMsg } from '@5a/contracts/endpoints/visitor';
import { callerOf } from '../../core/http/access.ts';
import { replySchema, serve, withMsg } from '../../core/http/endpoint.ts';
import { ok } from '../../core/http/envelope.ts';
import { fail } from '../../core/errors.ts';
import { storeUpload, uploadStorage } from '../document/index.ts';
import type { ModuleDeps } from '../types.ts';
import { codeOf, isOpen, register, villageOfCode } from './public.ts';
import { revokeVillageQr, setRegistration, villageQr, type QrConfig } from './qrcode.ts';
import {
  acModelBody,
  qrBody,
  qrReply,
  regBody,
  regReply,
  revokeReply,
  reviewBody,
  reviewReply,
  settingBody,
  settingReply,
  uploadQuery,
  villageReply,
} from './replies.ts';
import { reviewVisitor } from './review.ts';
import { visitorTokenKey } from './token.ts';

const tags = ['访客'];
const publicTags = ['访客登记（免登录）'];
/** public calls per client address and minute, each call its own budget: a visitor needs two or three */
export const VISITOR_REG_PER_MINUTE = 20;
const limited = (name: string) => ({
  access: 'public' as const,
  rateLimit: {
    max: VISITOR_REG_PER_MINUTE,
    timeWindow: '1 minute',
    keyGenerator: (req: { ip: string }) => `${name}:${req.ip}`,
  },
});

/** 访客: the villages' codes for staff, the review, and the public page's calls (with its avatar upload). */
export const registerVisitorRoutes = (app: FastifyInstance, { db, config }: ModuleDeps): void => {
  const cfg: QrConfig = { key: visitorTokenKey(config.configSecretKey), publicBaseUrl: config.publicBaseUrl };
  const storage = uploadStorage(config.dataDir);
  const exists = (path: string) => {
    const s = storage.get(path);
    s?.destroy();
    return s !== null;
  };

  serve(
    app,
    visitorApi.qrcode,
    {
      tags,
      summary: '访客二维码 {village_id} → 小区当前有效的登记链接（没有则生成，有效期一年）',
      body: qrBody,
      reply: qrReply,
      access: { perm: 'Visitor:view' },
      // the first showing writes the village's code; a read-only company takes no visitors anyway
      writes: true,
    },
    async (body, req) => villageQr(db, callerOf(req), body.village_id, cfg),
  );
  serve(
    app,
    visitorApi.revoke,
    {
      tags,
      summary: '撤销访客二维码 {village_id}：已打印的二维码立即失效',
      body: qrBody,
      reply: revokeReply,
      access: { perm: 'Visitor:edit' },
      writes: true,
    },
    async (body, req) => withMsg(await revokeVillageQr(db, callerOf(req), body.village_id), '已撤销'),
  );
  serve(
    app,
    visitorApi.setting,
    {
      tags,
      summary: '访客登记开关 {village_id, f_visitor_registration: 1 开启 / 2 关闭}',
      body: settingBody,
      reply: settingReply,
      access: { perm: 'Visitor:edit' },
      writes: true,
    },
    async (body, req) =>
      withMsg(await setRegistration(db, callerOf(req), body.village_id, body.f_visitor_registration), '保存成功!'),
  );
  serve(
    app,
    visitorApi.review,
    {
      tags,
      summary: '审核访客 {id, status: 1 通过（pass_start, pass_end，默认今天至23:59:59）/ 2 拒绝（reason）}',
      body: reviewBody,
      reply: reviewReply,
      access: { perm: 'Visitor:edit' },
      writes: true,
    },
    async (body, req) => withMsg(await reviewVisitor(db, callerOf(req), body), '审核成功'),
  );

  serve(
    app,
    visitorApi.acModel,
    {
      tags: publicTags,
      summary: '访客登记页的小区 {query: {type, id}} → {name, closed, f_visitor_registration}',
      body: acModelBody,
      reply: villageReply,
      unwrap: false,
      ...limited('visitorAcModel'),
    },
    async (body) => villageOfCode(db, cfg.key, body.query),
  );
  serve(
    app,
    visitorApi.reg,
    {
      tags: publicTags,
      summary: '访客登记 {values: {name, phone, fklx, fklxidx, avatar}, query: {type, id}}',
      body: regBody,
      reply: regReply,
      unwrap: false,
      ...limited('visitorReg'),
    },
    async (body) => withMsg(await register(db, cfg.key, body.query, body.values, exists), VisitorMsg.ok),
  );
  // multipart, not a JSON body; the code's query rides in the address
  app.post(
    VISITOR_UPLOAD_PATH,
    {
      schema: {
        tags: publicTags,
        summary: '上传访客头像（multipart: file；?type=&id= 为二维码参数）→ {path}',
        consumes: ['multipart/form-data'],
        querystring: uploadQuery,
        response: { 200: replySchema(z.object({ path: z.string() })) },
      },
      config: limited('visitorUpload'),
    },
    async (req) => {
      const code = await codeOf(db, cfg.key, req.query as z.output<typeof uploadQuery>);
      if (!isOpen(code.village)) throw fail(VisitorMsg.closed, Code.disabled);
      // stored as the company's upload: its staff read the picture, nobody else
      const stored = await storeUpload(storage, `t${code.tenantId}`, await req.file(), 'image');
      return ok({ path: stored.path }, '上传成功!');
    },
  );
};
