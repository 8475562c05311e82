import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { CompanyExportState, CompanyExportStatus } from '@5a/contracts/endpoints/company-export';
import { COMPANY_EXPORT_FILE } from '@5a/contracts/endpoints/company-export';
import type { Actor } from '../../../core/auth/actor.ts';
import type { Db } from '../../../core/db/client.ts';
import { rawSql } from '../../../core/db/raw.ts';
import { recordCustomAudit } from '../../../core/engine/audit.ts';
import { forbidden } from '../../../core/errors.ts';
import type { JobDefinition, JobQueue, JobStatus } from '../../../core/jobs/types.ts';
import type { Storage } from '../../../core/storage/storage.ts';
import { beijingMonth, formatDate, formatTime, monthKey } from '../../../core/time.ts';
import { tenantFilePrefix } from '../../document/index.ts';
import { tenants } from '../../tenancy/index.ts';
import { companyExports } from '../schema-export.ts';
import { planExport } from './catalog.ts';
import { dropFiles, exportRoot, exportStorage, removeStaleParts } from './files.ts';
import { writeExportZip } from './zip.ts';

export const COMPANY_EXPORT_JOB = 'company-export';
/** a finished zip can be downloaded this long; a newer run of the company removes it at once */
export const EXPORT_KEEP_MS = 24 * 3600_000;
const RETRY = { limit: 1, delaySec: 5 };
const FAILED_NOTE = '导出失败，请稍后重新导出';
/** a run whose job died with its process (or was never queued): kept on its row, shown as it is */
export const INTERRUPTED_NOTE = '导出任务已中断（服务重启或出错），请重新导出';
/** answered to a start while the company's run goes on */
export const RUNNING_MSG = '已有导出正在进行，请等待完成';
/** a row is written before its job is queued: that long it counts as running without one */
const ENQUEUE_GRACE_MS = 60_000;
/** one start at a time per company (with the company's id as the second key) */
const START_LOCK = 872303;

/** the whole company's data is its super administrator's to take: nobody else's, whatever his rights */
export const exporterOf = (actor: Actor) => {
  if (actor.kind !== 'web' || !actor.isSuper || actor.tenantId === null) throw forbidden();
  return { ...actor, tenantId: actor.tenantId };
};

export type Row = typeof companyExports.$inferSelect;
type Payload = { exportId: number; tenantId: number; userId: number; userName: string; operatorId: number | null };
/** what reads a run's job back: the app's queue, or the job tables read directly (the cleanup job has no queue) */
export type JobReader = Pick<JobQueue, 'status'>;

/** YYYYMMDD in Asia/Shanghai */
const day = (d: Date) => formatDate(d).replaceAll('-', '');
/** the zip's name: the company's, without what a file system refuses */
export const exportFileName = (company: string, at: Date) =>
  `${company.replace(/[\\/:*?"<>|\r\n\t]/g, '_').trim() || '物业公司'}-数据导出-${day(at)}.zip`;

const isOpen = (row: Row) => row.state === 'queued' || row.state === 'running';

/**
 * The job of a queued or running row, and whether the run is still alive: its job queued, running or retrying. A row
 * without its job yet is alive for a moment (the start queues it right after writing the row); a job gone, failed for
 * good, cancelled or finished without the row is a dead run (its process stopped, or the queue lost it).
 */
export const liveJob = async (jobs: JobReader, row: Row): Promise<{ live: boolean; job: JobStatus | null }> => {
  if (!row.jobId) return { live: Date.now() - row.createdAt.getTime() < ENQUEUE_GRACE_MS, job: null };
  const job = await jobs.status(row.jobId);
  return { live: !!job && (job.state === 'queued' || job.state === 'running' || job.state === 'retrying'), job };
};

/** marks dead runs failed, saying why; a row that finished meanwhile is left as it is */
export const markInterrupted = async (db: Pick<Db, 'update'>, ids: number[]) => {
  if (!ids.length) return;
  await db
    .update(companyExports)
    .set({ state: 'failed', error: INTERRUPTED_NOTE, finishedAt: sql`now()` })
    .where(and(inArray(companyExports.id, ids), inArray(companyExports.state, ['queued', 'running'])));
};

