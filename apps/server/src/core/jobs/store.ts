import type { RawSql } from '../db/raw.ts';
import { formatTime } from '../time.ts';
import type { JobProgress, JobState, JobStatus } from './types.ts';

/**
 * The few reads and writes pg-boss has no call for, on its own tables (pg-boss 10.4.2, schema version 24 — pinned
 * in package.json; check these when upgrading): a run's progress lives in its row's `output` while it runs, and
 * a run is found by id alone.
 */
export const JOB_SCHEMA = 'pgboss';

const states: Record<string, JobState> = {
  created: 'queued',
  retry: 'retrying',
  active: 'running',
  completed: 'completed',
  failed: 'failed',
  cancelled: 'cancelled',
};

/** what the runner writes into `output`: progress while running, the result when done, the message when failed */
export type JobOutput = { progress?: JobProgress | null; result?: unknown; message?: string };

export const writeProgress = (raw: RawSql, name: string, id: string, progress: JobProgress) =>
  raw(`update ${JOB_SCHEMA}.job set output = $3::jsonb where name = $1 and id = $2::uuid and state = 'active'`, [
    name,
    id,
    JSON.stringify({ progress } satisfies JobOutput),
  ]);

/** when a failed run's next attempt may start (null: no retry left) */
export const retryAt = async (raw: RawSql, name: string, id: string): Promise<Date | null> => {
  const { rows } = await raw(
    `select start_after from ${JOB_SCHEMA}.job where name = $1 and id = $2::uuid and state = 'retry'`,
    [name, id],
  );
  const at = rows[0]?.start_after;
  return at ? new Date(at as string | Date) : null;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const columns = 'id, name, state, retry_count, started_on, created_on, completed_on, output';

type Row = {
  id: string;
  name: string;
  state: string;
  retry_count: number;
  started_on: Date | string | null;
  created_on: Date | string;
  completed_on: Date | string | null;
  output: (JobOutput & { value?: { message?: string } }) | null;
};

/** a run of one of `names` by its id, from the live table or the archive */
export const readStatus = async (raw: RawSql, names: readonly string[], id: string): Promise<JobStatus | null> => {
  if (!UUID.test(id) || !names.length) return null;
  const { rows } = await raw(
    `select ${columns} from ${JOB_SCHEMA}.job where name = any($1::text[]) and id = $2::uuid
     union all select ${columns} from ${JOB_SCHEMA}.archive where name = any($1::text[]) and id = $2::uuid
     limit 1`,
    [names, id],
  );
  const row = rows[0] as Row | undefined;
  if (!row) return null;
  const state = states[row.state] ?? 'queued';
  const out = row.output ?? {};
  const failedNow = state === 'failed' || state === 'retrying';
  return {
    id: row.id,
    name: row.name,
    state,
    progress: out.progress ?? null,
    // pg-boss's own failures (a run past its time) keep the message under `value`
    error: failedNow ? (out.message ?? out.value?.message ?? '未知错误') : null,
    result: state === 'completed' ? (out.result ?? null) : null,
    attempts: row.started_on ? Number(row.retry_count) + 1 : 0,
    createdAt: formatTime(row.created_on),
    startedAt: row.started_on ? formatTime(row.started_on) : null,
    finishedAt: row.completed_on ? formatTime(row.completed_on) : null,
  };
};
