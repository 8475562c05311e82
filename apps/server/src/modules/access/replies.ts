import { z } from 'zod';

/** The replies of the access module's own calls, as the serializer checks them and /docs shows them. */
const int = () => z.number().int();

export const deviceSecretReply = z.object({
  id: int(),
  gateno: z.string().describe('设备编号'),
  secret: z.string().describe('签名密钥（仅此一次显示，请写入设备）'),
});

export const heartbeatReply = z.object({
  online: z.literal(true),
  time: z.string().describe('服务器时间（北京时间）'),
});

export const accessEventReply = z.object({
  id: int(),
  event_id: z.string(),
  jctype: int().describe('1 进 / 2 出'),
  person_name: z.string().describe('识别到的住户，空为陌生人'),
  time: z.string(),
  replay: z.boolean().describe('重发的事件：答复首次的记录'),
});

export const facesReply = z.object({
  count: int().describe('设备持有的人脸数'),
  time: z.string().describe('上报时间'),
});

export const faceThresholdReply = z.object({
  village_id: int(),
  threshold: int().describe('人脸识别阈值（%）：相似度低于它的通行记为陌生人并告警'),
});
