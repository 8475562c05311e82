import { authExpiredMsg, Code, httpStatusText, identityFailureCodes } from '@5a/contracts';

export type Outcome =
  | { kind: 'ok'; data: unknown }
  | { kind: 'auth'; code: number; msg: string }
  | { kind: 'error'; code: number; msg: string };

type EnvelopeLike = { code: number; msg: string; data: unknown };
const isEnvelope = (v: unknown): v is EnvelopeLike =>
  typeof v === 'object' && v !== null && 'code' in v && typeof v.code === 'number' && 'msg' in v;

/** Identity failure codes, or code 1 with the auth-expired message, force a logout. */
export const isIdentityFailure = (code: number, msg: string) =>
  identityFailureCodes.includes(code) || (code === Code.fail && msg === authExpiredMsg);

/** Interpret an HTTP reply: envelope first (whatever the status), else the HTTP status's text. */
export const interpretReply = (status: number, payload: unknown): Outcome => {
  const httpOk = status >= 200 && status < 300;
  if (isEnvelope(payload)) {
    const code = payload.code;
    const msg = typeof payload.msg === 'string' ? payload.msg : '';
    if (code === Code.ok && httpOk) return { kind: 'ok', data: payload.data };
    if (isIdentityFailure(code, msg)) return { kind: 'auth', code, msg: msg || '身份验证失败' };
    return { kind: 'error', code, msg: msg || httpStatusText[status] || `请求失败(${status})` };
  }
  return { kind: 'error', code: -1, msg: httpStatusText[status] ?? (httpOk ? '响应格式错误' : `请求失败(${status})`) };
};

/** The toast after a successful call: the server's msg, unless it is a placeholder ('success', 'ok'). */
export const successText = (msg: string | undefined, fallback: string) =>
  msg && msg !== 'success' && msg !== 'ok' ? msg : fallback;
