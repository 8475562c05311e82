import { sql } from 'drizzle-orm';
import type { ResidentHome, ResidentModuleKey } from '@5a/contracts/endpoints/resident';
import type { Db } from '../../../core/db/client.ts';
import { buildings, gatePersons, houses } from '../../estate/index.ts';
import { villages } from '../../tenancy/index.ts';
import { villageH5Modules } from '../../community/index.ts';
import type { ResidentSession } from '../login/sessions.ts';

/** the village's module ids (H5功能设置) as the phone page names them */
const MODULE_KEYS: Record<number, ResidentModuleKey> = {
  1: 'questionnaire',
  2: 'vote',
  3: 'neighbour',
  4: 'bill',
  5: 'repair',
};

/**
 * Where the session's resident lives: his approved registrations (person rows) of the session's company with his
 * phone — or, for a one-time link, the one person it was sent to — each with the modules its village switched on.
 */
export const homesOf = async (db: Db, s: ResidentSession): Promise<ResidentHome[]> => {
  const res = await db.execute(sql`select p.id as person_id, p.name, p.village_id, v.name as village_name,
      p.house_id, concat_ws('', b.name, h.unit_name, h.name) as address,
      to_char(coalesce(h.area, 0), 'FM999999990.00') as area, p.personnel_type
    from ${gatePersons} p
    join ${villages} v on v.id = p.village_id and v.tenant_id = p.tenant_id
    join ${houses} h on h.id = p.house_id
    join ${buildings} b on b.id = h.building_id
    where p.tenant_id = ${s.tenantId} and p.status = 1
      and ${s.personId === null ? sql`p.tel = ${s.phone}` : sql`p.id = ${s.personId}`}
    order by p.village_id, p.id`);
  const rows = (res as unknown as { rows: Omit<ResidentHome, 'modules'>[] }).rows;
  const modulesByVillage = new Map<number, ResidentModuleKey[]>();
  for (const villageId of new Set(rows.map((r) => Number(r.village_id))))
    modulesByVillage.set(
      villageId,
      (await villageH5Modules(db, { tenantId: s.tenantId, villageId })).map((id) => MODULE_KEYS[id]!),
    );
  return rows.map((r) => ({
    ...r,
    person_id: Number(r.person_id),
    village_id: Number(r.village_id),
    house_id: Number(r.house_id),
    personnel_type: Number(r.personnel_type),
    modules: modulesByVillage.get(Number(r.village_id)) ?? [],
  }));
};
