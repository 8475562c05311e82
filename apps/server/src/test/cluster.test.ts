import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@5a/contracts';
import { setupApp, type TestApp } from './harness.ts';
import { makeRole, makeUser } from '../modules/rbac/testing.ts';
import { raiseAlert } from '../modules/notice/index.ts';
import { demoIds } from '../modules/estate/testing.ts';

/**
 * Two server processes on one PostgreSQL database: this test's app and a real `main.ts` process beside it. What
 * one changes of the rows the other caches (a role taken away, a logout, an alert for the open event streams)
 * reaches the other through the cluster bus, long before its caches would expire (tokens 5 s, grants 30 s).
 */
const onPostgres = process.env.TEST_DB === 'postgres';
/** far below the caches' lifetimes, with room for a loaded machine; the figure seen is printed */
const WITHIN_MS = 3_000;

let t: TestApp;
let other: ChildProcess;
let base = '';
let stderr = '';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

const postOther = async (path: string, body: unknown, token: string) => {
  const res = await fetch(`${base}/xapi${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { code: number; msg: string };
};

/** polls the other process until `done` holds; the milliseconds it took */
const until = async (what: string, done: () => Promise<boolean>) => {
  const start = Date.now();
  while (!(await done())) {
    if (Date.now() - start > WITHIN_MS * 3) throw new Error(`${what}: not seen by the other process`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const ms = Date.now() - start;
  console.log(`cluster: ${what} seen by the other process after ${ms} ms`);
  return ms;
};

describe.runIf(onPostgres)('two server processes on one database', () => {
  beforeAll(async () => {
    t = await setupApp({}, undefined, { bus: true });
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    other = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: t.dbUrl,
        PORT: String(port),
        HOST: '127.0.0.1',
        WEB_DIST: '/nonexistent',
        CONFIG_SECRET_KEY: 'test-config-secret-key',
        LOGIN_RATE_LIMIT: '1000',
        BACKUP_INTERVAL_MIN: '0',
        LOG_LEVEL: 'warn',
        WORKERS: '1',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    other.stderr?.on('data', (b: Buffer) => (stderr += b.toString()));
    const start = Date.now();
    for (;;) {
      const up = await fetch(`${base}/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      if (other.exitCode !== null || Date.now() - start > 90_000) throw new Error(`the other process: ${stderr}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }, 120_000);
  afterAll(async () => {
    if (other && other.exitCode === null) {
      const gone = new Promise((r) => other.once('exit', r));
      other.kill('SIGTERM');
      await gone;
    }
    await t?.close();
  });

  it('a role taken away on one is refused on the other', async () => {
    const roleId = await makeRole(t, '集群巡楼员', { pages: { Building: 'all' }, villages: null });
    const user = await makeUser(t, 'cluster1', [roleId]);
    // the other process reads and caches his grants
    expect((await postOther('/Web/Basic/Building/list', {}, user.token)).code).toBe(0);
    const property = await t.login('property');
    expect((await t.post('/System/User/edit', { row: { id: user.id, role_ids: [] } }, property)).body.code).toBe(0);
    const ms = await until('a role taken away', async () => {
      return (await postOther('/Web/Basic/Building/list', {}, user.token)).code === Code.forbidden;
    });
    expect(ms).toBeLessThan(WITHIN_MS);
  });

  it('a logout on one ends the session on the other', async () => {
    const token = await t.login('staff');
    expect((await postOther('/Common/Menu/Menu', {}, token)).code).toBe(0);
    expect((await t.post('/Passport/User/Login/logout', {}, token)).body.code).toBe(0);
    const ms = await until('a logout', async () => {
      return (await postOther('/Common/Menu/Menu', {}, token)).code === Code.tokenInvalid;
    });
    expect(ms).toBeLessThan(WITHIN_MS);
  });

  it('an alert raised on one reaches an event stream open on the other', async () => {
    const token = await t.login('property');
    const { tenantA, sunshine } = await demoIds(t);
    const abort = new AbortController();
    const res = await fetch(`${base}/xapi/Web/Basic/PlatformInformation/abnormalStream`, {
      headers: { Accept: 'text/event-stream', Authorization: `Bearer ${token}` },
      signal: abort.signal,
    });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let seen = '';
    const read = async (text: string) => {
      while (!seen.includes(text)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended before ${text}`);
        seen += decoder.decode(value, { stream: true });
      }
    };
    await read('event: ready');
    const title = `集群告警${Date.now()}`;
    const start = Date.now();
    await raiseAlert(t.db, {
      tenantId: tenantA,
      villageId: sunshine.id,
      type: 2,
      title,
      content: '另一进程的告警',
      source: 'cluster-test',
      sourceId: title,
    });
    await read(title);
    const ms = Date.now() - start;
    console.log(`cluster: an alert reached the other process's stream after ${ms} ms`);
    abort.abort();
    expect(seen).toContain('event: abnormal');
    expect(ms).toBeLessThan(WITHIN_MS);
  });
});
