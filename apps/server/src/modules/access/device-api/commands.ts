import type { DeviceCommandResultReply, DeviceCommandsReply } from '@5a/contracts/endpoints/access';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../core/db/client.ts';
import type { AppRegistry } from '../../../core/engine/registry.ts';
import { fail } from '../../../core/errors.ts';
import { expectedPeople } from '../rights/expected.ts';
import { accessDeviceFaces } from '../schema.ts';
import { accessFaceSyncs } from '../schema-faces.ts';
import { devicesByCode } from './facts.ts';
import { signedCall, signer, type DeviceCall } from './ingest.ts';

/** commands handed out per fetch: a device takes the rest on its next call */
const BATCH = 20;

const rowsOf = async <T>(db: Pick<Db, 'execute'>, q: ReturnType<typeof sql>) =>
  ((await db.execute(q)) as unknown as { rows: T[] }).rows;

/**
 * 领取指令: the device's list changes not yet reported back, oldest first — handed out again until it reports, so
 * a device that lost one mid-way takes it anew (adding a face it holds changes nothing on it). The faces to add come
 * with the person's name, consented picture and card; a visitor's picture is the one he registered with.
 */
export const fetchCommands = async (registry: AppRegistry, db: Db, c: DeviceCall): Promise<DeviceCommandsReply> => {
  const s = signedCall(c);
  const d = signer(registry, s, await devicesByCode(db, s.h.code));
  const syncs = await rowsOf<{ id: number; add_faces: string[]; remove_faces: string[] }>(
    db,
    sql`update ${accessFaceSyncs} set state = 'delivered', delivered_at = coalesce(delivered_at, now())
      where id in (select id from ${accessFaceSyncs} where tenant_id = ${d.tenant_id} and device_id = ${d.id}
        and state in ('sent', 'delivered') order by id limit ${BATCH})
      returning id, add_faces, remove_faces`,
  );
  if (!syncs.length) return { commands: [] };
  syncs.sort((a, b) => a.id - b.id);
  // the faces to add as the doors' rules see them now: someone who lost his right since the push is not added
  const now = new Map((await expectedPeople(db, registry, d.tenant_id, [d.id])).map((e) => [e.face_id, e]));
  return {
    commands: syncs.map((y) => ({
      sync_id: y.id,
      add: y.add_faces.flatMap((f) => {
        const e = now.get(f);
        return e ? [{ face_id: f, name: e.name, face_img: e.face_img, card: e.card }] : [];
      }),
      remove: y.remove_faces,
    })),
  };
};

/**
 * 执行结果: the device took every face of the command but those it names, and removed the rest; its held list
 * follows at once and the console shows the result. Reported twice, the first report stands.
 */
export const reportCommandResult = async (
  registry: AppRegistry,
  db: Db,
  c: DeviceCall,
  body: { sync_id: number; failed?: { face_id: string; reason: string }[] },
): Promise<DeviceCommandResultReply> => {
  const s = signedCall(c);
  const d = signer(registry, s, await devicesByCode(db, s.h.code));
  const failed = body.failed ?? [];
  const failedIds = new Set(failed.map((f) => f.face_id));
  return db.transaction(async (tx) => {
    const [y] = await rowsOf<{ id: number; state: string; add_faces: string[]; remove_faces: string[] }>(
      tx,
      sql`select id, state, add_faces, remove_faces from ${accessFaceSyncs}
        where id = ${body.sync_id} and tenant_id = ${d.tenant_id} and device_id = ${d.id} for update`,
    );
    if (!y) throw fail('指令不存在');
    if (y.state === 'done' || y.state === 'failed') {
      const [r] = await rowsOf<{ added: number; removed: number; message: string }>(
        tx,
        sql`select added, removed, message from ${accessFaceSyncs} where id = ${y.id} and tenant_id = ${d.tenant_id}`,
      );
      return { sync_id: y.id, state: y.state, added: r!.added, removed: r!.removed, failed: 0 };
    }
    if (y.state === 'queued') throw fail('指令尚未下发');
    const unknown = failed.find((f) => !y.add_faces.includes(f.face_id));
    if (unknown) throw fail(`failed中的${unknown.face_id}不是该指令要新增的人脸`);
    // what it was handed: the faces still entitled when it fetched (the fetch dropped the others)
    const entitled = new Set(
      y.add_faces.length ? (await expectedPeople(tx, registry, d.tenant_id, [d.id])).map((e) => e.face_id) : [],
    );
    const taken = y.add_faces.filter((f) => !failedIds.has(f) && entitled.has(f));
    await tx.execute(sql`delete from ${accessDeviceFaces} where tenant_id = ${d.tenant_id} and device_id = ${d.id}
      and face_id = any(${`{${y.remove_faces.map((f) => `"${f}"`).join(',')}}`}::text[])`);
    if (taken.length)
      await tx.execute(sql`insert into ${accessDeviceFaces} (tenant_id, device_id, face_id, reported_at)
        select ${d.tenant_id}, ${d.id}, f, now() from unnest(${`{${taken.map((f) => `"${f}"`).join(',')}}`}::text[]) f
        on conflict (tenant_id, device_id, face_id) do nothing`);
    const state = failed.length ? 'failed' : 'done';
    const detail = failed.length
      ? `，失败${failed.length}人（${failed
          .slice(0, 3)
          .map((f) => `${f.face_id}：${f.reason}`)
          .join('；')}${failed.length > 3 ? '…' : ''}）`
      : '';
    const message = `设备已执行：新增${taken.length}人，移除${y.remove_faces.length}人${detail}`.slice(0, 255);
    await tx.execute(sql`update ${accessFaceSyncs} set state = ${state}, added = ${taken.length},
      removed = ${y.remove_faces.length}, finished_at = now(), message = ${message}
      where id = ${y.id} and tenant_id = ${d.tenant_id}`);
    return { sync_id: y.id, state, added: taken.length, removed: y.remove_faces.length, failed: failed.length };
  });
};
