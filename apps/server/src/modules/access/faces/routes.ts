import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idOf } from '@5a/contracts';
import { accessFacesApi } from '@5a/contracts/endpoints/access-faces';
import { callerOf } from '../../../core/http/access.ts';
import { serve, withMsg } from '../../../core/http/endpoint.ts';
import { formatTime } from '../../../core/time.ts';
import { scopeOfCaller } from '../../estate/index.ts';
import type { ModuleDeps } from '../../types.ts';
import { faceOf, personInScope, saveConsent, withdrawConsent } from './consent.ts';
import { isBarred, QR_TTL_SEC, qrVersion, setBarred, signQr } from '../rights/credential.ts';
import { KIND_RESIDENT } from '../rights/expected.ts';
import { barReply, consentSaved, personAccessReply, personQrReply } from './replies.ts';

const tags = ['住户管理'];
const VIEW = { perm: 'GatePerson:view' } as const;
const EDIT = { perm: 'GatePerson:edit' } as const;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label}不能为空` })
    .trim()
    .min(1, `${label}不能为空`)
    .max(max, `${label}不能超过${max}个字符`);

const consentBody = z.object({
  person_id: idOf('住户'),
  face_img: z.string({ error: '请上传人脸照片' }).trim().min(1, '请上传人脸照片'),
  purpose: text('采集用途', 100),
  consented_by: text('授权人', 32),
});
const personBody = z.object({ person_id: idOf('住户') });

/**
 * 人脸与门禁凭证 of a resident: his consent and face (masked without the sensitive right, every unmasked view
 * logged), recording and withdrawing the consent, and his dynamic QR code (HMAC-signed, a few minutes long;
 * 重新签发 voids every code before).
 */
export const registerFaceRoutes = (app: FastifyInstance, { db, registry }: ModuleDeps) => {
  serve(
    app,
    accessFacesApi.person,
    {
      tags,
      summary: '住户的人脸授权与门禁凭证（无敏感信息权限时不返回人脸照片；每次查看照片均记录）',
      body: z.object({ id: idOf('住户') }),
      reply: personAccessReply,
      access: VIEW,
      writes: false,
    },
    async ({ id }, req) => {
      const s = scopeOfCaller(callerOf(req));
      const p = await personInScope(db, s, id);
      return {
        person_id: p.id,
        name: p.name,
        card_no: p.card,
        barred: await isBarred(db, s.tenantId, KIND_RESIDENT, id),
        consent: await faceOf(db, s, id),
      };
    },
  );
  serve(
    app,
    accessFacesApi.saveConsent,
    {
      tags,
      summary: '登记人脸采集同意并保存人脸照片（照片只随同意一起保存；已有同意时替换）',
      body: consentBody,
      reply: consentSaved,
      access: EDIT,
      writes: true,
    },
    async ({ person_id, ...input }, req) => {
      const caller = callerOf(req);
      await saveConsent(db, scopeOfCaller(caller), caller.actor.name, person_id, input, new Date());
      return withMsg({ person_id }, '人脸授权已登记');
    },
  );
  serve(
    app,
    accessFacesApi.withdrawConsent,
    {
      tags,
      summary: '撤回人脸授权：人脸照片立即删除，该住户从所有人脸设备的应有名单中移除',
      body: personBody,
      reply: consentSaved,
      access: EDIT,
      writes: true,
    },
    async ({ person_id }, req) => {
      await withdrawConsent(db, scopeOfCaller(callerOf(req)), person_id);
      return withMsg({ person_id }, '人脸授权已撤回，人脸照片已删除');
    },
  );
  serve(
    app,
    accessFacesApi.bar,
    {
      tags,
      summary: '禁止通行 / 恢复通行：禁止后该住户立即从所有门禁设备的应有名单中移除',
      body: personBody.extend({ barred: z.boolean({ error: '禁止通行格式错误' }) }),
      reply: barReply,
      access: EDIT,
      writes: true,
    },
    async ({ person_id, barred }, req) => {
      const s = scopeOfCaller(callerOf(req));
      await personInScope(db, s, person_id);
      await setBarred(db, s.tenantId, KIND_RESIDENT, person_id, barred);
      return withMsg({ person_id, barred }, barred ? '已禁止通行' : '已恢复通行');
    },
  );
  const qr =
    (reissue: boolean) =>
    async ({ person_id }: { person_id: number }, req: Parameters<typeof callerOf>[0]) => {
      const s = scopeOfCaller(callerOf(req));
      await personInScope(db, s, person_id);
      const { version } = await qrVersion(db, s.tenantId, KIND_RESIDENT, person_id, reissue);
      const exp = Math.floor(Date.now() / 1000) + QR_TTL_SEC;
      const code = signQr(registry, { tenantId: s.tenantId, kind: KIND_RESIDENT, personId: person_id, version, exp });
      return { person_id, qr: code, expires_at: formatTime(new Date(exp * 1000)) };
    };
  serve(
    app,
    accessFacesApi.qr,
    {
      tags,
      summary: `住户的动态门禁二维码（${QR_TTL_SEC / 60} 分钟内有效）`,
      body: personBody,
      reply: personQrReply,
      access: VIEW,
      writes: false,
    },
    qr(false),
  );
  serve(
    app,
    accessFacesApi.reissueQr,
    {
      tags,
      summary: '重新签发住户的门禁二维码：此前签发的二维码全部失效',
      body: personBody,
      reply: personQrReply,
      access: EDIT,
      writes: true,
    },
    async (body, req) => withMsg(await qr(true)(body, req), '已重新签发，旧二维码已失效'),
  );
};
