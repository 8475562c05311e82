import { Code, type AnyEndpoint, type BodyOf, type ReplyOf } from '@5a/contracts';
import { RESIDENT_TOKEN_HEADER, residentApi } from '@5a/contracts/endpoints/resident';
import { interpretReply } from '../../api/envelope.ts';
import { ApiError, errorField, joinUrl, NETWORK_ERROR_MSG, UPLOAD_TIMEOUT_MS } from '../../api/http.ts';
import { FILE_ROUTE } from '../../engine/cells/fileUrl.ts';
import { fileUrl } from '../../engine/logic/image.ts';
import { useEnvStore } from '../../store/env.ts';
import { clearResidentToken, readResidentToken } from './session.ts';

export const RESIDENT_TIMEOUT_MS = 25_000;

/**
 * POST to the API with the resident's own session header. The staff client is not used: it would send a staff
 * bearer token left in this browser and log staff out on an identity failure; here that failure only ends the
 * resident's session, and the page then shows its sign-in.
 */
const post = async <T>(path: string, init: { body: BodyInit; json: boolean }): Promise<T> => {
  const headers = new Headers();
  if (init.json) headers.set('Content-Type', 'application/json');
  const token = readResidentToken();
  if (token) headers.set(RESIDENT_TOKEN_HEADER, token);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), init.json ? RESIDENT_TIMEOUT_MS : UPLOAD_TIMEOUT_MS);
  let res: Response;
  try {
    res = await fetch(joinUrl(useEnvStore.getState().baseUrl, path), {
      method: 'POST',
      headers,
      body: init.body,
      signal: controller.signal,
    });
  } catch {
    throw new ApiError(controller.signal.aborted ? '请求超时' : NETWORK_ERROR_MSG, -1);
  } finally {
    clearTimeout(timer);
  }
  const payload: unknown = await res.json().catch(() => null);
  const out = interpretReply(res.status, payload);
  if (out.kind === 'ok') return out.data as T;
  if (out.kind === 'auth') clearResidentToken();
  const data = typeof payload === 'object' && payload !== null && 'data' in payload ? payload.data : null;
  throw new ApiError(out.msg, out.code, res.status, data);
};

/** one of the resident's calls: its contract's body, its reply's data */
export const rcall = <E extends AnyEndpoint>(endpoint: E, body: BodyOf<E>) =>
  post<ReplyOf<E>>(endpoint.path, { body: JSON.stringify(body ?? {}), json: true });

/** the session is gone (expired, signed out elsewhere): the page goes back to its sign-in */
export const isSignedOut = (e: unknown) => e instanceof ApiError && e.code === Code.tokenInvalid;

/** what to show for a failed call */
export const errorText = (e: unknown, fallback = '操作失败') =>
  e instanceof ApiError && e.message ? e.message : fallback;

/** a refused field (10001 {field}) with its message, for the form to show under it */
export const fieldError = (e: unknown) => {
  const field = errorField(e);
  return field ? { field, msg: errorText(e) } : null;
};

export type Uploaded = { ok: true; path: string } | { ok: false; error: string };

/** one picture (multipart `file`) under the resident's company */
export const uploadImage = async (file: Blob, name: string): Promise<Uploaded> => {
  const form = new FormData();
  form.append('file', file, name);
  try {
    const data = await post<{ path: string }>(residentApi.upload.path, { body: form, json: false });
    return { ok: true, path: data.path };
  } catch (e) {
    return { ok: false, error: errorText(e, '上传失败') };
  }
};

/** a stored picture's address: absolute ones as they are, a stored path under the API's file route */
export const picSrc = (path: string) =>
  fileUrl(path, null, null, joinUrl(useEnvStore.getState().baseUrl, FILE_ROUTE), globalThis.location?.origin ?? '');
