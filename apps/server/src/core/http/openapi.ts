import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { Code, httpStatusText } from '@5a/contracts';

/** Routes whose success reply is not the envelope: file downloads, exports, the payment providers' callbacks, the demo stream. */
export const NON_ENVELOPE_ROUTES: readonly RegExp[] = [
  /\/export$/,
  /\/importTemplate$/,
  /^\/xapi\/Common\/Document\/file\//,
  // a company's whole-data zip
  /^\/xapi\/Web\/Setting\/DataExport\/file\//,
  // the phone page's pictures, by signed address
  /^\/xapi\/H5\/Resident\/file\//,
  /^\/xapi\/Web\/NoLoginApi\/OnlinePay\/notify\//,
  /^\/xapi\/Web\/NoLoginApi\/ParkingPay\/notify\//,
  /^\/xapi\/Web\/NoLoginApi\/ServicePay\/notify$/,
  // the demo's HLS playlist and segments
  /^\/xapi\/Video\/demo\//,
];

/** Routes that declare no reply schema: the non-envelope ones and the alert event stream (text/event-stream). */
export const UNDECLARED_REPLY_ROUTES: readonly RegExp[] = [
  ...NON_ENVELOPE_ROUTES,
  /^\/xapi\/Web\/Basic\/PlatformInformation\/abnormalStream$/,
];

const envelope = (description: string) => ({
  description,
  type: 'object',
  required: ['code', 'msg', 'data'],
  properties: {
    code: {
      type: 'integer',
      description: `0 成功；${Code.validation} 参数错误（data.field 指出字段）、${Code.forbidden} 无权限、${Code.notFound} 数据不存在、${Code.tokenInvalid}/${Code.otherLogin}/${Code.tokenExpired} 需重新登录；HTTP 错误时等于状态码`,
    },
    msg: { type: 'string', description: '中文提示' },
    data: { description: '结果数据；失败时为 null 或 {field}' },
  },
});

const errorStatuses = [400, 404, 406, 413, 415, 429, 500] as const;
const errorText: Record<number, string> = { ...httpStatusText, 429: '请求过于频繁，请稍后再试' };

type Transform = typeof jsonSchemaTransform;

/**
 * The zod transform, plus what every /xapi operation may answer: the envelope on 200 (business
 * failures ride on it too) and on the transport errors. Only the document changes: the routes'
 * own response schemas and serialization stay as they are.
 */
export const documentedTransform: Transform = (input) => {
  const out = jsonSchemaTransform(input);
  if (!out.url.startsWith('/xapi/')) return out;
  const schema = out.schema as Record<string, unknown> & { response?: Record<string, unknown> };
  const response: Record<string, unknown> = { ...(schema.response ?? {}) };
  const fileLike = NON_ENVELOPE_ROUTES.some((re) => re.test(out.url.replace(/:(\w+)/g, '{$1}')));
  response[200] ??= fileLike
    ? { description: '文件或回调应答（非信封）；失败时为信封 {code, msg, data}' }
    : envelope('信封 {code, msg, data}：code 0 成功，其他为业务失败，HTTP 状态仍为 200');
  for (const s of errorStatuses) response[s] ??= envelope(`${errorText[s] ?? ''}（HTTP ${s}，信封 code 等于状态码）`);
  return { ...out, schema: { ...schema, response } };
};
