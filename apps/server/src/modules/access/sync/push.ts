import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../core/db/client.ts';
import type { AppRegistry } from '../../../core/engine/registry.ts';
import type { JobDefinition, JobQueue } from '../../../core/jobs/types.ts';
import { fail } from '../../../core/errors.ts';
import type { Scope } from '../../estate/index.ts';
import { accessDevices } from '../schema.ts';
import { accessFaceSyncs } from '../schema-faces.ts';
import { devicesOf, diffOf } from './diff.ts';

export const FACE_SYNC_JOB = 'access-face-sync';

/**
 * 推送差异: the difference as computed now is written down as a sync (queued) and handed to the job runner, which
 * delivers it; the console reads the sync's state and result. Nothing to push answers so without a run.
 */
export const pushDiff = async (db: Db, registry: AppRegistry, jobs: JobQueue, s: Scope, deviceId: number) => {
  await devicesOf(db, s, deviceId);
  const diff = (await diffOf(db, registry, s.tenantId, [deviceId])).get(deviceId)!;
  if (!diff.missing.length && !diff.extra.length) throw fail('设备名单与应有名单一致，无需推送');
  const q = await queueSync(db, jobs, {
    tenantId: s.tenantId,
    deviceId,
    addFaces: diff.missing.map((m) => m.face_id),
    removeFaces: diff.extra.map((m) => m.face_id),
    requestedBy: s.userId,
  });
  return { ...q, add: diff.missing.length, remove: diff.extra.length };
};

/** a list change written down and handed to the job runner, which readies it for the device */
export const queueSync = async (db: Db, jobs: JobQueue, values: typeof accessFaceSyncs.$inferInsert) => {
  const [sync] = await db.insert(accessFaceSyncs).values(values).returning({ id: accessFaceSyncs.id });
  const jobId = await jobs.enqueue(FACE_SYNC_JOB, { syncId: sync!.id });
  await db.update(accessFaceSyncs).set({ jobId }).where(eq(accessFaceSyncs.id, sync!.id));
  return { sync_id: sync!.id, job_id: jobId };
};

/**
 * Readies a queued sync for its device: an enabled device gets it on its list of commands (sent), which it fetches
 * with its signed commands call; a device removed or disabled meanwhile fails it with the reason. One conditional
 * update, so a run repeated after a failover finds it sent and changes nothing.
 */
export const deliverSync = async (db: Db, syncId: number) => {
  const { rows } = (await db.execute(sql`
    update ${accessFaceSyncs} y set
      state = case when d.status = 1 then 'sent' else 'failed' end,
      message = case when d.status = 1 then '已下发，等待设备领取' else '设备已停用，未下发' end,
      finished_at = case when d.status = 1 then null else now() end
    from ${accessDevices} d
    where y.id = ${syncId} and y.state = 'queued' and d.id = y.device_id and d.tenant_id = y.tenant_id
    returning y.state`)) as unknown as { rows: { state: string }[] };
  return { syncId, state: rows[0]?.state ?? 'skipped' };
};

/** a run whose retries are spent leaves its sync failed with the reason, for the console */
const markFailed = (db: Db, syncId: number, reason: string) =>
  db
    .update(accessFaceSyncs)
    .set({ state: 'failed', message: reason.slice(0, 255), finishedAt: new Date() })
    .where(and(eq(accessFaceSyncs.id, syncId), eq(accessFaceSyncs.state, 'queued')));

export const faceSyncJob: JobDefinition<{ syncId: number }> = {
  name: FACE_SYNC_JOB,
  retry: { limit: 2, delaySec: 10 },
  timeoutSec: 120,
  run: async ({ db, payload, attempt }) => {
    try {
      return await deliverSync(db, Number(payload.syncId));
    } catch (e) {
      if (attempt >= 3) await markFailed(db, Number(payload.syncId), e instanceof Error ? e.message : String(e));
      throw e;
    }
  },
};
