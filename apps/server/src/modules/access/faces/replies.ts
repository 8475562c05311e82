import { z } from 'zod';

/** The replies of the face consent and credential calls, as the serializer checks them and /docs shows them. */
const int = () => z.number().int();

export const faceConsentView = z.object({
  id: int(),
  face_img: z.string().describe('人脸照片（无敏感信息权限时为空）'),
  face_masked: z.boolean().describe('照片因权限被隐藏'),
  purpose: z.string().describe('采集用途'),
  consented_by: z.string().describe('授权人'),
  consented_at: z.string().describe('授权时间'),
  recorded_by: z.string().describe('登记人'),
});

export const personAccessReply = z.object({
  person_id: int(),
  name: z.string(),
  card_no: z.string().describe('门禁卡号'),
  barred: z.boolean().describe('禁止通行'),
  consent: faceConsentView.nullable(),
});

export const consentSaved = z.object({ person_id: int() });

export const barReply = z.object({ person_id: int(), barred: z.boolean() });

export const personQrReply = z.object({
  person_id: int(),
  qr: z.string().describe('二维码内容（HMAC 签名）'),
  expires_at: z.string().describe('失效时间'),
});

const diffPerson = z.object({
  face_id: z.string(),
  kind: z.string().describe('resident 住户 / worker 员工'),
  person_id: int().nullable(),
  name: z.string(),
});

const deviceHead = z.object({
  id: int(),
  name: z.string(),
  gateno: z.string(),
  village_id: int(),
  device_type: int(),
  faces_reported_at: z.string().describe('设备最近一次上报名单的时间'),
  last_sync_at: z.string().describe('最近一次推送时间'),
  last_sync_state: z
    .string()
    .describe('queued 排队中 / sent 待设备领取 / delivered 设备执行中 / done 已完成 / failed 部分失败'),
  last_sync_message: z.string(),
});

export const deviceFaceCheck = deviceHead.extend({
  expected: int(),
  reported: int(),
  missing: z.array(diffPerson).describe('缺少：应在设备上而不在'),
  extra: z.array(diffPerson).describe('待移除：在设备上而不应在'),
});

export const faceGapRows = z.array(
  deviceHead.extend({ expected: int(), reported: int(), missing: int(), extra: int() }),
);

export const facePushReply = z.object({ sync_id: int(), job_id: z.string(), add: int(), remove: int() });

export const faceRefreshReply = z.object({
  pageCount: z.number().int().describe('总页数'),
  size: z.number().int().describe('每页人数'),
  total: z.number().int().describe('设备应有人数'),
  current: z.number().int().describe('本次的页码（不带 page 时为 1）'),
});
