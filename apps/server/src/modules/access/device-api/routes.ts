import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idOf, INT2_MAX } from '@5a/contracts';
import { accessDeviceApi } from '@5a/contracts/endpoints/access';
import { deviceHeaders } from '../../../core/auth/device-signature.ts';
import { capturedTime, rawBodyOf, registerDeviceRoutes } from '../../../core/http/device-route.ts';
import { serve } from '../../../core/http/endpoint.ts';
import { mayBePicture } from '../../document/index.ts';
import type { ModuleDeps } from '../../types.ts';
import { accessEventReply, commandResultReply, commandsReply, facesReply, heartbeatReply } from '../replies.ts';
import { fetchCommands, reportCommandResult } from './commands.ts';
import { PICTURE_PREFIXES_KEY } from './facts.ts';
import { heartbeat, ingestEvent, PICTURE_INVALID, reportFaces, type DeviceCall } from './ingest.ts';

const SIGNED =
  '设备以 X-Device-Code、X-Timestamp（毫秒）与 X-Signature（HMAC-SHA256(secret, `${timestamp}.${body}`) 十六进制）认证';
const tags = ['门禁设备（设备）'];

const text = (field: string, max: number) =>
  z
    .string({ error: `${field}格式错误` })
    .trim()
    .max(max, `${field}不能超过${max}个字符`);

const heartbeatBody = z.object({
  ip: text('ip', 64).optional().describe('设备地址'),
  firmware: text('firmware', 64).optional().describe('固件版本'),
});

const eventBody = z.object({
  event_id: text('event_id', 64).min(1, 'event_id不能为空').describe('设备的事件编号（同一设备内唯一，重发时不变）'),
  open_type: z
    .union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], { error: 'open_type格式错误' })
    .describe('开门方式：1 人脸 / 2 刷卡 / 3 二维码 / 4 人员编号'),
  person_id: idOf('person_id').nullish().describe('识别到的住户 id（须为设备所在小区的住户），缺省为陌生人'),
  card_no: text('card_no', 50).optional().describe('卡号（刷卡时按住户的门禁卡号识别住户）'),
  face_id: text('face_id', 64).optional().describe('人脸编号'),
  qr_code: text('qr_code', 255).optional().describe('二维码内容'),
  door: z.coerce
    .number({ error: 'door格式错误' })
    .int('door格式错误')
    .min(1, 'door格式错误')
    .max(64, 'door格式错误')
    .optional()
    .describe('门号，缺省为 1'),
  jctype: z.coerce
    .number({ error: 'jctype格式错误' })
    .int('jctype格式错误')
    .min(0, 'jctype格式错误')
    .max(INT2_MAX, 'jctype格式错误')
    .optional()
    .describe('1 进，其他为出；缺省为设备的方向'),
  time: capturedTime()
    .optional()
    .describe('通行时间 YYYY-MM-DD HH:mm:ss（北京时间），缺省为收到时；须在 X-Timestamp 之前24小时至之后5分钟内'),
  picture: z
    .string({ error: PICTURE_INVALID })
    .max(500, 'picture不能超过500个字符')
    .refine(mayBePicture, PICTURE_INVALID)
    .optional()
    .describe(`抓拍图片：本公司上传的文件，或参数配置 ${PICTURE_PREFIXES_KEY} 中允许的 https 地址前缀之下`),
  similarity: z
    .number({ error: 'similarity格式错误' })
    .min(0, 'similarity须在0到100之间')
    .max(100, 'similarity须在0到100之间')
    .optional()
    .describe('人脸相似度（百分比）'),
});

const facesBody = z.object({
  faces: z
    .array(text('faces', 64).min(1, 'faces不能含空编号'), { error: 'faces格式错误' })
    .max(50_000, 'faces一次最多50000个')
    .describe('设备当前持有的全部人脸编号'),
});

const commandResultBody = z.object({
  sync_id: idOf('sync_id').describe('领取到的指令编号'),
  failed: z
    .array(
      z.object({
        face_id: text('face_id', 64).min(1, 'face_id不能为空'),
        reason: text('reason', 100).min(1, 'reason不能为空').describe('未能录入的原因'),
      }),
      { error: 'failed格式错误' },
    )
    .max(50_000, 'failed一次最多50000个')
    .optional()
    .describe('未能录入的人脸，其余均已执行'),
});

/**
 * The door controllers' and face terminals' calls: signed by the device over the raw body (core/http/device-route.ts
 * keeps it for the check, core/auth/device-signature.ts checks it, as for the barrier cameras).
 */
export const registerDeviceApi = (parent: FastifyInstance, { db, registry }: ModuleDeps) =>
  registerDeviceRoutes(parent, (app) => {
    const call = (req: Parameters<typeof rawBodyOf>[0]): DeviceCall => ({
      h: deviceHeaders(req.headers),
      rawBody: rawBodyOf(req),
      warn: (fields, msg) => req.log.warn(fields, msg),
    });
    // the device signs the body it sends, flat: nothing to unwrap
    const common = { tags, access: 'public', unwrap: false } as const;
    serve(
      app,
      accessDeviceApi.heartbeat,
      {
        ...common,
        summary: `门禁设备心跳：${SIGNED}；超过数分钟无心跳即为离线`,
        body: heartbeatBody,
        reply: heartbeatReply,
      },
      async (body, req) =>
        heartbeat(registry, db, call(req), {
          ...(body.ip ? { ip: body.ip } : {}),
          ...(body.firmware ? { firmware: body.firmware } : {}),
        }),
    );
    serve(
      app,
      accessDeviceApi.event,
      {
        ...common,
        summary: `门禁通行事件（人脸、刷卡、二维码或人员编号）：${SIGNED}；重发的事件只记录一次`,
        body: eventBody,
        reply: accessEventReply,
      },
      async (body, req) => ingestEvent(registry, db, call(req), body),
    );
    serve(
      app,
      accessDeviceApi.faces,
      {
        ...common,
        summary: `门禁设备上报其持有的人脸编号：${SIGNED}；替换该设备上次的上报`,
        body: facesBody,
        reply: facesReply,
      },
      async (body, req) => reportFaces(registry, db, call(req), body.faces),
    );
    serve(
      app,
      accessDeviceApi.commands,
      {
        ...common,
        summary: `门禁设备领取名单指令（推送差异、刷新人脸）：${SIGNED}；回报执行结果前每次领取都会再次给出`,
        body: z.object({}).strict(),
        reply: commandsReply,
      },
      async (_body, req) => fetchCommands(registry, db, call(req)),
    );
    serve(
      app,
      accessDeviceApi.commandResult,
      {
        ...common,
        summary: `门禁设备回报名单指令的执行结果：${SIGNED}；设备持有名单随之更新，重复回报以首次为准`,
        body: commandResultBody,
        reply: commandResultReply,
      },
      async (body, req) => reportCommandResult(registry, db, call(req), body),
    );
  });
