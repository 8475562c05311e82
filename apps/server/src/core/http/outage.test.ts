import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from 'node:net';
import { buildApp } from '../../app.ts';
import { openPostgres, type Db, type DbHandle } from '../db/client.ts';
import { openTestDb, setupApp, testConfig, type TestApp, type TestDb } from '../../test/harness.ts';
import { isDatabaseUnavailable } from './errors.ts';

/** a local port nothing listens on: taken from the system, then released */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

describe('a database outage', () => {
  let handle: DbHandle;
  let live: TestDb;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    live = await openTestDb();
    handle = openPostgres(`postgres://postgres@127.0.0.1:${await closedPort()}/none`, 2, () => undefined);
    // the app starts on a reachable database (a start migrates and reads settings first); then it goes away:
    // every statement from here on goes to a server that refuses connections
    let current: Db = live.db;
    const db = new Proxy(live.db, {
      get: (_target, key) => {
        const value: unknown = Reflect.get(current, key);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(current) : value;
      },
    });
    app = await buildApp({ db, config: testConfig() });
    await app.ready();
    current = handle.db;
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
    await live?.close();
  });

  it('keeps /health (the process lives) but answers /health/ready with 503', async () => {
    expect((await app.inject({ url: '/health' })).statusCode).toBe(200);
    const ready = await app.inject({ url: '/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable', msg: '服务暂时不可用' });
  });

  it('answers an API call with 503 服务暂时不可用, with or without a token', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/xapi/Passport/User/Login/web',
      payload: { user_name: 'property', user_password: 'x', timestamp: Date.now(), form_id: 'outage-form-1' },
    });
    expect(login.statusCode).toBe(503);
    expect(login.json()).toEqual({ code: 503, msg: '服务暂时不可用', data: null });
    const user = await app.inject({
      method: 'POST',
      url: '/xapi/Passport/User/Info/getUser',
      payload: {},
      headers: { authorization: 'Bearer some-token-of-before-the-outage' },
    });
    expect(user.statusCode).toBe(503);
    expect(user.json()).toMatchObject({ msg: '服务暂时不可用' });
  });
});

describe('readiness with the database up', () => {
  let t: TestApp;
  beforeAll(async () => (t = await setupApp()));
  afterAll(() => t.close());

  it('answers /health/ready with 200', async () => {
    const res = await t.app.inject({ url: '/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });
});

describe('which errors mean the database is out of reach', () => {
  const coded = (code: string, message = 'x') => Object.assign(new Error(message), { code });
  it('knows connection failures, the server shutting down, and the same wrapped by drizzle', () => {
    expect(isDatabaseUnavailable(coded('ECONNREFUSED'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(coded('57P01', 'terminating connection due to administrator command'))).toBe(true);
    expect(isDatabaseUnavailable(coded('08006'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Failed query: select 1', { cause: coded('57P03') }))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([coded('ECONNREFUSED')]))).toBe(true);
  });

  it('leaves a wrong statement or a constraint a plain failure', () => {
    expect(isDatabaseUnavailable(coded('42601', 'syntax error'))).toBe(false);
    expect(isDatabaseUnavailable(coded('23505', 'duplicate key'))).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });
});
