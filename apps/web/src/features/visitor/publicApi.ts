import { Code, type AnyEndpoint, type BodyOf } from '@5a/contracts';
import { VISITOR_UPLOAD_PATH, VisitorMsg, type VisitorQuery } from '@5a/contracts/endpoints/visitor';
import { call } from '../../api/call.ts';
import { ApiError, sendFile, UPLOAD_TIMEOUT_MS } from '../../api/http.ts';

/** upload and registration wait 25 s, as the page's uploads do */
export const VISITOR_TIMEOUT_MS = 25_000;

// public calls: no login to lose, and the page shows its own errors
export const pub = <E extends AnyEndpoint>(endpoint: E, body: BodyOf<E>) =>
  call(endpoint, body, { skipAuthFailure: true, silent: true, timeout: VISITOR_TIMEOUT_MS });

/** what the page shows instead of its form */
export type Blocked = 'closed' | 'badParams' | 'expired';
export const BLOCKED_TEXT: Record<Blocked, string> = {
  closed: VisitorMsg.closed,
  badParams: VisitorMsg.badParams,
  expired: VisitorMsg.expired,
};

/** a refused AcModel: an expired or revoked code, a closed village, else the query is wrong */
export const blockedBy = (e: unknown): Blocked =>
  e instanceof ApiError && e.code === Code.expired
    ? 'expired'
    : e instanceof ApiError && e.code === Code.disabled
      ? 'closed'
      : 'badParams';

/** the code's query from the page's address; null when either part is missing */
export const queryFrom = (params: URLSearchParams): VisitorQuery | null => {
  const type = params.get('type') ?? '';
  const id = params.get('id') ?? '';
  return type && id ? { type, id } : null;
};

/** the avatar upload with the code's query: {ok, path} or the error to show */
export const uploadAvatar = async (query: VisitorQuery, file: Blob, name: string) => {
  const qs = new URLSearchParams(query).toString();
  try {
    const { data } = await sendFile<{ path: string }>(`${VISITOR_UPLOAD_PATH}?${qs}`, file, name, {
      timeout: UPLOAD_TIMEOUT_MS,
      silent: true,
      skipAuthFailure: true,
    });
    return { ok: true as const, path: data.path };
  } catch (e) {
    return { ok: false as const, error: e instanceof ApiError && e.code > 0 && e.message ? e.message : '上传失败' };
  }
};
