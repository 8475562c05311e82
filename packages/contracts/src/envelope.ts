import { z } from 'zod';

/** Every reply of /xapi is wrapped in this envelope; code 0 is success. */
export type Envelope<T> = { code: number; msg: string; data: T };

export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), msg: z.string(), data });

/** Business codes (HTTP status stays 200 for these). */
export const Code = {
  ok: 0,
  /** generic business failure; msg says what */
  fail: 1,
  validation: 10001,
  forbidden: 10003,
  notFound: 10004,
  loginFailed: 10010,
  locked: 10011,
  staleTimestamp: 10012,
  replay: 10013,
  wrongKind: 10014,
  disabled: 10015,
  expired: 10016,
  /** the first login's password must be changed before anything else */
  mustChangePassword: 10017,
  /** the company's service has lapsed (past its grace days): it may read, not write */
  readOnly: 10018,
  /** too many failed logins for this name or address: the login must carry a captcha (randstr, ticket) */
  captchaRequired: 10019,
  /** identity failures: the web forces a logout */
  tokenInvalid: 50008,
  otherLogin: 50012,
  tokenExpired: 50014,
} as const;
export type CodeName = keyof typeof Code;

export const identityFailureCodes: readonly number[] = [Code.tokenInvalid, Code.otherLogin, Code.tokenExpired];
/** code 1 with this msg also forces logout */
export const authExpiredMsg = '用户认证已失效，请重新登录';

/** Transport errors, shown by the web for HTTP statuses. */
export const httpStatusText: Record<number, string> = {
  400: '请求错误',
  401: '未授权，请登录',
  403: '拒绝访问',
  404: '请求地址出错',
  406: '不支持的请求格式',
  408: '请求超时',
  413: '请求内容过大',
  415: '不支持的请求格式',
  500: '服务器内部错误',
  501: '服务未实现',
  502: '网关错误',
  503: '服务不可用',
  504: '网关超时',
  505: 'HTTP版本不受支持',
};

export const Msg = {
  forbidden: '无权限',
  notFound: '数据不存在',
  tokenInvalid: '身份验证失败，请重新登录',
  saved: '保存成功!',
  deleted: '删除成功!',
  updated: '修改成功!',
} as const;
