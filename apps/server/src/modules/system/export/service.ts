import { randomUUID } from 'node:crypto';
import { join, resolve } from 'node:path';
import { and, desc, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import type { CompanyExportState, CompanyExportStatus } from '@5a/contracts/endpoints/company-export';
import { COMPANY_EXPORT_FILE } from '@5a/contracts/endpoints/company-export';
import type { Actor } from '../../../core/auth/actor.ts';
import type { Db } from '../../../core/db/client.ts';
import { rawSql } from '../../../core/db/raw.ts';
import { recordCustomAudit } from '../../../core/engine/audit.ts';
import { forbidden } from '../../../core/errors.ts';
import type { JobDefinition, JobQueue } from '../../../core/jobs/types.ts';
import { localDiskStorage, type Storage } from '../../../core/storage/storage.ts';
import { formatTime } from '../../../core/time.ts';
import { tenantFilePrefix } from '../../document/index.ts';
import { tenants } from '../../tenancy/index.ts';
import { companyExports } from '../schema-export.ts';
import { planExport } from './catalog.ts';
import { writeExportZip } from './zip.ts';

export const COMPANY_EXPORT_JOB = 'company-export';
/** a finished zip can be downloaded this long; a newer run of the company removes it at once */
export const EXPORT_KEEP_MS = 24 * 3600_000;
const RETRY = { limit: 1, delaySec: 5 };
const FAILED_NOTE = '导出失败，请稍后重新导出';

/** the zips live beside the uploads, never among them: the upload reader would hand them to any of the company's staff */
export const exportStorage = (dataDir: string): Storage => localDiskStorage(resolve(join(dataDir, 'exports')));

/** the whole company's data is its super administrator's to take: nobody else's, whatever his rights */
export const exporterOf = (actor: Actor) => {
  if (actor.kind !== 'web' || !actor.isSuper || actor.tenantId === null) throw forbidden();
  return { ...actor, tenantId: actor.tenantId };
};

type Row = typeof companyExports.$inferSelect;
type Payload = { exportId: number; tenantId: number; userId: number; userName: string; operatorId: number | null };

const pad = (n: number) => String(n).padStart(2, '0');
/** YYYYMMDD in Asia/Shanghai */
const day = (d: Date) => {
  const t = new Date(d.getTime() + 8 * 3600_000);
  return `${t.getUTCFullYear()}${pad(t.getUTCMonth() + 1)}${pad(t.getUTCDate())}`;
};
/** the zip's name: the company's, without what a file system refuses */
export const exportFileName = (company: string, at: Date) =>
  `${company.replace(/[\\/:*?"<>|\r\n\t]/g, '_').trim() || '物业公司'}-数据导出-${day(at)}.zip`;

/** a run's state as the page shows it: the row once finished, the job runner's progress while it runs */
export const statusOf = async (jobs: JobQueue, row: Row): Promise<CompanyExportStatus> => {
  let state = row.state as CompanyExportState;
  let done = row.tables;
  let total = row.tables;
  let note = state === 'completed' ? '完成' : state === 'failed' ? FAILED_NOTE : '';
  if (state === 'queued' || state === 'running') {
    const s = row.jobId ? await jobs.status(row.jobId) : null;
    if (!s || s.state === 'failed' || s.state === 'cancelled') {
      state = 'failed';
      note = s ? FAILED_NOTE : '导出任务已中断，请重新导出';
    } else {
      if (s.state !== 'queued') state = 'running';
      done = s.progress?.done ?? 0;
      total = s.progress?.total ?? 0;
      note = s.progress?.note ?? (state === 'queued' ? '排队中' : '');
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
export const exportRow = async (db: Db, tenantId: number, id?: number) =>
  (
    await db
      .select()
      .from(companyExports)
      .where(and(eq(companyExports.tenantId, tenantId), id === undefined ? undefined : eq(companyExports.id, id)))
      .orderBy(desc(companyExports.id))
      .limit(1)
  )[0] ?? null;

/** 开始导出: a run still going is answered as it is (one at a time per company), else a new one is queued */
export const startExport = async (db: Db, jobs: JobQueue, actor: Actor) => {
  const who = exporterOf(actor);
  const last = await exportRow(db, who.tenantId);
  if (last && (last.state === 'queued' || last.state === 'running')) {
    const s = await statusOf(jobs, last);
    if (s.state !== 'failed') return s;
  }
  const [row] = await db.insert(companyExports).values({ tenantId: who.tenantId, userId: who.id }).returning();
  const payload: Payload = {
    exportId: row!.id,
    tenantId: who.tenantId,
    userId: who.id,
    userName: who.userName,
    operatorId: who.operatorId,
  };
  const jobId = await jobs.enqueue(COMPANY_EXPORT_JOB, payload);
  const [queued] = await db.update(companyExports).set({ jobId }).where(eq(companyExports.id, row!.id)).returning();
  return statusOf(jobs, queued!);
};

/** removes the company's earlier zips once a newer one is there, and a zip past its time */
const dropFiles = async (db: Db, storage: Storage, rows: Pick<Row, 'id' | 'fileKey'>[]) => {
  for (const r of rows) await storage.remove(r.fileKey).catch(() => undefined);
  if (rows.length)
    await db
      .update(companyExports)
      .set({ fileKey: '' })
      .where(
        inArray(
          companyExports.id,
          rows.map((r) => r.id),
        ),
      );
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

/** removes every zip past its time (the hourly cleanup): a company that never comes back leaves nothing behind */
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
  return { removed: old.length };
};

export const companyExportCleanupJob: JobDefinition = {
  name: 'company-export-cleanup',
  // never in tests (they call it), as the other sweeps
  schedule: (config) => (config.sweepIntervalMs > 0 ? { cron: '23 * * * *' } : null),
  run: ({ db, config }) => dropExpired(db, exportStorage(config.dataDir)),
};

const yyyymm = (d: Date) => day(d).slice(0, 6);

/**
 * The run: the catalog read now (every company-owned table), each table streamed into the zip, then the row marked
 * completed and the export written to the audit trail in one transaction. Safe to run again: a completed run is left
 * as it is, a repeated one writes a new file.
 */
export const companyExportJob: JobDefinition<Payload> = {
  name: COMPANY_EXPORT_JOB,
  retry: RETRY,
  timeoutSec: 3600,
  run: async ({ db, config, registry, payload, progress, signal, attempt, log }) => {
    const { exportId, tenantId } = payload;
    const row = await exportRow(db, tenantId, exportId);
    if (!row || row.state === 'completed') return { skipped: true };
    const storage = exportStorage(config.dataDir);
    try {
      await db.update(companyExports).set({ state: 'running' }).where(eq(companyExports.id, exportId));
      const [company] = await db.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, tenantId));
      if (!company) throw new Error(`company ${tenantId} not found`);
      const raw = rawSql(db);
      const plan = await planExport(raw);
      if (plan.unclassified.length) log.warn({ tables: plan.unclassified }, '数据导出：未归类的数据表未导出');
      const now = new Date();
      const key = `${tenantFilePrefix(tenantId)}/${yyyymm(now)}/${randomUUID()}.zip`;
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
      await db.transaction(async (tx) => {
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
      });
      const older = await db
        .select({ id: companyExports.id, fileKey: companyExports.fileKey })
        .from(companyExports)
        .where(
          and(eq(companyExports.tenantId, tenantId), ne(companyExports.id, exportId), ne(companyExports.fileKey, '')),
        );
      await dropFiles(db, storage, older);
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
