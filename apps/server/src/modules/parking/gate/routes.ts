import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { gateApi } from '@5a/contracts/endpoints/parking';
import { serve } from '../../../core/http/endpoint.ts';
import { formatTime } from '../../../core/time.ts';
import type { Screen } from '../../../core/screens/define.ts';
import type { ModuleDeps } from '../../types.ts';
import { deviceHeaders } from './device-auth.ts';
import { gateEventResource } from './passages.ts';
import { ingestGateEvent, shanghaiInstant } from './ingest.ts';
import { parkingPackageResource } from '../associations/packages.ts';
import { mayBePicture, PICTURE_INVALID, PICTURE_PREFIXES_KEY } from './picture.ts';
import { normalizePlate, plateKind } from '../plate.ts';
import { gateEventReply } from '../replies.ts';

export const gateScreens: readonly Screen[] = [parkingPackageResource, gateEventResource];

const PLATE_INVALID = 'plate不是有效的车牌号（省份简称+字母数字，如 京A12345）';
const TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
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
  time: z
    .string({ error: 'time格式错误' })
    .regex(TIME, 'time格式错误')
    // a day the calendar does not have (02-30) would otherwise roll over into the next month
    .refine((s) => formatTime(shanghaiInstant(s)) === s, 'time格式错误')
    .optional()
    .describe('抓拍时间 YYYY-MM-DD HH:mm:ss（北京时间），缺省为收到时；须在 X-Timestamp 之前24小时至之后5分钟内'),
  picture: z
    .string({ error: PICTURE_INVALID })
    .max(500, 'picture不能超过500个字符')
    .refine(mayBePicture, PICTURE_INVALID)
    .optional()
    .describe(`抓拍图片：本公司上传的文件，或参数配置 ${PICTURE_PREFIXES_KEY} 中允许的 https 地址前缀之下`),
});

/** the untouched body the device signed, kept beside the parsed one */
const rawBodies = new WeakMap<FastifyRequest, string>();

/** a body that is not JSON: fastify's own answer (400 with the error handler's text) */
const badJson = (e: unknown) =>
  Object.assign(new Error(e instanceof Error ? e.message : 'invalid JSON'), { statusCode: 400 });

/**
 * The cameras' route sits in a plugin scope whose JSON parser reads the body once as a string, keeps it for the
 * signature and parses it; a replayed stream per request would cost every event a second pass over the body. The
 * zod schema builds the event afresh from its own keys, so a `__proto__` key in the JSON reaches nothing.
 */
export const registerGateRoutes = (parent: FastifyInstance, { db }: ModuleDeps) =>
  parent.register(async (app) => {
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
      const raw = typeof body === 'string' ? body : body.toString('utf8');
      rawBodies.set(req, raw);
      try {
        done(null, JSON.parse(raw) as unknown);
      } catch (e) {
        done(badJson(e), undefined);
      }
    });
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
        ingestGateEvent(db, deviceHeaders(req.headers), rawBodies.get(req) ?? '', body, (fields, msg) =>
          req.log.warn(fields, msg),
        ),
    );
  });
