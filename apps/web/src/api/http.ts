import { Code, httpStatusText } from '@5a/contracts';
import { DEFAULT_TIMEOUT_MS } from '../config.ts';
import { filenameFromDisposition } from '../engine/logic/format.ts';
import { notifyError } from '../lib/feedback.ts';
import { currentPage, logError } from '../lib/log.ts';
import { interpretReply } from './envelope.ts';
import { getToken } from '../store/auth.ts';
import { useEnvStore } from '../store/env.ts';

/** The web's one HTTP client: base address, bearer token, envelope, error texts, forced logout. */

export type RequestOptions = {
  /** ms, default 60 s */
  timeout?: number;
  /** no toast on failure (identity failures still log out) */
  silent?: boolean;
  /** never trigger the identity-failure logout (the logout call itself) */
  skipAuthFailure?: boolean;
};

/** A failed call; keeps the envelope's data (field errors {field}, import results). */
export class ApiError extends Error {
  readonly code: number;
  readonly status: number;
  readonly data: unknown;
  constructor(message: string, code: number, status = 200, data: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.data = data;
  }
}

/** The field a validation failure names (code 10001, data {field}). */
export const errorField = (e: unknown): string | null => {
  if (!(e instanceof ApiError) || e.code !== Code.validation) return null;
  const d = e.data;
  return typeof d === 'object' && d !== null && 'field' in d && typeof d.field === 'string' && d.field ? d.field : null;
};

export const NETWORK_ERROR_MSG = '网络异常';
const TIMEOUT_MSG = httpStatusText[408] ?? '请求超时';
export const UPLOAD_TIMEOUT_MS = 25_000;
export const IMPORT_TIMEOUT_MS = 50_000;

/** The identity-failure handler is installed by the app (shows the modal and logs out). */
let onAuthFailure: () => void = () => {};
export const setAuthFailureHandler = (fn: () => void) => {
  onAuthFailure = fn;
};

export const joinUrl = (base: string, path: string) => `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;

/** Where a call came from: its path, and the page it was made on (the log credits that page, not a later one). */
type CallSite = { path: string; page: string };
const siteOf = (path: string): CallSite => ({ path, page: currentPage() });

const fail = (err: ApiError, opts: RequestOptions, site: CallSite): never => {
  logError('api', err.message, `${site.path}: code ${err.code}, HTTP ${err.status}`, site.page);
  if (!opts.silent) notifyError(err.message);
  throw err;
};

const dataOf = (payload: unknown) =>
  typeof payload === 'object' && payload !== null && 'data' in payload ? payload.data : null;
const msgOf = (payload: unknown) =>
  typeof payload === 'object' && payload !== null && 'msg' in payload && typeof payload.msg === 'string'
    ? payload.msg
    : '';

const readJson = async (res: Response): Promise<unknown> => {
  try {
    return await res.json();
  } catch {
    return null;
  }
};

/** POST with the bearer token, the configured base address and a timeout. */
const rawFetch = async (
  site: CallSite,
  init: RequestInit,
  opts: RequestOptions,
): Promise<{ res: Response; done: () => void }> => {
  const { path } = site;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), opts.timeout ?? DEFAULT_TIMEOUT_MS);
  const headers = new Headers(init.headers);
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  try {
    const res = await fetch(joinUrl(useEnvStore.getState().baseUrl, path), {
      ...init,
      method: 'POST',
      headers,
      signal: controller.signal,
    });
    return { res, done: () => clearTimeout(timer) };
  } catch {
    clearTimeout(timer);
    const timedOut = controller.signal.aborted;
    return fail(new ApiError(timedOut ? TIMEOUT_MSG : NETWORK_ERROR_MSG, -1, timedOut ? 408 : 0), opts, site);
  }
};

/** Envelope → {data, msg}; failures toast (unless silent), identity failures log out. */
const settle = <T>(
  status: number,
  payload: unknown,
  opts: RequestOptions,
  site: CallSite,
): { data: T; msg: string } => {
  const outcome = interpretReply(status, payload);
  if (outcome.kind === 'ok') return { data: outcome.data as T, msg: msgOf(payload) };
  if (outcome.kind === 'auth') {
    logError('api', outcome.msg, `${site.path}: code ${outcome.code}`, site.page);
    if (!opts.skipAuthFailure) onAuthFailure();
    throw new ApiError(outcome.msg, outcome.code, status);
  }
  return fail(new ApiError(outcome.msg, outcome.code, status, dataOf(payload)), opts, site);
};

const sendRaw = async <T>(path: string, init: RequestInit, opts: RequestOptions) => {
  const site = siteOf(path);
  const { res, done } = await rawFetch(site, init, opts);
  try {
    // a body that is not JSON (or was cut off) reads as no envelope: the HTTP status text
    return settle<T>(res.status, await readJson(res), opts, site);
  } finally {
    done();
  }
};

/** POST JSON; resolves with data and the server's msg ('保存成功!' …). */
export const sendMsg = <T>(path: string, body: unknown = {}, opts: RequestOptions = {}) =>
  sendRaw<T>(path, { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body ?? {}) }, opts);

/** POST JSON to `{base}{path}` and unwrap the {code, msg, data} envelope. */
export const send = async <T>(path: string, body: unknown = {}, opts: RequestOptions = {}): Promise<T> =>
  (await sendMsg<T>(path, body, opts)).data;

/** POST multipart with one `file` field (upload, import). */
export const sendFile = <T>(path: string, file: Blob, fileName: string, opts: RequestOptions = {}) => {
  const form = new FormData();
  form.append('file', file, fileName);
  return sendRaw<T>(path, { body: form }, opts);
};

export type DownloadProgress = { received: number; total: number | null };
export type Downloaded = { blob: Blob; filename: string };

/**
 * POST and receive a file (export, import template). An envelope reply instead of a file is a
 * failure (toasted). Progress reports bytes received while the body streams.
 */
export const downloadFile = async (
  path: string,
  body: unknown,
  fallbackName: string,
  onProgress?: (p: DownloadProgress) => void,
  opts: RequestOptions = {},
): Promise<Downloaded> => {
  const site = siteOf(path);
  const { res, done } = await rawFetch(
    site,
    { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body ?? {}) },
    { timeout: 600_000, ...opts },
  );
  try {
    const type = res.headers.get('Content-Type') ?? '';
    if (!res.ok || type.includes('application/json')) {
      settle<unknown>(res.status, await readJson(res), opts, site);
      return fail(new ApiError('导出失败', -1, res.status), opts, site);
    }
    const length = Number(res.headers.get('Content-Length'));
    const total = Number.isFinite(length) && length > 0 ? length : null;
    const filename = filenameFromDisposition(res.headers.get('Content-Disposition'), fallbackName);
    if (!res.body) return { blob: await res.blob(), filename };
    const reader = res.body.getReader();
    const chunks: Uint8Array<ArrayBuffer>[] = [];
    let received = 0;
    for (;;) {
      const { done: end, value } = await reader.read();
      if (end) break;
      chunks.push(value);
      received += value.byteLength;
      onProgress?.({ received, total });
    }
    return { blob: new Blob(chunks, { type: type || 'application/octet-stream' }), filename };
  } catch (e) {
    if (e instanceof ApiError) throw e;
    return fail(new ApiError(NETWORK_ERROR_MSG, -1, 0), opts, site);
  } finally {
    done();
  }
};

/** Saves a blob through an object URL and a temporary <a download>. */
export const saveBlob = ({ blob, filename }: Downloaded) => {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
};
