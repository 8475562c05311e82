import type { EpidemicSearch, EpidemicSearchHit } from '@5a/contracts/endpoints/epidemic';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../core/db/client.ts';
import { accessDevices } from '../../access/index.ts';
import { buildings, gatePersons, houses } from '../../estate/index.ts';
import { villages } from '../../tenancy/index.ts';
import { PREVENTION_TAG } from './counters.ts';
import { inScope, rowsOf, type EpidemicScope } from './scope.ts';

/** hits shown at most per kind */
export const SEARCH_LIMIT = 20;

type HitRow = Omit<EpidemicSearchHit, 'id' | 'village_id'> & { id: number; village_id: number; kind: string };

/**
 * Villages, doors (by name or device number) and prevention-tagged residents of the villages shown whose name
 * contains the text; one statement, each kind ordered by name and cut at SEARCH_LIMIT.
 */
export const epidemicSearch = async (db: Db, s: EpidemicScope, name: string): Promise<EpidemicSearch> => {
  const like = `%${name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await rowsOf<HitRow>(
    db,
    sql`(select 'village' as kind, v.id, v.name, v.id as village_id, v.name as village_name, v.address as detail
        from ${villages} v
        where v.tenant_id = ${s.tenantId} and ${inScope(sql`v.id`, s)} and v.name ilike ${like}
        order by v.name, v.id limit ${SEARCH_LIMIT})
      union all
      (select 'device', d.id, d.name, d.village_id, v.name, d.gateno
        from ${accessDevices} d join ${villages} v on v.id = d.village_id
        where d.tenant_id = ${s.tenantId} and d.status = 1 and ${inScope(sql`d.village_id`, s)}
          and (d.name ilike ${like} or d.gateno ilike ${like})
        order by d.name, d.id limit ${SEARCH_LIMIT})
      union all
      (select 'person', p.id, p.name, p.village_id, v.name,
          concat_ws(' ', b.name, nullif(h.unit_name, '') || h.name)
        from ${gatePersons} p join ${villages} v on v.id = p.village_id
        left join ${buildings} b on b.id = p.building_id left join ${houses} h on h.id = p.house_id
        where p.tenant_id = ${s.tenantId} and ${inScope(sql`p.village_id`, s)}
          and ${PREVENTION_TAG} = any(string_to_array(p.tags, ',')) and p.name ilike ${like}
        order by p.name, p.id limit ${SEARCH_LIMIT})`,
  );
  const of = (kind: string): EpidemicSearchHit[] =>
    rows
      .filter((r) => r.kind === kind)
      .map((r) => ({
        id: Number(r.id),
        name: r.name,
        village_id: Number(r.village_id),
        village_name: r.village_name,
        detail: r.detail ?? '',
      }));
  return { villagelist: of('village'), devicelist: of('device'), personlist: of('person') };
};
