import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idOf } from '@5a/contracts';
import { accessFacesApi, workerAccessApi, type CredentialsApi } from '@5a/contracts/endpoints/access-faces';
import { callerOf } from '../../../core/http/access.ts';
import { serve, withMsg } from '../../../core/http/endpoint.ts';
import { formatTime } from '../../../core/time.ts';
import { scopeOfCaller } from '../../estate/index.ts';
import type { ModuleDeps } from '../../types.ts';
import { faceOf, residentKind, saveConsent, withdrawConsent, workerKind, type CredentialKind } from './consent.ts';
import { isBarred, QR_TTL_SEC, qrVersion, setBarred, setWorkerCard, signQr } from '../rights/credential.ts';
import { barReply, consentSaved, personAccessReply, personQrReply } from './replies.ts';

const text = (label: string, max: number) =>
  z
    .string({ error: `${label}不能为空` })
    .trim()
    .min(1, `${label}不能为空`)
    .max(max, `${label}不能超过${max}个字符`);

type Access = { readonly perm: string };
/** one kind of person's credential calls: his screen's rights and tag, how he is found */
type CredentialRoutes = { api: CredentialsApi; kind: CredentialKind; tag: string; view: Access; edit: Access };

/**
 * 人脸与门禁凭证 of a resident or a staff member: his consent and face (masked without the sensitive right, every
 * unmasked view logged), recording and withdrawing the consent, 禁止通行, and his dynamic QR code (HMAC-signed, a few
 * minutes long; 重新签发 voids every code before); a worker's door card besides.
 */
const registerCredentials = (app: FastifyInstance, { db, registry }: ModuleDeps, r: CredentialRoutes) => {
  const { api, kind: k, view, edit } = r;
  const tags = [r.tag];
  const who = idOf(k.label);
  const personBody = z.object({ person_id: who });
  serve(
    app,
    api.person,
    {
      tags,
      summary: `${k.label}的人脸授权与门禁凭证（无敏感信息权限时不返回人脸照片；每次查看照片均记录）`,
      body: z.object({ id: who }),
      reply: personAccessReply,
      access: view,
      writes: false,
    },
    async ({ id }, req) => {
      const s = scopeOfCaller(callerOf(req));
      const p = await k.find(db, s, id);
      return {
        person_id: p.id,
        name: p.name,
        card_no: p.card,
        barred: await isBarred(db, s.tenantId, k.kind, id),
        consent: await faceOf(db, s, k, id),
      };
    },
  );
  serve(
    app,
    api.saveConsent,
    {
      tags,
      summary: '登记人脸采集同意并保存人脸照片（照片只随同意一起保存；已有同意时替换）',
      body: z.object({
        person_id: who,
        face_img: z.string({ error: '请上传人脸照片' }).trim().min(1, '请上传人脸照片'),
        purpose: text('采集用途', 100),
        consented_by: text('授权人', 32),
      }),
      reply: consentSaved,
      access: edit,
      writes: true,
    },
    async ({ person_id, ...input }, req) => {
      const caller = callerOf(req);
      await saveConsent(db, scopeOfCaller(caller), caller.actor.name, k, person_id, input, new Date());
      return withMsg({ person_id }, '人脸授权已登记');
    },
  );
  serve(
    app,
    api.withdrawConsent,
    {
      tags,
      summary: `撤回人脸授权：人脸照片立即删除，该${k.label}从所有人脸设备的应有名单中移除`,
      body: personBody,
      reply: consentSaved,
      access: edit,
      writes: true,
    },
    async ({ person_id }, req) => {
      await withdrawConsent(db, scopeOfCaller(callerOf(req)), k, person_id);
      return withMsg({ person_id }, '人脸授权已撤回，人脸照片已删除');
    },
  );
  serve(
    app,
    api.bar,
    {
      tags,
      summary: `禁止通行 / 恢复通行：禁止后该${k.label}立即从所有门禁设备的应有名单中移除`,
      body: personBody.extend({ barred: z.boolean({ error: '禁止通行格式错误' }) }),
      reply: barReply,
      access: edit,
      writes: true,
    },
    async ({ person_id, barred }, req) => {
      const s = scopeOfCaller(callerOf(req));
      await k.find(db, s, person_id);
      await setBarred(db, s.tenantId, k.kind, person_id, barred);
      return withMsg({ person_id, barred }, barred ? '已禁止通行' : '已恢复通行');
    },
  );
  const qr =
    (reissue: boolean) =>
    async ({ person_id }: { person_id: number }, req: Parameters<typeof callerOf>[0]) => {
      const s = scopeOfCaller(callerOf(req));
      await k.find(db, s, person_id);
      const { version } = await qrVersion(db, s.tenantId, k.kind, person_id, reissue);
      const exp = Math.floor(Date.now() / 1000) + QR_TTL_SEC;
      const code = signQr(registry, { tenantId: s.tenantId, kind: k.kind, personId: person_id, version, exp });
      return { person_id, qr: code, expires_at: formatTime(new Date(exp * 1000)) };
    };
  serve(
    app,
    api.qr,
    {
      tags,
      summary: `${k.label}的动态门禁二维码（${QR_TTL_SEC / 60} 分钟内有效）`,
      body: personBody,
      reply: personQrReply,
      access: view,
      writes: false,
    },
    qr(false),
  );
  serve(
    app,
    api.reissueQr,
    {
      tags,
      summary: `重新签发${k.label}的门禁二维码：此前签发的二维码全部失效`,
      body: personBody,
      reply: personQrReply,
      access: edit,
      writes: true,
    },
    async (body, req) => withMsg(await qr(true)(body, req), '已重新签发，旧二维码已失效'),
  );
};

/** a door card number as a card reader sends it: letters, digits and dashes */
const cardNo = z
  .string({ error: '门禁卡号格式错误' })
  .trim()
  .max(50, '门禁卡号不能超过50个字符')
  .regex(/^[A-Za-z0-9-]*$/, '门禁卡号只能包含字母、数字和短横线');

export const registerFaceRoutes = (app: FastifyInstance, deps: ModuleDeps) => {
  registerCredentials(app, deps, {
    api: accessFacesApi,
    kind: residentKind,
    tag: '住户管理',
    view: { perm: 'GatePerson:view' },
    edit: { perm: 'GatePerson:edit' },
  });
  const edit = { perm: 'Worker:edit' } as const;
  registerCredentials(app, deps, {
    api: workerAccessApi,
    kind: workerKind,
    tag: '员工管理',
    view: { perm: 'Worker:view' },
    edit,
  });
  serve(
    app,
    workerAccessApi.card,
    {
      tags: ['员工管理'],
      summary: '设置员工的门禁卡号（清空即收回）：卡号在本公司内只属于一人',
      body: z.object({ person_id: idOf('员工'), card_no: cardNo }),
      reply: z.object({ person_id: z.number().int(), card_no: z.string() }),
      access: edit,
      writes: true,
    },
    async ({ person_id, card_no }, req) => {
      const s = scopeOfCaller(callerOf(req));
      await workerKind.find(deps.db, s, person_id);
      await setWorkerCard(deps.db, s.tenantId, person_id, card_no);
      return withMsg({ person_id, card_no }, card_no ? '门禁卡号已保存' : '门禁卡已收回');
    },
  );
};
