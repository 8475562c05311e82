import type { ApictureDeviceKind, ApictureSearchHit, ApictureSearchType } from '@5a/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Caller } from '../../../core/auth/actor.ts';
import type { Db } from '../../../core/db/client.ts';
import { mapScope, q } from './scope.ts';

/** search results shown at most */
export const SEARCH_LIMIT = 50;

type HitRow = {
  id: number;
  name: string;
  village_id: number;
  village_name: string;
  building: string;
  house: string;
  detail: string;
  kind: ApictureDeviceKind | null;
};

/**
 * Villages, buildings, residents or devices (doors, barrier lanes and cameras) of the caller's villages whose name
 * contains the text ('' = the first ones).
 */
export const searchVillageList = async (
  db: Db,
  caller: Caller,
  name: string,
  type: ApictureSearchType,
): Promise<ApictureSearchHit[]> => {
  const scope = await mapScope(db, caller);
  const like = `%${name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const queries: Record<ApictureSearchType, SQL> = {
    village: sql`select v.id, v.name, v.id as village_id, v.name as village_name, '' as building, '' as house,
        v.address as detail, null as kind
      from villages v join tenants t on t.id = v.tenant_id
      where ${scope} and v.name ilike ${like} order by v.name, v.id limit ${SEARCH_LIMIT}`,
    building: sql`select b.id, b.name, v.id as village_id, v.name as village_name, b.name as building, '' as house,
        t.name as detail, null as kind
      from buildings b join villages v on v.id = b.village_id and v.tenant_id = b.tenant_id join tenants t on t.id = v.tenant_id
      where ${scope} and b.name ilike ${like} order by v.name, b.sort, b.id limit ${SEARCH_LIMIT}`,
    person: sql`select p.id, p.name, v.id as village_id, v.name as village_name, b.name as building,
        h.unit_name || h.name as house, t.name as detail, null as kind
      from gate_persons p join villages v on v.id = p.village_id and v.tenant_id = p.tenant_id join tenants t on t.id = v.tenant_id
        join buildings b on b.id = p.building_id and b.tenant_id = p.tenant_id join houses h on h.id = p.house_id and h.tenant_id = p.tenant_id
      where ${scope} and p.name ilike ${like} order by p.name, p.id limit ${SEARCH_LIMIT}`,
    device: sql`select * from (
        select d.id, d.name, v.id as village_id, v.name as village_name, coalesce(b.name, '') as building, '' as house,
          '门禁 ' || d.gateno as detail, 'door' as kind
        from access_devices d join villages v on v.id = d.village_id and v.tenant_id = d.tenant_id join tenants t on t.id = v.tenant_id
          left join buildings b on b.id = d.building_id and b.tenant_id = d.tenant_id
        where ${scope} and d.name ilike ${like}
        union all
        select g.id, g.name, v.id, v.name, '', '', '车道 ' || g.parkcode, 'lane'
        from parking_gates g join villages v on v.id = g.village_id and v.tenant_id = g.tenant_id join tenants t on t.id = v.tenant_id
        where ${scope} and g.name ilike ${like}
        union all
        select c.id, c.name, v.id, v.name, '', '', '监控 ' || c.camera_no, 'camera'
        from video_cameras c join villages v on v.id = c.village_id and v.tenant_id = c.tenant_id join tenants t on t.id = v.tenant_id
        where ${scope} and c.name ilike ${like}
      ) x order by x.name, x.kind, x.id limit ${SEARCH_LIMIT}`,
  };
  const rows = await q<HitRow>(db, queries[type]);
  return rows.map((r) => ({
    type,
    id: Number(r.id),
    name: r.name,
    villageId: Number(r.village_id),
    villageName: r.village_name,
    building: r.building,
    house: r.house,
    detail: r.detail,
    ...(r.kind ? { kind: r.kind } : {}),
  }));
};
