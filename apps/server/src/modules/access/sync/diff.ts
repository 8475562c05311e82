import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../core/db/client.ts';
import type { AppRegistry } from '../../../core/engine/registry.ts';
import { intArray } from '../../../core/db/sql.ts';
import { notFound } from '../../../core/errors.ts';
import { formatTime } from '../../../core/time.ts';
import { gatePersons, workers, type Scope } from '../../estate/index.ts';
import { accessDeviceFaces, accessDevices } from '../schema.ts';
import { accessFaceSyncs } from '../schema-faces.ts';
import { expectedPeople, type ExpectedPerson } from '../rights/expected.ts';

/** a device of the caller's (company and villages) as the console shows it */
export type DeviceHead = {
  id: number;
  name: string;
  gateno: string;
  village_id: number;
  device_type: number;
  faces_reported_at: string;
  last_sync_at: string;
  last_sync_state: string;
  last_sync_message: string;
};

type HeadRow = Omit<DeviceHead, 'faces_reported_at' | 'last_sync_at'> & {
  faces_reported_at: string | Date | null;
  last_sync_at: string | Date | null;
};

const rows = async <T>(db: Db, q: SQL) => ((await db.execute(q)) as unknown as { rows: T[] }).rows;

/** the caller's devices (one, or all his), each with its last push */
export const devicesOf = async (db: Db, s: Scope, id?: number): Promise<DeviceHead[]> => {
  const villages = s.villageIds === null ? sql`true` : sql`d.village_id = any(${intArray(s.villageIds)})`;
  const list = await rows<HeadRow>(
    db,
    sql`select d.id, d.name, d.gateno, d.village_id, d.device_type, d.faces_reported_at,
        ls.created_at as last_sync_at, coalesce(ls.state, '') as last_sync_state, coalesce(ls.message, '') as last_sync_message
      from ${accessDevices} d
      left join lateral (
        select y.created_at, y.state, y.message from ${accessFaceSyncs} y
        where y.tenant_id = d.tenant_id and y.device_id = d.id order by y.id desc limit 1
      ) ls on true
      where d.tenant_id = ${s.tenantId} and ${villages} ${id === undefined ? sql`` : sql`and d.id = ${id}`}
      order by d.village_id, d.id`,
  );
  if (id !== undefined && !list.length) throw notFound('设备');
  return list.map((d) => ({
    ...d,
    faces_reported_at: formatTime(d.faces_reported_at),
    last_sync_at: formatTime(d.last_sync_at),
  }));
};

/** one side of the difference: who, by the id the device knows him by */
export type DiffPerson = { face_id: string; kind: string; person_id: number | null; name: string };

export type DeviceDiff = { expected: number; reported: number; missing: DiffPerson[]; extra: DiffPerson[] };

/**
 * Expected against reported, both ways, for each device: 缺少 (expected, not on the device) and 待移除 (on the
 * device, not expected — moved out, barred, consent withdrawn, or never known). Two statements for any number of
 * devices: the expected people of all of them, and what they reported with the names of the ids still known.
 */
export const diffOf = async (
  db: Db,
  registry: AppRegistry,
  tenantId: number,
  deviceIds: readonly number[],
): Promise<Map<number, DeviceDiff>> => {
  const out = new Map<number, DeviceDiff>(
    deviceIds.map((id) => [id, { expected: 0, reported: 0, missing: [], extra: [] }]),
  );
  if (!deviceIds.length) return out;
  const expected = await expectedPeople(db, registry, tenantId, deviceIds);
  const reported = await rows<{ device_id: number; face_id: string; name: string | null; person_id: number | null }>(
    db,
    sql`select f.device_id, f.face_id,
        coalesce(p.name, w.name) as name, coalesce(p.id, w.id) as person_id
      from ${accessDeviceFaces} f
      left join ${gatePersons} p on f.face_id ~ '^F[0-9]{1,9}$' and p.id = substr(f.face_id, 2)::int
        and p.tenant_id = f.tenant_id
      left join ${workers} w on f.face_id ~ '^W[0-9]{1,9}$' and w.id = substr(f.face_id, 2)::int
        and w.tenant_id = f.tenant_id
      where f.tenant_id = ${tenantId} and f.device_id = any(${intArray(deviceIds)})
      order by f.device_id, f.face_id`,
  );
  const want = new Map<number, Map<string, ExpectedPerson>>();
  for (const e of expected) {
    let m = want.get(e.device_id);
    if (!m) want.set(e.device_id, (m = new Map()));
    m.set(e.face_id, e);
  }
  const held = new Map<number, Set<string>>();
  for (const r of reported) {
    let h = held.get(r.device_id);
    if (!h) held.set(r.device_id, (h = new Set()));
    h.add(r.face_id);
    const d = out.get(r.device_id)!;
    d.reported++;
    if (!want.get(r.device_id)?.has(r.face_id)) {
      const kind = r.face_id.startsWith('W') ? 'worker' : r.face_id.startsWith('F') ? 'resident' : 'unknown';
      d.extra.push({ face_id: r.face_id, kind, person_id: r.person_id, name: r.name ?? '' });
    }
  }
  for (const [deviceId, m] of want) {
    const d = out.get(deviceId)!;
    d.expected = m.size;
    const h = held.get(deviceId);
    for (const e of m.values())
      if (!h?.has(e.face_id))
        d.missing.push({ face_id: e.face_id, kind: e.kind, person_id: e.person_id, name: e.name });
  }
  return out;
};
