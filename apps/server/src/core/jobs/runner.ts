import PgBoss from 'pg-boss';
import { unmarked } from '../db/read-router.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { rawSql } from '../db/raw.ts';
import { createRegistry, type AppRegistry } from '../engine/registry.ts';
import type { ServerConfig } from '../config.ts';
import { progressWriter } from './progress.ts';
import { scheduleOf, slotId, tick } from './schedule.ts';
import { JOB_SCHEMA, readStatus, retryAt, writeProgress, type JobOutput } from './store.ts';
import type { JobDefinition, JobRunner } from './types.ts';

export type RunnerOptions = {
  db: Db;
  config: ServerConfig;
  /** the app's registry, handed to handlers; an empty one when the runner serves no app (benchmarks, tests) */
  registry?: AppRegistry;
  log: FastifyBaseLogger;
  jobs: readonly JobDefinition[];
  /** how often each process looks for runs nobody woke it for (queued elsewhere, retries of a stopped process) */
  pollMs?: number;
  /** how long a stop waits for running handlers before failing them over to another process */
  stopWaitMs?: number;
};

const RETRY = { limit: 3, delaySec: 10 };
const TIMEOUT_SEC = 15 * 60;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** a run's data: the payload it was queued with, or the slot it was scheduled for */
type RunData = { payload?: unknown; slot?: string } | null;
type Job = PgBoss.JobWithMetadata<RunData>;
/** `again`: woken while busy — look once more before going idle ('fresh': a run was inserted meanwhile) */
type Lane = {
  def: JobDefinition;
  busy: boolean;
  again: 'no' | 'yes' | 'fresh';
  current?: { id: string; abort: AbortController };
};

/**
 * The app's one job runner, on pg-boss (docs/adr/0003-job-runner.md) in the app's own database handle. Each
 * process ticks every schedule and inserts the slot's run under an id derived from (job, slot): one insert wins,
 * that process runs it at once. Per process a job runs one at a time; a scheduled job also runs in one process at
 * a time (pg-boss's singleton policy). Handlers are awaited here rather than in pg-boss's `work()`, which leaves
 * its completion calls unawaited (a database error there would be an unhandled rejection).
 */
