import type { AnyEndpoint, BodyOf, ReplyOf } from '@5a/contracts';
import { send, sendMsg, type RequestOptions } from './http.ts';

export type CallOptions = RequestOptions & {
  /** query-string parameters (empty values left out) */
  query?: Record<string, string | number | undefined>;
  /** a configured button may name another path that answers the same contract */
  at?: string;
};

const pathOf = (endpoint: AnyEndpoint, { query, at }: CallOptions) => {
  const path = at || endpoint.path;
  const parts = Object.entries(query ?? {})
    .filter((e): e is [string, string | number] => e[1] !== undefined && e[1] !== '')
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`);
  return parts.length ? `${path}${path.includes('?') ? '&' : '?'}${parts.join('&')}` : path;
};

/** Calls a custom endpoint with its contract's body; resolves to its reply's `data`, typed by the contract. */
export const call = <E extends AnyEndpoint>(endpoint: E, body: BodyOf<E>, opts: CallOptions = {}) =>
  send<ReplyOf<E>>(pathOf(endpoint, opts), body, opts);

/** As `call`, with the reply's msg beside its data: for a caller that shows the server's success message. */
export const callMsg = <E extends AnyEndpoint>(endpoint: E, body: BodyOf<E>, opts: CallOptions = {}) =>
  sendMsg<ReplyOf<E>>(pathOf(endpoint, opts), body, opts);
