import { httpStatusText } from '@5a/contracts';
import { DEFAULT_TIMEOUT_MS } from '../config.ts';
import { notifyError } from '../lib/feedback.ts';
import { logError } from '../lib/log.ts';
import { interpretReply } from './envelope.ts';
import { getToken } from '../store/auth.ts';
import { useEnvStore } from '../store/env.ts';

export type RequestOptions = {
  /** ms, default 60 s */
  timeout?: number;
  /** no toast on failure (identity failures still log out) */
  silent?: boolean;
  /** never trigger the identity-failure logout (the logout call itself) */
  skipAuthFailure?: boolean;
};

export class ApiError extends Error {
  readonly code: number;
  readonly status: number;
  constructor(message: string, code: number, status = 200) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
  }
}

export const NETWORK_ERROR_MSG = '网络异常';
const TIMEOUT_MSG = httpStatusText[408] ?? '请求超时';

/** The identity-failure handler is installed by the app (shows the modal and logs out). */
let onAuthFailure: () => void = () => {};
export const setAuthFailureHandler = (fn: () => void) => {
  onAuthFailure = fn;
};

export const joinUrl = (base: string, path: string) => `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;

const fail = (err: ApiError, opts: RequestOptions): never => {
  logError('api', err.message, `code ${err.code}, HTTP ${err.status}`);
  if (!opts.silent) notifyError(err.message);
  throw err;
};

const readJson = async (res: Response): Promise<unknown> => {
  try {
    return await res.json();
  } catch {
    return null;
  }
};

/** POST JSON to `{base}{path}` and unwrap the {code, msg, data} envelope. */
export const post = async <T>(path: string, body: unknown = {}, opts: RequestOptions = {}): Promise<T> => {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), opts.timeout ?? DEFAULT_TIMEOUT_MS);
  const token = getToken();
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  let res: Response;
  let payload: unknown;
  try {
    res = await fetch(joinUrl(useEnvStore.getState().baseUrl, path), {
      method: 'POST',
      headers,
      body: JSON.stringify(body ?? {}),
      signal: controller.signal,
    });
    payload = await readJson(res);
  } catch {
    const timedOut = controller.signal.aborted;
    return fail(new ApiError(timedOut ? TIMEOUT_MSG : NETWORK_ERROR_MSG, -1, timedOut ? 408 : 0), opts);
  } finally {
    clearTimeout(timer);
  }
  const outcome = interpretReply(res.status, payload);
  if (outcome.kind === 'ok') return outcome.data as T;
  if (outcome.kind === 'auth') {
    logError('api', outcome.msg, `code ${outcome.code}`);
    if (!opts.skipAuthFailure) onAuthFailure();
    throw new ApiError(outcome.msg, outcome.code, res.status);
  }
  return fail(new ApiError(outcome.msg, outcome.code, res.status), opts);
};
