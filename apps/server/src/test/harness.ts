import type { SQL } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { encryptPassword, type Envelope, type LoginData } from '@5a/contracts';
import * as schema from '../schema.ts';
import { openPostgres, type Db } from '../core/db/client.ts';
import { readConfig, type ServerConfig } from '../core/config.ts';
import { buildApp } from '../app.ts';
import { createRegistry, type AppRegistry } from '../core/engine/registry.ts';
import { modules } from '../modules/index.ts';
import { pgliteParsers } from './pglite.ts';

/**
 * `connect`: another handle on the same database, as a second server process would have — its own pool on
 * PostgreSQL; on PGlite the same instance (one session, like the embedded server's).
 */
export type TestDb = {
  db: Db;
  /** the database's address on PostgreSQL (another process may open it) */
  url?: string;
  /** its address on the streaming replica (TEST_DATABASE_READ_URL): the app reads its replica routes there */
  readUrl?: string;
  close: () => Promise<void>;
  kind: 'pglite' | 'postgres';
  connect: () => { db: Db; close: () => Promise<void> };
};

/** a database's address on the test replica, when there is one */
export const replicaOf = (name: string) => {
  const read = process.env.TEST_DATABASE_READ_URL;
  if (!read) return undefined;
  const u = new URL(read);
  u.pathname = `/${name}`;
  return u.toString();
};

/** A fresh, migrated and seeded database for one test file. */
export const openTestDb = async (): Promise<TestDb> => {
  const template = inject('pgTemplate');
  const url = process.env.TEST_DATABASE_URL;
  if (template && url) {
    const name = `fivea_test_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    const u = new URL(url);
    u.pathname = `/${name}`;
    // the streaming replica has the same databases (physical replication): the file's database on the replica's port
    const read = replicaOf(name);
    // dropping the database races the pool's own goodbye; that error is expected here
    const h = openPostgres(u.toString(), 4, () => undefined, { readUrl: read });
    return {
      db: h.db,
      url: u.toString(),
      readUrl: read,
      kind: 'postgres',
      connect: () => openPostgres(u.toString(), 4, () => undefined, { readUrl: read }),
      close: async () => {
        await h.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const snapshot = readFileSync(inject('dbSnapshot'));
  const lite = await PGlite.create({ loadDataDir: new Blob([snapshot]), parsers: pgliteParsers });
  const db = drizzle(lite, { schema }) as unknown as Db;
  return { db, kind: 'pglite', connect: () => ({ db, close: async () => undefined }), close: () => lite.close() };
};

export const testConfig = (over: Partial<ServerConfig> = {}): ServerConfig => ({
  ...readConfig({}),
  webDist: '/nonexistent',
  loginRateLimit: 1000,
  // the demo's payment sandbox and a fixed key for secret settings
  paySandbox: true,
  smsSandbox: true,
  weatherSandbox: true,
  renewalSandbox: true,
  configSecretKey: 'test-config-secret-key',
  checkReplies: true,
  // no sweep runs by itself in the middle of a test (slots fall on the clock's minutes): a test calls the sweep,
  // or sets an interval
  sweepIntervalMs: 0,
  ...over,
});

export const demo = {
  admin: { kind: 'sys', password: 'Admin_2026' },
  operator: { kind: 'operator', password: 'Operator_2026' },
  property: { kind: 'web', password: 'Property_2026' },
  staff: { kind: 'web', password: 'Staff_2026' },
  propertyb: { kind: 'web', password: 'Property_2026' },
  propertyc: { kind: 'web', password: 'Property_2026' },
  propertyd: { kind: 'web', password: 'Property_2026' },
  useradmin: { kind: 'web', password: 'Useradmin_2026' },
  jadeonly: { kind: 'web', password: 'Jadeonly_2026' },
} as const;
export type DemoUser = keyof typeof demo;
/** one login of every kind of demo user (the extra companies C and D add no kind of their own) */
export const DEMO_KINDS = [
  'admin',
  'operator',
  'property',
  'useradmin',
  'staff',
  'propertyb',
  'jadeonly',
] as const satisfies readonly DemoUser[];

/** Builds the app on a fresh database and gives helpers that speak the real protocol. */
export const setupApp = async (
  config: Partial<ServerConfig> = {},
  registry: AppRegistry = createRegistry(modules),
  // on PostgreSQL, the app joins the cluster bus of its database, as a server process with DATABASE_URL does;
  // `logger`: the app's (a test that must say why a call answered 500 reads its error lines)
  { bus = false, logger }: { bus?: boolean; logger?: object } = {},
) => {
  const tdb = await openTestDb();
  const own = {
    ...(bus && tdb.url ? { databaseUrl: tdb.url } : {}),
    ...(tdb.readUrl ? { databaseReadUrl: tdb.readUrl } : {}),
  };
  // the app's own registry: a test sets what the app holds per app on it (usePaymentProvider, useAlertRaiser)
  const app = await buildApp({
    db: tdb.db,
    config: testConfig({ ...config, ...own }),
    registry,
    ...(logger ? { logger } : {}),
  });
  await app.ready();

  const call = async <T = unknown>(method: 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, token?: string) => {
    const res = await app.inject({
      method,
      url: `/xapi${url}`,
      payload: (body ?? {}) as object,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return { status: res.statusCode, body: res.json() as Envelope<T> };
  };

  const loginRequest = async (
    user: string,
    password: string,
    over: Partial<{ timestamp: number; form_id: string }> = {},
  ) => {
    const timestamp = over.timestamp ?? Date.now();
    const form_id = over.form_id ?? randomUUID();
    return {
      user_name: user,
      timestamp,
      form_id,
      user_password: await encryptPassword(user, timestamp, form_id, password),
    };
  };

  const login = async (user: DemoUser) => {
    const { kind, password } = demo[user];
    const res = await call<LoginData>('POST', `/Passport/User/Login/${kind}`, await loginRequest(user, password));
    if (res.body.code !== 0) throw new Error(`login ${user}: ${res.body.msg}`);
    return res.body.data.token;
  };

  /** rows of a raw query, for checking what an API call wrote */
  const rows = async <T>(q: SQL) => rowsOf<T>(await tdb.db.execute(q));

  return {
    app,
    registry,
    db: tdb.db,
    rows,
    one: async <T>(q: SQL) => (await rows<T>(q))[0]!,
    dbKind: tdb.kind,
    dbUrl: tdb.url,
    dbReadUrl: tdb.readUrl,
    call,
    post: <T = unknown>(url: string, body: unknown, token?: string) => call<T>('POST', url, body, token),
    loginRequest,
    login,
    close: async () => {
      await app.close();
      await tdb.close();
    },
  };
};
export type TestApp = Awaited<ReturnType<typeof setupApp>>;

/** db.execute returns driver-specific shapes; both carry `rows`. */
export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
