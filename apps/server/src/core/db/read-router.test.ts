import type { CitySearchHit } from '@5a/contracts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { demoIds } from '../../modules/estate/testing.ts';
import { rowsOf, setupApp, testConfig, type TestApp } from '../../test/harness.ts';
import { openPostgres, type Db } from './client.ts';
import { routerOf, withRequestReads, type RoutingPool } from './read-router.ts';

/**
 * The read replica on a real PostgreSQL streaming replica (scripts/throwaway-pg.sh starts one beside the test
 * primary). On the PostgreSQL pass the replica is required: a missing TEST_DATABASE_READ_URL fails here rather than
 * leaving the replica untested.
 */
const onPostgres = process.env.TEST_DB === 'postgres';
const SEARCH = '/Web/DataAnalysis/City/search';
/** a condition on a loaded machine: polled, never a fixed sleep (the replica's health is asked once a second) */
const WITHIN_MS = 15_000;

const until = async (what: string, done: () => Promise<boolean>) => {
  const start = Date.now();
  while (!(await done())) {
    if (Date.now() - start > WITHIN_MS) throw new Error(`${what}: not within ${WITHIN_MS} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

/** what a replica-routed statement of no user sees: true on the replica */
const inRecovery = async (db: Db) =>
  withRequestReads({ replica: true, reader: () => null }, async () => {
    const [r] = rowsOf<{ r: boolean }>(await db.execute(sql`select pg_is_in_recovery() as r`));
    return r!.r;
  });

describe.runIf(onPostgres)('read replica (DATABASE_READ_URL)', () => {
  let t: TestApp;
  let router: RoutingPool;
  let a = '';
  let b = '';
  let village = 0;
  const search = (token: string, name: string) => t.post<CitySearchHit[]>(SEARCH, { type: 'building', name }, token);
  /** where one call's statements went */
  const routed = async <T>(call: () => Promise<T>) => {
    const before = { ...router.counts };
    const out = await call();
    return {
      out,
      replica: router.counts.replica - before.replica,
      primary: router.counts.primary - before.primary,
      retried: router.counts.retried - before.retried,
    };
  };

  beforeAll(async () => {
    if (!process.env.TEST_DATABASE_READ_URL)
      throw new Error('TEST_DB=postgres 需要 TEST_DATABASE_READ_URL（scripts/throwaway-pg.sh 启动的只读备库）');
    t = await setupApp({}, undefined, { bus: true });
    router = routerOf(t.db)!;
    a = await t.login('property');
    b = await t.login('propertyb');
    village = (await demoIds(t)).sunshine.id;
    // the file's database reaches the replica by replay; then the replica answers replica-routed reads
    await until('the replica serves reads', () => inRecovery(t.db));
  });
  afterAll(() => t?.close());

  it('sends a replica-routed read to the replica, and everything else to the primary', async () => {
    expect(router).toBeTruthy();
    expect(await inRecovery(t.db)).toBe(true);
    // outside a replica route: the primary
    expect(rowsOf<{ r: boolean }>(await t.db.execute(sql`select pg_is_in_recovery() as r`))[0]!.r).toBe(false);
    const r = await routed(() => search(b, ''));
    expect(r.out.body.code).toBe(0);
    expect(r.replica).toBeGreaterThan(0);
    expect(router.status().state).toBe('replica');
  });

  it("reads a user's own fresh write from the primary, another company's reads stay on the replica", async () => {
    const name = `副本${Date.now() % 100000}幢`;
    const added = await t.post<{ id: number }>(
      '/Web/Basic/Building/add',
      { row: { village_id: village, name, units: 1, floors: 2, rooms_per_floor: 1 } },
      a,
    );
    expect(added.body.code).toBe(0);
    // at once, with no wait: his write is there, read on the primary
    const own = await routed(() => search(a, name));
    expect(own.out.body.data.map((h) => h.name)).toEqual([name]);
    expect(own.replica).toBe(0);
    // a company that wrote nothing reads on the replica meanwhile (its figures may be a moment old)
    const other = await routed(() => search(b, ''));
    expect(other.replica).toBeGreaterThan(0);
    // once the replica has replayed the write, his reads return there
    await until('his reads back on the replica', async () => (await routed(() => search(a, name))).replica > 0);
    expect((await search(a, name)).body.data.map((h) => h.name)).toEqual([name]);
  });

  it('marks a write for the other server processes: the same user on another process reads it from the primary', async () => {
    const other = openPostgres(t.dbUrl!, 4, () => undefined, { readUrl: t.dbReadUrl });
    const app = await buildApp({
      db: other.db,
      config: testConfig({ databaseUrl: t.dbUrl, databaseReadUrl: t.dbReadUrl }),
    });
    await app.ready();
    const otherRouter = routerOf(other.db)!;
    try {
      const post = async (token: string, name: string) => {
        const res = await app.inject({
          method: 'POST',
          url: `/xapi${SEARCH}`,
          payload: { type: 'building', name },
          headers: { authorization: `Bearer ${token}` },
        });
        return res.json<{ code: number; data: CitySearchHit[] }>();
      };
      await until('the other process reads on the replica', async () => {
        const before = otherRouter.counts.replica;
        await post(a, '');
        return otherRouter.counts.replica > before;
      });
      // replay paused and no lag limit in the way: a read that finds the new row was sent to the primary, and only
      // the write's mark, come over the bus, sends it there
      otherRouter.configure({ maxLagMs: 600_000 });
      const admin = new pg.Client({ connectionString: t.dbReadUrl });
      await admin.connect();
      try {
        await admin.query('select pg_wal_replay_pause()');
        const name = `他处${Date.now() % 100000}幢`;
        const added = await t.post(
          '/Web/Basic/Building/add',
          { row: { village_id: village, name, units: 1, floors: 2, rooms_per_floor: 1 } },
          a,
        );
        expect(added.body.code).toBe(0);
        await until('the other process reads the write from the primary', async () =>
          (await post(a, name)).data.some((h) => h.name === name),
        );
      } finally {
        await admin.query('select pg_wal_replay_resume()');
        await admin.end();
      }
    } finally {
      await app.close();
      await other.close();
    }
  });

  it('falls back to the primary with no error when the replica is out of reach', async () => {
    const dead = new URL(t.dbReadUrl!);
    dead.port = '1';
    const h = openPostgres(t.dbUrl!, 4, () => undefined, { readUrl: dead.toString() });
    const app = await buildApp({ db: h.db, config: testConfig({ databaseReadUrl: dead.toString() }) });
    await app.ready();
    try {
      const res = await app.inject({
        method: 'POST',
        url: `/xapi${SEARCH}`,
        payload: { type: 'building', name: '' },
        headers: { authorization: `Bearer ${b}` },
      });
      expect(res.json<{ code: number }>().code).toBe(0);
      expect(routerOf(h.db)!.status().state).toBe('down');
      expect(routerOf(h.db)!.counts.replica).toBe(0);
    } finally {
      await app.close();
      await h.close();
    }
  });

  it('runs a statement again on the primary when the replica drops it mid-query', async () => {
    await until('reads on the replica', async () => (await routed(() => search(b, ''))).replica > 0);
    const before = router.counts.retried;
    const running = withRequestReads({ replica: true, reader: () => null }, async () =>
      rowsOf<{ r: boolean }>(await t.db.execute(sql`select pg_sleep(1) as s, pg_is_in_recovery() as r`)),
    );
    // the replica's backend goes away mid-query (a restart, an admin's kill)
    const replica = new pg.Client({ connectionString: t.dbReadUrl });
    await replica.connect();
    const sleeping = `from pg_stat_activity where query like 'select pg_sleep(1)%' and pid <> pg_backend_pid()`;
    try {
      await until(
        'the query runs on the replica',
        async () => Number((await replica.query(`select count(*) as n ${sleeping}`)).rows[0].n) > 0,
      );
      await replica.query(`select pg_terminate_backend(pid) ${sleeping}`);
    } finally {
      await replica.end();
    }
    // answered by the primary, with no error to the caller
    expect((await running)[0]!.r).toBe(false);
    expect(router.counts.retried).toBe(before + 1);
    // and a statement the replica cannot run (a write in a read route) is run on the primary too
    const seq = await withRequestReads({ replica: true, reader: () => null }, async () =>
      rowsOf<{ n: number }>(await t.db.execute(sql`select nextval('buildings_id_seq') as n`)),
    );
    expect(Number(seq[0]!.n)).toBeGreaterThan(0);
  });

  it('reads from the primary while the replica lags beyond READ_MAX_LAG_MS', async () => {
    await until('reads on the replica', async () => (await routed(() => search(b, ''))).replica > 0);
    const admin = new pg.Client({ connectionString: t.dbReadUrl });
    const writer = new pg.Client({ connectionString: t.dbUrl });
    await Promise.all([admin.connect(), writer.connect()]);
    router.configure({ maxLagMs: 200 });
    try {
      await admin.query('select pg_wal_replay_pause()');
      // a write the app does not know of (another client): only the lag keeps the replica's stale rows away
      const name = `延迟${Date.now() % 100000}幢`;
      await writer.query(
        `insert into buildings (tenant_id, village_id, name, units, floors, rooms_per_floor)
         select tenant_id, id, $1, 1, 2, 1 from villages where id = $2`,
        [name, village],
      );
      await until('the lag is seen', async () => {
        await search(b, '');
        return router.status().state === 'lagging';
      });
      const r = await routed(() => search(a, name));
      expect(r.replica).toBe(0);
      expect(r.out.body.data.map((h) => h.name)).toEqual([name]);
    } finally {
      await admin.query('select pg_wal_replay_resume()');
      router.configure({ maxLagMs: 10_000 });
      await Promise.all([admin.end(), writer.end()]);
    }
    await until('back on the replica', async () => {
      await search(b, '');
      return router.status().state === 'replica';
    });
  });
});