/** a run's state as the page shows it: the row once finished, the job runner's progress while it runs */
export const statusOf = async (jobs: JobReader, row: Row): Promise<CompanyExportStatus> => {
  let state = row.state as CompanyExportState;
  let done = row.tables;
  let total = row.tables;
  let note =
    state === 'completed'
      ? '完成'
      : state === 'failed'
        ? row.error === INTERRUPTED_NOTE
          ? row.error
          : FAILED_NOTE
        : '';
  if (isOpen(row)) {
    const { live, job } = await liveJob(jobs, row);
    if (!live) {
      state = 'failed';
      note = job?.state === 'failed' ? FAILED_NOTE : INTERRUPTED_NOTE;
    } else if (!job) {
      state = 'queued';
      note = '排队中';
    } else {
      if (job.state !== 'queued') state = 'running';
      done = job.progress?.done ?? 0;
      total = job.progress?.total ?? 0;
      note = job.progress?.note ?? (state === 'queued' ? '排队中' : '');
    }
  }
  const expired = state === 'completed' && !row.fileKey;
  return {
    id: row.id,
    state,
    done,
    total,
    percent: state === 'completed' ? 100 : total > 0 ? Math.min(99, Math.floor((done * 100) / total)) : 0,
    note: expired ? '导出文件已过期，请重新导出' : note,
    file_name: row.fileName,
    size: row.size,
    tables: row.tables,
    rows: row.rows,
    created_at: formatTime(row.createdAt),
    finished_at: formatTime(row.finishedAt),
    url: state === 'completed' && !expired ? `${COMPANY_EXPORT_FILE}/${row.id}` : '',
  };
};

/** the company's run of that id, or its latest */
export const exportRow = async (db: Pick<Db, 'select'>, tenantId: number, id?: number) =>
  (
    await db
      .select()
      .from(companyExports)
      .where(and(eq(companyExports.tenantId, tenantId), id === undefined ? undefined : eq(companyExports.id, id)))
      .orderBy(desc(companyExports.id))
      .limit(1)
  )[0] ?? null;

/**
 * 开始导出: one run at a time per company. The run is claimed under a lock on the company, so of two starts at once the
 * second waits, then finds the first's row and is answered with it (`running`). A run left open by a dead job is
 * marked failed there and a new one begins. The job is queued after the claim commits (the queue writes on a
 * connection of its own); a start that cannot queue it marks its row failed.
 */
