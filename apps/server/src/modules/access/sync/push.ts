import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../core/db/client.ts';
import type { AppRegistry } from '../../../core/engine/registry.ts';
import type { JobDefinition, JobQueue } from '../../../core/jobs/types.ts';
import { fail } from '../../../core/errors.ts';
import type { Scope } from '../../estate/index.ts';
import { accessDeviceFaces } from '../schema.ts';
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
  const [sync] = await db
    .insert(accessFaceSyncs)
    .values({
      tenantId: s.tenantId,
      deviceId,
      addFaces: diff.missing.map((m) => m.face_id),
      removeFaces: diff.extra.map((m) => m.face_id),
      requestedBy: s.userId,
    })
    .returning({ id: accessFaceSyncs.id });
  const jobId = await jobs.enqueue(FACE_SYNC_JOB, { syncId: sync!.id });
  await db.update(accessFaceSyncs).set({ jobId }).where(eq(accessFaceSyncs.id, sync!.id));
  return { sync_id: sync!.id, job_id: jobId, add: diff.missing.length, remove: diff.extra.length };
};

/**
 * Delivers a queued sync: the faces to add go onto the device's list and those to remove come off, in one
 * statement with the sync's result, so a run repeated after a failover finds it done and changes nothing. The
 * device's next report of what it holds replaces the list again, and any face it failed to take shows up as 缺少.
 */
export const deliverSync = async (db: Db, syncId: number) => {
  const [s] = await db.select().from(accessFaceSyncs).where(eq(accessFaceSyncs.id, syncId)).limit(1);
  if (!s || s.state !== 'queued') return { syncId, skipped: true };
  const add = JSON.stringify(s.addFaces);
  const remove = JSON.stringify(s.removeFaces);
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from ${accessDeviceFaces} where tenant_id = ${s.tenantId} and device_id = ${s.deviceId}
      and face_id in (select jsonb_array_elements_text(${remove}::jsonb))`);
    await tx.execute(sql`insert into ${accessDeviceFaces} (tenant_id, device_id, face_id, reported_at)
      select ${s.tenantId}, ${s.deviceId}, f, now() from jsonb_array_elements_text(${add}::jsonb) f
      on conflict (tenant_id, device_id, face_id) do nothing`);
    await tx
      .update(accessFaceSyncs)
      .set({
        state: 'done',
        added: s.addFaces.length,
        removed: s.removeFaces.length,
        message: `已下发：新增${s.addFaces.length}人，移除${s.removeFaces.length}人`,
        finishedAt: new Date(),
      })
      .where(and(eq(accessFaceSyncs.id, syncId), eq(accessFaceSyncs.state, 'queued')));
  });
  return { syncId, added: s.addFaces.length, removed: s.removeFaces.length };
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
