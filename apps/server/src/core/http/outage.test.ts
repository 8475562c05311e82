import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createServer, type Server, type Socket } from 'node:net';
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

/**
 * A stand-in for a server that stops answering without closing anything (a host gone, a network cut): `silent`
 * takes the TCP connection and never says a word; `mute` completes the start-up (authentication ok, ready for query)
 * and then never answers a statement. `drop` closes each connection at once, as HAProxy does while no node is primary.
 */
const fakeServer = async (kind: 'silent' | 'mute' | 'drop') => {
  const sockets = new Set<Socket>();
  let connections = 0;
  const server: Server = createServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    if (kind === 'drop') return void socket.destroy();
    if (kind === 'mute')
      // the start-up message has no type byte; the first bytes seen are it: answer AuthenticationOk + ReadyForQuery
      socket.once('data', () => socket.write(Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 0, 0x5a, 0, 0, 0, 5, 0x49])));
  });
  const port = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
  );
  return {
    url: `postgres://postgres@127.0.0.1:${port}/none`,
    /** connections accepted so far, and how many are still open */
    counts: () => ({ accepted: connections, open: sockets.size }),
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};

/**
 * An app started on a reachable database (a start migrates and reads settings first) whose statements then go to
 * another handle: the outage begins after the start.
 */
const appThatLoses = async (live: TestDb, outage: DbHandle) => {
  let current: Db = live.db;
  const db = new Proxy(live.db, {
    get: (_target, key) => {
      const value: unknown = Reflect.get(current, key);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(current) : value;
    },
  });
  const app = await buildApp({ db, config: testConfig() });
  await app.ready();
  current = outage.db;
  return app;
};

const login = (app: Awaited<ReturnType<typeof buildApp>>, formId: string) =>
  app.inject({
    method: 'POST',
    url: '/xapi/Passport/User/Login/web',
    payload: { user_name: 'property', user_password: 'x', timestamp: Date.now(), form_id: formId },
  });

describe('a database outage', () => {
  let handle: DbHandle;
  let live: TestDb;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    live = await openTestDb();
    // every statement from here on goes to a server that refuses connections
    handle = openPostgres(`postgres://postgres@127.0.0.1:${await closedPort()}/none`, 2, () => undefined);
    app = await appThatLoses(live, handle);
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
    const res = await login(app, 'outage-form-1');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ code: 503, msg: '服务暂时不可用', data: null });
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

/**
 * A failover as the pool sees it: connections dropped while no node is primary, a server that accepts but never
 * answers. Short limits here (the server's are seconds to minutes); a call that hung would fail on the test's own
 * time limit instead of answering.
 */
describe('a database that drops or stops answering', () => {
  const limits = { connectMs: 300, queryMs: 300 };
  let live: TestDb;
  beforeAll(async () => (live = await openTestDb()));
  afterAll(() => live?.close());

  for (const kind of ['drop', 'silent', 'mute'] as const) {
    it(`answers 503 服务暂时不可用, not a hang: ${kind}`, { timeout: 10_000 }, async () => {
      const fake = await fakeServer(kind);
      const handle = openPostgres(fake.url, 2, () => undefined, { timeouts: limits });
      const app = await appThatLoses(live, handle);
      try {
        for (const formId of ['outage-form-2', 'outage-form-3']) {
          const res = await login(app, formId);
          expect(res.statusCode).toBe(503);
          expect(res.json()).toEqual({ code: 503, msg: '服务暂时不可用', data: null });
        }
        if (kind === 'mute') {
          // a transaction whose `begin` times out: the statement closed its connection and the pool took it back
          // (drizzle releases nothing when `begin` fails); a connection kept would hold the pool's end below forever
          await expect(handle.db.transaction((tx) => tx.execute(sql`select 1`))).rejects.toThrow(/begin/);
          await expect.poll(() => fake.counts().open).toBe(0);
        }
      } finally {
        await app.close();
        await handle.close();
        await fake.close();
      }
    });
  }
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

  it('knows what a failover looks like: a write on the old primary turned standby, a timed-out or dead client', () => {
    expect(isDatabaseUnavailable(coded('25006', 'cannot execute INSERT in a read-only transaction'))).toBe(true);
    expect(
      isDatabaseUnavailable(coded('57P02', 'terminating connection because of crash of another server process')),
    ).toBe(true);
    expect(isDatabaseUnavailable(new Error('Query read timeout'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated due to connection timeout'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Client has encountered a connection error and is not queryable'))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
  });

  it('leaves a wrong statement or a constraint a plain failure', () => {
    expect(isDatabaseUnavailable(coded('42601', 'syntax error'))).toBe(false);
    expect(isDatabaseUnavailable(coded('23505', 'duplicate key'))).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });
});
