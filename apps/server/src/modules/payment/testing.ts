import type { TestApp } from '../../test/harness.ts';
import { readOrderToken, sandboxNotification } from './sandbox.ts';
import { sandboxSecret } from './service.ts';

/**
 * The sandbox platform delivering a second, distinct transaction for an order its payer page already
 * paid (a payer's own replayed scan is the first transaction again): what a duplicate payment looks like.
 */
export const sandboxSecondTransaction = async (t: TestApp, codeUrlOrToken: string, transactionId = 'SBX-second') => {
  const token = codeUrlOrToken.includes('token=')
    ? decodeURIComponent(codeUrlOrToken.split('token=')[1]!)
    : codeUrlOrToken;
  const o = readOrderToken(sandboxSecret, token);
  const n = sandboxNotification(sandboxSecret, o, true, new Date(), transactionId);
  const url = new URL(o.n);
  return t.app.inject({
    method: 'POST',
    url: url.pathname + url.search,
    headers: n.headers as Record<string, string>,
    payload: n.body,
  });
};
