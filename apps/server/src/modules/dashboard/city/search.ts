import type { CitySearchHit, CitySearchType } from '@5a/contracts';
import { companyVillages } from '../../../core/db/sql.ts';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../core/db/client.ts';
import { OFFLINE_AFTER_MINUTES } from '../../access/index.ts';
import { maskPhone } from '../../estate/index.ts';
import { rowsOf, type ScreenScope } from '../screens/scope.ts';

/** hits shown at most */
export const SEARCH_LIMIT = 50;

type HitRow = { id: number; name: string; village_name: string; place: string; detail: string };

/**
 * 高级搜索 over the villages shown: buildings by name, houses by building, unit and room ('3幢1单元1201' or part of
 * it), owners by name (the phone masked: a big screen is seen by whoever stands before it), devices by name (doors,
 * barrier lanes, cameras, with their state). Empty text lists the first ones.
 */
export const citySearch = async (
  db: Db,
  s: ScreenScope,
  type: CitySearchType,
  name: string,
): Promise<CitySearchHit[]> => {
  const like = `%${name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const queries: Record<CitySearchType, SQL> = {
    building: sql`select b.id, b.name, v.name as village_name, '' as place,
        b.floors || '层 · ' || b.units || '个单元 · ' ||
          (select count(*) from houses h where h.building_id = b.id and h.tenant_id = b.tenant_id) || '套房屋' as detail
      from buildings b join villages v on v.id = b.village_id and v.tenant_id = b.tenant_id
      where ${companyVillages('b', s)} and b.name ilike ${like} order by v.id, b.sort, b.id limit ${SEARCH_LIMIT}`,
    house: sql`select h.id, h.name, v.name as village_name, b.name || h.unit_name || h.name as place,
        (select count(*) from gate_persons p where p.house_id = h.id and p.tenant_id = h.tenant_id) || '位住户' as detail
      from houses h join buildings b on b.id = h.building_id and b.tenant_id = h.tenant_id join villages v on v.id = h.village_id and v.tenant_id = h.tenant_id
      where ${companyVillages('h', s)} and (b.name || h.unit_name || h.name) ilike ${like}
      order by v.id, b.sort, b.id, h.unit_name, h.floor, h.name, h.id limit ${SEARCH_LIMIT}`,
    owner: sql`select p.id, p.name, v.name as village_name, b.name || h.unit_name || h.name as place,
        p.tel as detail
      from gate_persons p join villages v on v.id = p.village_id and v.tenant_id = p.tenant_id
        join houses h on h.id = p.house_id and h.tenant_id = p.tenant_id join buildings b on b.id = h.building_id and b.tenant_id = h.tenant_id
      where ${companyVillages('p', s)} and p.personnel_type = 1 and p.name ilike ${like}
      order by p.name, p.id limit ${SEARCH_LIMIT}`,
    device: sql`select * from (
        select d.id, d.name, v.name as village_name, coalesce(b.name, '') || d.unit_name as place,
          '门禁 · ' || (case when d.last_heartbeat >= now() - make_interval(mins => ${OFFLINE_AFTER_MINUTES}::int)
            then '在线' else '离线' end) as detail, 1 as k
        from access_devices d join villages v on v.id = d.village_id and v.tenant_id = d.tenant_id left join buildings b on b.id = d.building_id and b.tenant_id = d.tenant_id
        where ${companyVillages('d', s)} and d.status = 1 and d.name ilike ${like}
        union all
        select g.id, g.name, v.name, '', '车辆卡口 · ' || (case when g.status = 1 then '启用' else '停用' end), 2
        from parking_gates g join villages v on v.id = g.village_id and v.tenant_id = g.tenant_id
        where ${companyVillages('g', s)} and g.name ilike ${like}
        union all
        select c.id, c.name, v.name, c.location, '摄像机 · ' || (case when c.state = 1 then '启用' else '停用' end), 3
        from video_cameras c join villages v on v.id = c.village_id and v.tenant_id = c.tenant_id
        where ${companyVillages('c', s)} and c.name ilike ${like}
      ) x order by x.k, x.name, x.id limit ${SEARCH_LIMIT}`,
  };
  const rows = await rowsOf<HitRow>(db, queries[type]);
  return rows.map((r) => ({
    type,
    id: Number(r.id),
    name: r.name,
    village_name: r.village_name,
    place: r.place ?? '',
    detail: type === 'owner' ? maskPhone(r.detail ?? '') : (r.detail ?? ''),
  }));
};
