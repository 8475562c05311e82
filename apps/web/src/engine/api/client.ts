import { Code } from '@5a/contracts';
import { ApiError, joinUrl, NETWORK_ERROR_MSG, type RequestOptions } from '../../api/http.ts';
import { interpretReply } from '../../api/envelope.ts';
import { handleAuthFailure } from '../../app/logout.ts';
import { DEFAULT_TIMEOUT_MS } from '../../config.ts';
import { notifyError } from '../../lib/feedback.ts';
import { logError } from '../../lib/log.ts';
import { getToken } from '../../store/auth.ts';
import { useEnvStore } from '../../store/env.ts';
import { filenameFromDisposition } from '../logic/format.ts';

/** An envelope failure that keeps its data (field errors {field}, import results). */
export class EngineError extends ApiError {
  readonly data: unknown;
  constructor(message: string, code: number, status: number, data: unknown) {
    super(message, code, status);
    this.name = 'EngineError';
    this.data = data;
  }
}

/** The field a validation failure names (code 10001, data {field}). */
export const errorField = (e: unknown): string | null => {
  if (!(e instanceof EngineError) || e.code !== Code.validation) return null;
  const d = e.data;
  return typeof d === 'object' && d !== null && 'field' in d && typeof d.field === 'string' && d.field ? d.field : null;
};

export const UPLOAD_TIMEOUT_MS = 25_000;
export const IMPORT_TIMEOUT_MS = 50_000;

const TIMEOUT_MSG = '请求超时';

const fail = (err: EngineError, opts: RequestOptions): never => {
  logError('api', err.message, `code ${err.code}, HTTP ${err.status}`);
  if (!opts.silent) notifyError(err.message);
  throw err;
};

const dataOf = (payload: unknown) => (typeof payload === 'object' && payload !== null && 'data' in payload ? payload.data : null);
const msgOf = (payload: unknown) => (typeof payload === 'object' && payload !== null && 'msg' in payload && typeof payload.msg === 'string' ? payload.msg : '');

/** fetch with the bearer token, the configured base address and a timeout. */
const rawFetch = async (path: string, init: RequestInit, opts: RequestOptions): Promise<{ res: Response; done: () => void; controller: AbortController }> => {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), opts.timeout ?? DEFAULT_TIMEOUT_MS);
  const headers = new Headers(init.headers);
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  try {
    const res = await fetch(joinUrl(useEnvStore.getState().baseUrl, path), { ...init, method: 'POST', headers, signal: controller.signal });
    return { res, done: () => clearTimeout(timer), controller };
  } catch {
    clearTimeout(timer);
    const timedOut = controller.signal.aborted;
    return fail(new EngineError(timedOut ? TIMEOUT_MSG : NETWORK_ERROR_MSG, -1, timedOut ? 408 : 0, null), opts);
  }
};

/** Envelope → {data, msg}; failures toast (unless silent), identity failures log out. */
const settle = <T>(status: number, payload: unknown, opts: RequestOptions): { data: T; msg: string } => {
  const outcome = interpretReply(status, payload);
  if (outcome.kind === 'ok') return { data: outcome.data as T, msg: msgOf(payload) };
  if (outcome.kind === 'auth') {
    logError('api', outcome.msg, `code ${outcome.code}`);
    if (!opts.skipAuthFailure) handleAuthFailure();
    throw new EngineError(outcome.msg, outcome.code, status, null);
  }
  return fail(new EngineError(outcome.msg, outcome.code, status, dataOf(payload)), opts);
};

const readJson = async (res: Response): Promise<unknown> => {
  try {
    return await res.json();
  } catch {
    return null;
  }
};

const sendRaw = async <T>(path: string, init: RequestInit, opts: RequestOptions) => {
  const { res, done } = await rawFetch(path, init, opts);
  try {
    const payload = await readJson(res);
    return settle<T>(res.status, payload, opts);
  } catch (e) {
    if (e instanceof EngineError) throw e;
    return fail(new EngineError(NETWORK_ERROR_MSG, -1, 0, null), opts);
  } finally {
    done();
  }
};

/** POST JSON; resolves with data and the server's msg ('保存成功!' …). */
export const sendMsg = <T>(path: string, body: unknown = {}, opts: RequestOptions = {}) =>
  sendRaw<T>(path, { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body ?? {}) }, opts);

/** POST JSON; resolves with data. */
export const send = async <T>(path: string, body: unknown = {}, opts: RequestOptions = {}): Promise<T> => (await sendMsg<T>(path, body, opts)).data;

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
export const downloadFile = async (path: string, body: unknown, fallbackName: string, onProgress?: (p: DownloadProgress) => void, opts: RequestOptions = {}): Promise<Downloaded> => {
  const { res, done } = await rawFetch(path, { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body ?? {}) }, { timeout: 600_000, ...opts });
  try {
    const type = res.headers.get('Content-Type') ?? '';
    if (!res.ok || type.includes('application/json')) {
      settle<unknown>(res.status, await readJson(res), opts);
      return fail(new EngineError('导出失败', -1, res.status, null), opts);
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
    if (e instanceof EngineError) throw e;
    return fail(new EngineError(NETWORK_ERROR_MSG, -1, 0, null), opts);
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
