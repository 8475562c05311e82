/**
 * The runner on the embedded database (ADR 0001): one PGlite session behind the socket, one pool connection,
 * one process — the queue's statements share that connection with the app's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openEmbedded } from '../db/embedded.ts';
import { testConfig } from '../../test/harness.ts';
import { createJobRunner } from './runner.ts';
import type { JobDefinition, JobRunner, JobStatus } from './types.ts';

const dataDir = mkdtempSync(join(tmpdir(), '5a-jobs-embedded-'));
const log = Fastify({ logger: false }).log;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const slots: string[] = [];
const jobs: JobDefinition[] = [
  { name: 'test-tick', schedule: { every: 1000 }, run: ({ slot }) => void slots.push(slot ?? '') },
  {
    name: 'test-sum',
    run: async ({ db, payload, progress }) => {
      const { n } = payload as { n: number };
      await progress({ done: 0, total: n });
      const { rows } = (await db.execute(sql`select sum(i)::int s from generate_series(1, ${n}) i`)) as unknown as {
        rows: { s: number }[];
      };
      return { sum: rows[0]!.s };
    },
  },
];

const until = async (runner: JobRunner, id: string, done: (s: JobStatus) => boolean, ms = 8000) => {
  const end = Date.now() + ms;
  let s = await runner.status(id);
  while (!(s && done(s)) && Date.now() < end) {
    await sleep(50);
    s = await runner.status(id);
  }
  return s;
};

describe('the job runner on the embedded database', () => {
  let handle: Awaited<ReturnType<typeof openEmbedded>>;
  let runner: JobRunner;
  beforeAll(async () => {
    handle = await openEmbedded(dataDir);
    runner = createJobRunner({ db: handle.db, config: testConfig(), log, jobs });
    await runner.start();
  });
  afterAll(async () => {
    await runner?.stop();
    await handle?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('installs its queue on a folder without one, runs the schedule and a queued run', async () => {
    const id = await runner.enqueue('test-sum', { n: 100 });
    expect(await until(runner, id, (s) => s.state === 'completed')).toMatchObject({ result: { sum: 5050 } });
    await sleep(2200);
    expect(slots.length).toBeGreaterThanOrEqual(1);
    expect(new Set(slots).size).toBe(slots.length);
  });

  it('starts again on the same folder (the queue is there already)', async () => {
    await runner.stop();
    runner = createJobRunner({ db: handle.db, config: testConfig(), log, jobs });
    await runner.start();
    const id = await runner.enqueue('test-sum', { n: 10 });
    expect(await until(runner, id, (s) => s.state === 'completed')).toMatchObject({ result: { sum: 55 } });
  });
});
