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

export const commandsReply = z.object({
  commands: z.array(
    z.object({
      sync_id: int().describe('指令编号，执行后以 commandResult 回报'),
      add: z.array(
        z.object({
          face_id: z.string().describe('人脸编号（上报持有名单时用它）'),
          name: z.string(),
          face_img: z.string().describe('人脸照片'),
          card: z.string().describe('门禁卡号'),
        }),
      ),
      remove: z.array(z.string()).describe('要移除的人脸编号'),
    }),
  ),
});

export const commandResultReply = z.object({
  sync_id: int(),
  state: z.enum(['done', 'failed']).describe('done 全部执行 / failed 有人脸未能录入'),
  added: int(),
  removed: int(),
  failed: int(),
});
