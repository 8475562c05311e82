import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { gateApi } from '@5a/contracts/endpoints/parking';
import { serve } from '../../../core/http/endpoint.ts';
import { capturedTime, rawBodyOf, registerDeviceRoutes } from '../../../core/http/device-route.ts';
import type { Screen } from '../../../core/screens/define.ts';
import type { ModuleDeps } from '../../types.ts';
import { deviceHeaders } from '../../../core/auth/device-signature.ts';
import { gateEventResource } from './passages.ts';
import { ingestGateEvent } from './ingest.ts';
import { parkingPackageResource } from '../associations/packages.ts';
import { mayBePicture, PICTURE_INVALID, PICTURE_PREFIXES_KEY } from './picture.ts';
import { normalizePlate, plateKind } from '../plate.ts';
import { gateEventReply } from '../replies.ts';

export const gateScreens: readonly Screen[] = [parkingPackageResource, gateEventResource];

const PLATE_INVALID = 'plate不是有效的车牌号（省份简称+字母数字，如 京A12345）';
const eventBody = z.object({
  event_id: z
    .string({ error: 'event_id格式错误' })
    .trim()
    .min(1, 'event_id不能为空')
    .max(64, 'event_id不能超过64个字符')
    .describe('设备的事件编号（同一车道内唯一，重发时不变）'),
  plate: z
    .string({ error: PLATE_INVALID })
    .max(20, PLATE_INVALID)
    .transform((s) => normalizePlate(s))
    .refine((s) => s.length > 0, 'plate不能为空')
    .refine((s) => plateKind(s) !== null, PLATE_INVALID)
    .describe('车牌号（省份简称+字母数字，如 京A12345、沪AD12345）'),
  direction: z.union([z.literal(1), z.literal(2)], { error: 'direction格式错误' }).describe('1 入场 / 2 出场'),
  time: capturedTime()
    .optional()
    .describe('抓拍时间 YYYY-MM-DD HH:mm:ss（北京时间），缺省为收到时；须在 X-Timestamp 之前24小时至之后5分钟内'),
  picture: z
    .string({ error: PICTURE_INVALID })
    .max(500, 'picture不能超过500个字符')
    .refine(mayBePicture, PICTURE_INVALID)
    .optional()
    .describe(`抓拍图片：本公司上传的文件，或参数配置 ${PICTURE_PREFIXES_KEY} 中允许的 https 地址前缀之下`),
});

/**
 * The cameras' route: signed by the device over the raw body (core/http/device-route.ts keeps it for the check).
 */
export const registerGateRoutes = (parent: FastifyInstance, { db }: ModuleDeps) =>
  registerDeviceRoutes(parent, (app) => {
    serve(
      app,
      gateApi.event,
      {
        tags: ['停车道闸（设备）'],
        summary:
          '道闸抓拍事件：设备以 X-Device-Code、X-Timestamp（毫秒）与 X-Signature（HMAC-SHA256(secret, `${timestamp}.${body}`) 十六进制）认证；答复放行或拒绝',
        body: eventBody,
        reply: gateEventReply,
        access: 'public',
        // the device signs the body it sends, flat: nothing to unwrap
        unwrap: false,
      },
      async (body, req) =>
        ingestGateEvent(db, deviceHeaders(req.headers), rawBodyOf(req), body, (fields, msg) =>
          req.log.warn(fields, msg),
        ),
    );
  });
