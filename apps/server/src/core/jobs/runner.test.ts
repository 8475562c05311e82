import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Writable } from 'node:stream';
import { buildApp } from '../../app.ts';
import { openTestDb, rowsOf, testConfig, type TestDb } from '../../test/harness.ts';
import type { JobDefinition, JobStatus } from './types.ts';

type App = Awaited<ReturnType<typeof buildApp>>;
const SWEEPS = ['parking-space-status', 'operator-expiry-reminders', 'repair-sweep', 'patrol-sweep'];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** polls a run until `done` says so (or the time is up: the last status is returned for the assertion) */
const until = async (app: App, id: string, done: (s: JobStatus) => boolean, ms = 8000) => {
  const end = Date.now() + ms;
  let s = await app.jobs.status(id);
  while (!(s && done(s)) && Date.now() < end) {
    await sleep(50);
    s = await app.jobs.status(id);
  }
  return s;
};

describe('two server processes on one database', () => {
  let tdb: TestDb;
  let second: ReturnType<TestDb['connect']>;
  const apps: App[] = [];
  const runs: { app: number; slot: string | null }[] = [];
  const logs: string[] = [];
  let release: () => void = () => undefined;
  const gate = new Promise<void>((r) => (release = r));
  let attemptsOfFlaky = 0;
  // each process declares the same jobs; the handler notes which process ran which run
  const jobsOf = (app: number): JobDefinition[] => [
    { name: 'test-tick', schedule: { every: 1000 }, run: ({ slot }) => void runs.push({ app, slot }) },
    {
      name: 'test-flaky',
      retry: { limit: 2, delaySec: 1 },
      run: () => {
        attemptsOfFlaky++;
        if (attemptsOfFlaky === 1) throw new Error('设备暂时连不上');
        return { ok: true };
      },
    },
    { name: 'test-broken', retry: { limit: 0, delaySec: 1 }, run: () => Promise.reject(new Error('永远失败')) },
    {
      name: 'test-faces',
      run: async ({ payload, progress }) => {
        const { deviceId } = payload as { deviceId: number };
        await progress({ done: 1, total: 2, note: `设备 ${deviceId}` });
        await gate;
        await progress({ done: 2, total: 2 });
        return { deviceId, faces: 2 };
      },
    },
  ];
  const stream = new Writable({
    write: (chunk: Buffer, _enc, done) => {
      logs.push(chunk.toString());
      done();
    },
  });

  beforeAll(async () => {
    tdb = await openTestDb();
    second = tdb.connect();
    for (const [i, db] of [tdb.db, second.db].entries()) {
      const app = await buildApp({
        db,
        config: testConfig({ sweepIntervalMs: 1000 }),
        logger: { level: 'warn', stream },
        jobs: jobsOf(i),
      });
      await app.ready();
      apps.push(app);
    }
  });
  afterAll(async () => {
    release();
    for (const app of apps) await app.close();
    await second?.close();
    await tdb?.close();
  });

  it('runs each scheduled slot once, in one of them', async () => {
    await sleep(3300);
    const slots = runs.map((r) => r.slot);
    expect(slots.length).toBeGreaterThanOrEqual(2);
    expect(slots.every((s) => s?.endsWith('.000Z'))).toBe(true);
    expect(new Set(slots).size).toBe(slots.length);
    // the moved sweeps ran the same way, on this database, without a failure
    const swept = rowsOf<{ name: string; state: string; n: number }>(
      await tdb.db.execute(
        sql`select name, state::text, count(*)::int n from pgboss.job where name in ${SWEEPS} group by 1, 2`,
      ),
    );
    for (const name of SWEEPS)
      expect(swept.filter((r) => r.name === name && r.state === 'completed')[0]?.n ?? 0).toBeGreaterThanOrEqual(1);
    expect(swept.filter((r) => r.state === 'failed' || r.state === 'retry')).toEqual([]);
  });

  it('retries a failed run with backoff and logs the failure', async () => {
    const id = await apps[0]!.jobs.enqueue('test-flaky');
    const retrying = await until(apps[1]!, id, (s) => s.state !== 'queued' && s.state !== 'running');
    expect(retrying).toMatchObject({ state: 'retrying', error: '设备暂时连不上', attempts: 1 });
    const done = await until(apps[1]!, id, (s) => s.state === 'completed');
    expect(done).toMatchObject({ state: 'completed', attempts: 2, error: null, result: { ok: true } });
    expect(logs.join('')).toContain('后台任务 test-flaky 失败（第 1 次），');
  });

  it('fails a run for good once its retries are spent', async () => {
    const id = await apps[1]!.jobs.enqueue('test-broken');
    const s = await until(apps[0]!, id, (x) => x.state === 'failed');
    expect(s).toMatchObject({ state: 'failed', error: '永远失败', attempts: 1 });
    // the state is the queue's; the runner's log line of it may follow a moment later
    await expect
      .poll(() => logs.join(''), { timeout: 10_000 })
      .toContain('后台任务 test-broken 失败（第 1 次），不再重试');
  });

  it('queues a run on demand with a payload; its progress and result are read back by id', async () => {
    const id = await apps[0]!.jobs.enqueue('test-faces', { deviceId: 7 });
    expect(await apps[1]!.jobs.status(id)).toMatchObject({ name: 'test-faces' });
    const running = await until(apps[1]!, id, (s) => s.state === 'running' && s.progress !== null);
    expect(running).toMatchObject({ state: 'running', progress: { done: 1, total: 2, note: '设备 7' } });
    release();
    const done = await until(apps[1]!, id, (s) => s.state === 'completed');
    expect(done).toMatchObject({ progress: { done: 2, total: 2 }, result: { deviceId: 7, faces: 2 } });
    expect(done?.finishedAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it('answers an unknown id with null and refuses an undeclared job', async () => {
    expect(await apps[0]!.jobs.status('00000000-0000-4000-8000-000000000000')).toBeNull();
    expect(await apps[0]!.jobs.status('not-an-id')).toBeNull();
    await expect(apps[0]!.jobs.enqueue('no-such-job')).rejects.toThrow('未声明的后台任务');
  });
});
