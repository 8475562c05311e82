import type { DeviceFaceHead, FaceDiffPerson } from '@5a/contracts/endpoints/access-faces';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../core/db/client.ts';
import type { AppRegistry } from '../../../core/engine/registry.ts';
import { intArray } from '../../../core/db/sql.ts';
import { notFound } from '../../../core/errors.ts';
import { formatTime } from '../../../core/time.ts';
import { gatePersons, workers, type Scope } from '../../estate/index.ts';
import { accessDeviceFaces, accessDevices } from '../schema.ts';
import { accessFaceSyncs } from '../schema-faces.ts';
import { expectedSqlOf } from '../rights/expected.ts';

/** a device of the caller's (company and villages) as the console shows it: the contract's */
export type DeviceHead = DeviceFaceHead;

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
export type DiffPerson = FaceDiffPerson;

export type DeviceDiff = { expected: number; reported: number; missing: DiffPerson[]; extra: DiffPerson[] };

type DiffRow = {
  device_id: number;
  face_id: string | null;
  kind: string | null;
  person_id: number | null;
  name: string | null;
  side: 'missing' | 'extra' | 'total';
  expected: number;
  reported: number;
};

/**
 * Expected against reported, both ways, for each device: 缺少 (expected, not on the device) and 待移除 (on the
 * device, not expected — moved out, barred, consent withdrawn, or never known). One statement for any number of
 * devices: the expected people fully joined with what the devices reported, the differing rows (an id on a device
 * but no longer expected named by a lookup of its own) and each device's two totals.
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
  const list = await rows<DiffRow>(
    db,
    sql`with e as (${expectedSqlOf(registry, tenantId, deviceIds)}),
    r as (
      select f.device_id, f.face_id from ${accessDeviceFaces} f
      where f.tenant_id = ${tenantId} and f.device_id = any(${intArray(deviceIds)})
    ),
    j as (
      select coalesce(e.device_id, r.device_id) as device_id, coalesce(e.face_id, r.face_id) as face_id,
        e.kind, e.person_id, e.name, e.face_id is not null as want, r.face_id is not null as held
      from e full join r on r.device_id = e.device_id and r.face_id = e.face_id
    )
    select j.device_id, j.face_id,
      coalesce(j.kind, case when j.face_id like 'W%' then 'worker' when j.face_id like 'F%' then 'resident'
        when j.face_id like 'V%' then 'visitor'
        else 'unknown' end) as kind,
      coalesce(j.person_id, k.id) as person_id, coalesce(j.name, k.name, '') as name,
      case when j.want then 'missing' else 'extra' end as side, 0 as expected, 0 as reported
    from j
    left join lateral (
      select p.id, p.name::text as name from ${gatePersons} p
      where not j.want and p.tenant_id = ${tenantId}
        and p.id = case when j.face_id ~ '^F[0-9]{1,9}$' then substr(j.face_id, 2)::int end
      union all
      select w.id, w.name::text from ${workers} w
      where not j.want and w.tenant_id = ${tenantId}
        and w.id = case when j.face_id ~ '^W[0-9]{1,9}$' then substr(j.face_id, 2)::int end
      limit 1
    ) k on true
    where j.want <> j.held
    union all
    select j.device_id, null, null, null, null, 'total', count(*) filter (where j.want), count(*) filter (where j.held)
    from j group by j.device_id
    order by 1, 6, 2`,
  );
  for (const r of list) {
    const d = out.get(r.device_id);
    if (!d) continue;
    if (r.side === 'total') Object.assign(d, { expected: Number(r.expected), reported: Number(r.reported) });
    else d[r.side].push({ face_id: r.face_id!, kind: r.kind!, person_id: r.person_id, name: r.name ?? '' });
  }
  return out;
};