export const startExport = async (
  db: Db,
  jobs: JobQueue,
  actor: Actor,
): Promise<{ status: CompanyExportStatus; running: boolean }> => {
  const who = exporterOf(actor);
  // the job's state is read before the lock (inside it, the one embedded connection is the transaction's)
  const seen = await exportRow(db, who.tenantId);
  const seenLive = seen && isOpen(seen) ? (await liveJob(jobs, seen)).live : false;
  const claim = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${START_LOCK}, ${who.tenantId}::int)`);
    const last = await exportRow(tx, who.tenantId);
    if (last && isOpen(last)) {
      // alive when looked at, or begun since by another start: a dead job never comes back
      if (last.id !== seen?.id || seenLive) return { running: last };
      await markInterrupted(tx, [last.id]);
    }
    const [row] = await tx.insert(companyExports).values({ tenantId: who.tenantId, userId: who.id }).returning();
    return { row: row! };
  });
  if (claim.running) return { status: await statusOf(jobs, claim.running), running: true };
  const payload: Payload = {
    exportId: claim.row.id,
    tenantId: who.tenantId,
    userId: who.id,
    userName: who.userName,
    operatorId: who.operatorId,
  };
  let jobId: string;
  try {
    jobId = await jobs.enqueue(COMPANY_EXPORT_JOB, payload);
  } catch (e) {
    await markInterrupted(db, [claim.row.id]);
    throw e;
  }
  const [queued] = await db
    .update(companyExports)
    .set({ jobId })
    .where(eq(companyExports.id, claim.row.id))
    .returning();
  return { status: await statusOf(jobs, queued!), running: false };
};

/** the stored zip of a completed run, unless it has expired (then it is removed) */
export const downloadable = async (db: Db, storage: Storage, row: Row | null) => {
  if (!row || row.state !== 'completed' || !row.fileKey) return null;
  if (row.finishedAt && Date.now() - row.finishedAt.getTime() > EXPORT_KEEP_MS) {
    await dropFiles(db, storage, [row]);
    return null;
  }
  return storage.get(row.fileKey);
};

/**
 * The run: the catalog read now (every company-owned table), each table streamed into the zip, then the row marked
 * completed and the export written to the audit trail in one transaction. Safe to run again: a completed run, or one
 * given up on, is left as it is; a repeated one writes a new file (and removes the half-written one a dead attempt left).
 */
export const companyExportJob: JobDefinition<Payload> = {
  name: COMPANY_EXPORT_JOB,
  retry: RETRY,
  timeoutSec: 3600,
  run: async ({ db, config, registry, payload, progress, signal, attempt, log }) => {
    const { exportId, tenantId } = payload;
    const row = await exportRow(db, tenantId, exportId);
    // a run given up on (failed for good, or marked interrupted) is not taken up again
    if (!row || row.state === 'completed' || row.state === 'failed') return { skipped: true };
    const storage = exportStorage(config.dataDir);
    const [taken] = await db
      .update(companyExports)
      .set({ state: 'running' })
      .where(and(eq(companyExports.id, exportId), inArray(companyExports.state, ['queued', 'running'])))
      .returning({ id: companyExports.id });
    if (!taken) return { skipped: true };
    const begun = Date.now();
    // the company runs one export at a time: a half-written zip of its own is an earlier attempt's that died
    await removeStaleParts(exportRoot(config.dataDir), (t, writtenAt) => t === tenantId && writtenAt < begun);
    try {
      const [company] = await db.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, tenantId));
      if (!company) throw new Error(`company ${tenantId} not found`);
      const raw = rawSql(db);
      const plan = await planExport(raw);
      if (plan.unclassified.length) log.warn({ tables: plan.unclassified }, '数据导出：未归类的数据表未导出');
      const now = new Date();
      const key = `${tenantFilePrefix(tenantId)}/${monthKey(beijingMonth(now))}/${randomUUID()}.zip`;
      const { size, manifest } = await writeExportZip({
        raw,
        storage,
        key,
        tables: plan.tables,
        company: { id: tenantId, name: company.name },
        progress: (done, total, note) => progress({ done, total, note }),
        signal,
      });
      const rows = manifest.tables.reduce((n, t) => n + t.rows, 0);
      const tables = manifest.tables.length;
      // the older zips lose their links in the same commit as this one gets its own: nobody is shown a file that is
      // about to go; the files themselves are removed after the commit
      const older = await db.transaction(async (tx) => {
        await tx
          .update(companyExports)
          .set({
            state: 'completed',
            fileKey: key,
            fileName: exportFileName(company.name, now),
            size,
            tables,
            rows,
            error: '',
            finishedAt: sql`now()`,
          })
          .where(eq(companyExports.id, exportId));
        await recordCustomAudit(
          registry,
          tx,
          { id: payload.userId, userName: payload.userName, tenantId, operatorId: payload.operatorId },
          {
            screen: 'CompanyExport',
            screenTitle: '数据导出',
            action: 'export',
            recordId: exportId,
            after: { tables, rows },
          },
        );
        const gone = await tx
          .select({ id: companyExports.id, fileKey: companyExports.fileKey })
          .from(companyExports)
          .where(
            and(eq(companyExports.tenantId, tenantId), ne(companyExports.id, exportId), ne(companyExports.fileKey, '')),
          )
          .for('update');
        if (gone.length)
          await tx
            .update(companyExports)
            .set({ fileKey: '' })
            .where(
              and(
                eq(companyExports.tenantId, tenantId),
                inArray(
                  companyExports.id,
                  gone.map((o) => o.id),
                ),
              ),
            );
        return gone;
      });
      for (const o of older) await storage.remove(o.fileKey).catch(() => undefined);
      return { exportId, tables, rows, size };
    } catch (e) {
      if (attempt > RETRY.limit)
        await db
          .update(companyExports)
          .set({ state: 'failed', error: (e instanceof Error ? e.message : String(e)).slice(0, 1000) })
          .where(eq(companyExports.id, exportId));
      throw e;
    }
  },
};
