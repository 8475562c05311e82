import { and, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../core/db/client.ts';
import { rawSql } from '../../../core/db/raw.ts';
import { readStatus } from '../../../core/jobs/store.ts';
import type { JobDefinition } from '../../../core/jobs/types.ts';
import type { Storage } from '../../../core/storage/storage.ts';
import { companyExports } from '../schema-export.ts';
import { dropFiles, exportRoot, exportStorage, removeStaleParts } from './files.ts';
import { COMPANY_EXPORT_JOB, EXPORT_KEEP_MS, liveJob, markInterrupted, type JobReader } from './service.ts';

/** a half-written zip untouched this long is an interrupted run's whatever its row says: no attempt runs longer */
const PART_MAX_AGE_MS = 3600_000;

/** removes every zip past its time: a company that never comes back leaves nothing behind */
export const dropExpired = async (db: Db, storage: Storage) => {
  const old = await db
    .select({ id: companyExports.id, fileKey: companyExports.fileKey })
    .from(companyExports)
    .where(
      and(
        ne(companyExports.fileKey, ''),
        lt(companyExports.finishedAt, sql`now() - make_interval(secs => ${EXPORT_KEEP_MS / 1000})`),
      ),
    );
  await dropFiles(db, storage, old);
  return old.length;
};

/**
 * What a crash leaves: runs still queued or running whose job is dead (marked failed, saying the run was
 * interrupted), and the `.part` files their zips were being written into — those of a company without a live run,
 * and any untouched for longer than a run may take.
 */
export const sweepInterrupted = async (db: Db, jobs: JobReader, root: string) => {
  const began = Date.now();
  const open = await db
    .select()
    .from(companyExports)
    .where(inArray(companyExports.state, ['queued', 'running']));
  const dead: number[] = [];
  const live = new Set<number>();
  for (const row of open) {
    if ((await liveJob(jobs, row)).live) live.add(row.tenantId);
    else dead.push(row.id);
  }
  await markInterrupted(db, dead);
  // a file written since the rows were read may be a run begun meanwhile: kept for the next sweep
  const parts = await removeStaleParts(
    root,
    (tenantId, writtenAt) =>
      writtenAt < began - PART_MAX_AGE_MS || (writtenAt < began && (tenantId === null || !live.has(tenantId))),
  );
  return { interrupted: dead.length, parts };
};

/** the job tables read directly: a job's context has no queue */
const jobTables = (db: Db): JobReader => ({ status: (id) => readStatus(rawSql(db), [COMPANY_EXPORT_JOB], id) });

/** hourly: expired zips, dead runs and their half-written files */
export const companyExportCleanupJob: JobDefinition = {
  name: 'company-export-cleanup',
  // never in tests (they call it), as the other sweeps
  schedule: (config) => (config.sweepIntervalMs > 0 ? { cron: '23 * * * *' } : null),
  run: async ({ db, config }) => {
    const removed = await dropExpired(db, exportStorage(config.dataDir));
    return { removed, ...(await sweepInterrupted(db, jobTables(db), exportRoot(config.dataDir))) };
  },
};
