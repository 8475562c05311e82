/**
 * The real app for benchmarks: buildApp on a given Db, listening on 127.0.0.1 (a free port), and a
 * real encrypted login, as the web client does it.
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { encryptPassword, type Envelope } from '@5a/contracts';
import type { Db } from '../../apps/server/src/core/db/client.ts';
import { readConfig } from '../../apps/server/src/core/config.ts';
import { buildApp } from '../../apps/server/src/app.ts';
import type { AppRegistry } from '../../apps/server/src/core/engine/registry.ts';
import { boundHeapGrowth } from '../../apps/server/src/core/heap.ts';

/** no web build served, a login rate limit a benchmark does not hit, and a key for secret settings */
export const benchConfig = () => ({
  ...readConfig({}),
  webDist: '/nonexistent',
  loginRateLimit: 1000,
  // secret settings (a door's signing key) are kept encrypted, as a real installation keeps them
  configSecretKey: 'bench-config-secret-key',
});

/** the app as main.ts runs it, heap policy included */
export const startApp = async (
  db: Db,
  config: Partial<ReturnType<typeof benchConfig>> = {},
  registry?: AppRegistry,
) => {
  boundHeapGrowth();
  const app = await buildApp({ db, config: { ...benchConfig(), ...config }, ...(registry ? { registry } : {}) });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return { app, origin, base: `${origin}/xapi` };
};

/** A bearer header for `user` (demo company A's `property` by default). */
export const login = async (base: string, user = 'property', password = 'Property_2026') => {
  const timestamp = Date.now();
  const formId = randomUUID();
  const res = await fetch(`${base}/Passport/User/Login/web`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      user_name: user,
      timestamp,
      form_id: formId,
      user_password: await encryptPassword(user, timestamp, formId, password),
    }),
  });
  const body = (await res.json()) as Envelope<{ token: string } | null>;
  if (body.code !== 0 || !body.data?.token) throw new Error(`login as ${user} failed: ${body.msg}`);
  return { authorization: `Bearer ${body.data.token}` };
};

/** POST a JSON body, expect the envelope's code 0, return its data */
export const postJson = async <T>(url: string, headers: Record<string, string>, body: unknown): Promise<T> => {
  const res = await fetch(url, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const env = (await res.json()) as Envelope<T>;
  if (env.code !== 0) throw new Error(`${url}: ${env.msg}`);
  return env.data;
};
