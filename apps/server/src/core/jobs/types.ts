import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import type { ServerConfig } from '../config.ts';
import type { AppRegistry } from '../engine/registry.ts';

/** every `every` ms on the clock (slots aligned to the epoch, so every process sees the same ones), or a cron pattern */
export type JobSchedule = { every: number } | { cron: string; timezone?: string };

/** how far a run has come: `done` of `total` (units the job chooses), and a line for people */
export type JobProgress = { done: number; total?: number; note?: string };

export type JobState = 'queued' | 'running' | 'retrying' | 'completed' | 'failed' | 'cancelled';

export type JobStatus = {
  id: string;
  name: string;
  state: JobState;
  progress: JobProgress | null;
  /** the last attempt's error, while retrying or when failed */
  error: string | null;
  /** what the handler returned, when completed */
  result: unknown;
  /** attempts begun so far */
  attempts: number;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
};

export type JobContext<P = unknown> = {
  db: Db;
  config: ServerConfig;
  /** the app's registry: per-app parts a handler uses (the alert raiser …) */
  registry: AppRegistry;
  log: FastifyBaseLogger;
  id: string;
  name: string;
  payload: P;
  /** the planned time (ISO) of a scheduled run; null for a run queued on demand */
  slot: string | null;
  /** 1 on the first try */
  attempt: number;
  /** records progress (written at most twice a second; the last value always lands) */
  progress: (p: JobProgress) => Promise<void>;
  /** aborted when the run times out or the server stops */
  signal: AbortSignal;
};

/**
 * Background work a module declares (`Module.jobs`); the app's one runner runs it. A scheduled run happens once
 * across every server process on the database, a failed one is retried with backoff; any job can also be
 * queued on demand with a payload (`JobQueue.enqueue`).
 */
export type JobDefinition<P = unknown> = {
  /** letters, digits, '-' and '_': it names the queue */
  name: string;
  /** when it runs by itself; a function of the settings (e.g. SWEEP_INTERVAL_SEC); none: only when queued */
  schedule?: JobSchedule | ((config: ServerConfig) => JobSchedule | null);
  /** retries after a failed attempt, the first after `delaySec` (doubling, with jitter); default 3 × from 10 s */
  retry?: { limit: number; delaySec: number };
  /** an attempt running longer is failed (and retried); default 15 minutes */
  timeoutSec?: number;
  // method syntax: a job of a given payload is still a JobDefinition of unknown payload
  run(ctx: JobContext<P>): Promise<unknown> | unknown;
};

/** what modules get: queue a run now, read a run's state back */
export type JobQueue = {
  enqueue: (name: string, payload?: unknown) => Promise<string>;
  status: (id: string) => Promise<JobStatus | null>;
};

export type JobRunner = JobQueue & {
  start: () => Promise<void>;
  stop: () => Promise<void>;
};