export const createJobRunner = ({
  db,
  config,
  registry = createRegistry([]),
  log,
  jobs,
  pollMs = 30_000,
  stopWaitMs = 10_000,
}: RunnerOptions): JobRunner => {
  const raw = rawSql(db);
  const lanes = new Map<string, Lane>();
  for (const def of jobs) {
    if (lanes.has(def.name)) throw new Error(`后台任务重名: ${def.name}`);
    lanes.set(def.name, { def, busy: false, again: 'no' });
  }
  const names = [...lanes.keys()];
  const boss = new PgBoss({
    // the queue's own polling writes all the time and is no one's data: it never holds a reader on the primary
    db: { executeSql: (text, values) => unmarked(() => raw(text, values)) },
    schema: JOB_SCHEMA,
    // cron and its clock watch are ours (croner, per process); pg-boss's maintenance expires and archives runs
    schedule: false,
    supervise: true,
    migrate: true,
    archiveCompletedAfterSeconds: 3600,
  });
  boss.on('error', (err: unknown) => log.error({ err }, '后台任务队列出错'));
  let state: 'idle' | 'started' | 'stopping' = 'idle';
  const stops: (() => void)[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const later = (ms: number, fn: () => void) => {
    const t = setTimeout(() => {
      timers.delete(t);
      fn();
    }, ms);
    t.unref();
    timers.add(t);
  };

  /** one attempt: the handler, raced against its time limit */
  const attemptRun = (lane: Lane, job: Job, progress: ReturnType<typeof progressWriter>) => {
    const { def } = lane;
    const abort = new AbortController();
    const timeoutMs = (def.timeoutSec ?? TIMEOUT_SEC) * 1000;
    let timer: NodeJS.Timeout | undefined;
    lane.current = { id: job.id, abort };
    const ctx = {
      db,
      config,
      registry,
      log,
      id: job.id,
      name: def.name,
      payload: job.data?.payload ?? null,
      slot: job.data?.slot ?? null,
      attempt: job.retryCount + 1,
      progress: progress.report,
      signal: abort.signal,
    };
    return Promise.race([
      Promise.resolve().then(() => def.run(ctx)),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          abort.abort();
          reject(new Error(`运行超过 ${timeoutMs / 1000} 秒`));
        }, timeoutMs);
      }),
    ]).finally(() => {
      clearTimeout(timer);
      lane.current = undefined;
    });
  };

  const execute = async (lane: Lane, job: Job) => {
    const { name } = lane.def;
    const progress = progressWriter((p) => writeProgress(raw, name, job.id, p));
    const attempt = job.retryCount + 1;
    const started = Date.now();
    let outcome: { ok: true; result: unknown } | { ok: false; err: unknown };
    try {
      outcome = { ok: true, result: await attemptRun(lane, job, progress) };
    } catch (err) {
      outcome = { ok: false, err };
    }
    progress.close();
    try {
      if (outcome.ok) {
        await boss.complete(name, job.id, {
          progress: progress.last,
          result: outcome.result ?? null,
        } satisfies JobOutput);
        log.debug({ job: name, id: job.id, ms: Date.now() - started }, `后台任务 ${name} 完成`);
        return;
      }
      const { err } = outcome;
      await boss.fail(name, job.id, { message: messageOf(err), progress: progress.last } satisfies JobOutput);
      const next = await retryAt(raw, name, job.id);
      const where = { err, job: name, id: job.id, attempt };
      if (!next) return log.error(where, `后台任务 ${name} 失败（第 ${attempt} 次），不再重试`);
      const wait = Math.max(0, next.getTime() - Date.now());
      log.warn(where, `后台任务 ${name} 失败（第 ${attempt} 次），${Math.ceil(wait / 1000)} 秒后重试`);
      // the retry is due then: this process takes it without waiting for the next poll
      later(wait + 50, () => wake(name));
    } catch (err) {
      // the run stays active; past its time limit pg-boss's maintenance fails it over to a retry
      log.error({ err, job: name, id: job.id }, `后台任务 ${name} 的结果未能记录`);
    }
  };

  /** runs what is due of one job, one at a time in this process; `fresh`: a run was just inserted */
  const drain = async (lane: Lane, fresh: boolean) => {
    if (lane.busy) {
      if (lane.again !== 'fresh') lane.again = fresh ? 'fresh' : 'yes';
      return;
    }
    lane.busy = true;
    // PGlite's clock can give the insert and the fetch the same now(); pg-boss takes only runs due before now()
    let misses = fresh ? 5 : 0;
    try {
      while (state === 'started') {
        const [job] = await boss.fetch<RunData>(lane.def.name, { includeMetadata: true });
        if (job) {
          misses = 0;
          await execute(lane, job);
          continue;
        }
        if (misses-- > 0) await sleep(20);
        else if (lane.again !== 'no') {
          misses = lane.again === 'fresh' ? 5 : 0;
          lane.again = 'no';
        } else break;
      }
    } finally {
      lane.busy = false;
    }
  };
  const wake = (name: string, fresh = false) => {
    const lane = lanes.get(name);
    if (lane && state === 'started')
      void drain(lane, fresh).catch((err: unknown) => log.error({ err, job: name }, `后台任务 ${name} 出错`));
  };

  const queueOptions = (def: JobDefinition): PgBoss.Queue => {
    const retry = def.retry ?? RETRY;
    return {
      name: def.name,
      // a scheduled job runs in one process at a time; runs queued on demand (one per device …) may run side by side
      policy: scheduleOf(def, config) ? 'singleton' : 'standard',
      retryLimit: retry.limit,
      retryDelay: retry.delaySec,
      retryBackoff: true,
      expireInSeconds: def.timeoutSec ?? TIMEOUT_SEC,
    };
  };

  return {
    start: async () => {
      if (state !== 'idle') return;
      try {
        await boss.start();
        for (const { def } of lanes.values()) {
          // a queue made by an earlier release takes this release's settings
          await boss.createQueue(def.name, queueOptions(def));
          await boss.updateQueue(def.name, queueOptions(def));
        }
      } catch (err) {
        // pg-boss's maintenance timer is already running: stopped, or it would outlive the failed start
        await boss.stop({ graceful: false, wait: true });
        throw err;
      }
      state = 'started';
      for (const { def } of lanes.values()) {
        const schedule = scheduleOf(def, config);
        if (!schedule) continue;
        stops.push(
          tick(schedule, (slot) => {
            boss
              .send(def.name, { slot: new Date(slot).toISOString() }, { id: slotId(def.name, slot) })
              .then((id) => id && wake(def.name, true))
              .catch((err: unknown) => log.error({ err, job: def.name }, `后台任务 ${def.name} 排队失败`));
          }),
        );
      }
      const poll = setInterval(() => names.forEach((n) => wake(n)), pollMs);
      poll.unref();
      stops.push(() => clearInterval(poll));
      // runs left queued while no process was up
      names.forEach((n) => wake(n));
    },

    stop: async () => {
      if (state !== 'started') return;
      state = 'stopping';
      stops.forEach((s) => s());
      timers.forEach(clearTimeout);
      const deadline = Date.now() + stopWaitMs;
      while ([...lanes.values()].some((l) => l.busy) && Date.now() < deadline) await sleep(20);
      for (const lane of lanes.values()) {
        if (!lane.current) continue;
        lane.current.abort.abort();
        // failed over: another process (or the next start) takes it as a retry
        await boss
          .fail(lane.def.name, lane.current.id, { message: '服务停止时仍在运行' } satisfies JobOutput)
          .catch((err: unknown) => log.error({ err, job: lane.def.name }, '停止时无法交还后台任务'));
      }
      await boss.stop({ graceful: false, wait: true });
    },

    enqueue: async (name, payload) => {
      if (!lanes.has(name)) throw new Error(`未声明的后台任务: ${name}`);
      if (state !== 'started') throw new Error('后台任务未在运行');
      // wrapped: pg would send a bare array as a PostgreSQL array, not as JSON
      const id = await boss.send(name, { payload: payload ?? null }, {});
      if (!id) throw new Error(`后台任务 ${name} 排队失败`);
      wake(name, true);
      return id;
    },

    status: (id) => readStatus(raw, names, id),
  };
};
