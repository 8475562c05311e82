import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../core/db/client.ts';
import { appSlot, type AppRegistry } from '../../../core/engine/registry.ts';
import { intArray } from '../../../core/db/sql.ts';
import { gatePersons, houses, workers } from '../../estate/index.ts';
import { roles } from '../../rbac/index.ts';
import { accessDevices } from '../schema.ts';
import { accessFaceConsents, accessPersonPasses } from '../schema-faces.ts';

/** 1 住户, 2 员工 (person_kind of consents and passes); a later source (visitors) brings its own kind text */
export const KIND_RESIDENT = 1;
export const KIND_WORKER = 2;

/**
 * The id a person has on a door device: the same key on a face terminal (its face id) and a controller (its person
 * number). 'F' + resident id is what the devices already report; 'W' + worker id for staff.
 */
export const residentKey = (id: number) => `F${id}`;
export const workerKey = (id: number) => `W${id}`;

/** one person a device should let through */
export type ExpectedPerson = {
  device_id: number;
  face_id: string;
  kind: string;
  person_id: number;
  name: string;
  card: string;
  has_face: boolean;
  /** the consented picture (a visitor's: the one he registered with); '' without one */
  face_img: string;
};

/**
 * More people a door lets through, as one SQL part over the devices being computed (alias `d`: id, tenant_id,
 * village_id, building_id, unit_name). It selects the columns of ExpectedPerson in that order (device_id, face_id,
 * kind, person_id, name, card, has_face, face_img), e.g. approved
 * visitors whose pass window holds now; the rules for face terminals (a consented face) apply to it as to everyone.
 */
export type ExpectedSource = SQL;

const sourcesSlot = appSlot('access.expectedSources', () => ({ list: [] as ExpectedSource[] }));

/** adds people another module entitles (the visitors of a pass window) to every door's expected list */
export const addExpectedSource = (registry: AppRegistry, source: ExpectedSource) => {
  registry.slot(sourcesSlot).list.push(source);
};

/**
 * A condition over a resident (alias `p`: a gate_persons row) that takes him off every door's expected face and card
 * list while it holds, e.g. a later module's home isolation. Being a condition of the one statement, the
 * reconciliation shows him as to remove the moment it holds and as missing again once it stops.
 */
export type ExpectedExclusion = SQL;

const exclusionsSlot = appSlot('access.expectedExclusions', () => ({ list: [] as ExpectedExclusion[] }));

/** takes residents another module bars (a home isolation) off the doors' expected lists */
export const addExpectedExclusion = (registry: AppRegistry, exclusion: ExpectedExclusion) => {
  registry.slot(exclusionsSlot).list.push(exclusion);
};

/**
 * Who may open the doors of these devices, as one statement for all of them:
 * - residents of the device's village, within its building and unit when it has them, whose review passed
 *   (status 1), who live in (is_livein 1; 2 = moved out), who are not barred (禁止通行) and whom no registered
 *   exclusion takes off (a home isolation);
 * - the village's staff whose worker row and role are both active (a worker without a role opens nothing);
 * - whatever the app's extra sources add.
 * A face terminal (device_type 2) expects only those with a live consented face; a controller (card/QR) everyone.
 */
export const expectedSql = (
  tenantId: number,
  deviceIds: readonly number[],
  extra: readonly ExpectedSource[] = [],
  exclusions: readonly ExpectedExclusion[] = [],
): SQL => {
  const excluded = exclusions.map((x) => sql` and not (${x})`);
  const union = extra.map((s) => sql` union all ${s}`);
  // has_face is a correlated lookup: as a join, a planner without statistics (PGlite never analyses) scanned every
  // consent per person
  const face = (kind: number, id: SQL, tenant: SQL) => sql`exists (select 1 from ${accessFaceConsents} c
    where c.person_id = ${id} and c.person_kind = ${kind} and c.tenant_id = ${tenant} and c.withdrawn_at is null
      and c.face_img <> '')`;
  const faceImg = (kind: number, id: SQL, tenant: SQL) => sql`coalesce((select c.face_img from ${accessFaceConsents} c
    where c.person_id = ${id} and c.person_kind = ${kind} and c.tenant_id = ${tenant} and c.withdrawn_at is null
    order by c.id desc limit 1), '')`;
  const barred = (kind: number, id: SQL, tenant: SQL) => sql`exists (select 1 from ${accessPersonPasses} b
    where b.person_id = ${id} and b.person_kind = ${kind} and b.tenant_id = ${tenant} and b.barred_at is not null)`;
  return sql`
    with d as (
      select id, tenant_id, village_id, building_id, unit_name, device_type from ${accessDevices}
      where tenant_id = ${tenantId} and id = any(${intArray(deviceIds)})
    ),
    people as (
      select d.id as device_id, 'F' || p.id as face_id, 'resident' as kind, p.id as person_id, p.name::text as name,
        p.gate_card_id::text as card, ${face(KIND_RESIDENT, sql`p.id`, sql`p.tenant_id`)} as has_face,
        ${faceImg(KIND_RESIDENT, sql`p.id`, sql`p.tenant_id`)} as face_img
      from d
      join ${gatePersons} p on p.tenant_id = d.tenant_id and p.village_id = d.village_id
        and (d.building_id is null or p.building_id = d.building_id)
      join ${houses} h on h.id = p.house_id and (d.unit_name = '' or h.unit_name = d.unit_name)
      where p.status = 1 and p.is_livein = 1 and not ${barred(KIND_RESIDENT, sql`p.id`, sql`p.tenant_id`)}
        ${sql.join(excluded, sql``)}
      union all
      select d.id, 'W' || w.id, 'worker', w.id, w.name::text,
        coalesce((select b.card_no from ${accessPersonPasses} b where b.person_id = w.id
          and b.person_kind = ${KIND_WORKER} and b.tenant_id = w.tenant_id), '')::text,
        ${face(KIND_WORKER, sql`w.id`, sql`w.tenant_id`)}, ${faceImg(KIND_WORKER, sql`w.id`, sql`w.tenant_id`)}
      from d
      join ${workers} w on w.tenant_id = d.tenant_id and w.village_id = d.village_id and w.status = 1
      join ${roles} r on r.id = w.tenant_role_id and r.status = 1
      where not ${barred(KIND_WORKER, sql`w.id`, sql`w.tenant_id`)}
      ${sql.join(union, sql``)}
    )
    select people.device_id, people.face_id, people.kind, people.person_id, people.name, people.card, people.has_face,
      people.face_img
    from people join d on d.id = people.device_id
    where d.device_type <> 2 or people.has_face`;
};

export const expectedPeopleOf = async (
  q: Pick<Db, 'execute'>,
  tenantId: number,
  deviceIds: readonly number[],
  extra: readonly ExpectedSource[] = [],
  exclusions: readonly ExpectedExclusion[] = [],
): Promise<ExpectedPerson[]> => {
  if (!deviceIds.length) return [];
  const res = await q.execute(sql`${expectedSql(tenantId, deviceIds, extra, exclusions)} order by 1, 2`);
  return (res as unknown as { rows: ExpectedPerson[] }).rows;
};

/** the expected people with the app's extra sources (the console's and the push's view) */
export const expectedPeople = (db: Db, registry: AppRegistry, tenantId: number, deviceIds: readonly number[]) =>
  expectedPeopleOf(db, tenantId, deviceIds, registry.slot(sourcesSlot).list, registry.slot(exclusionsSlot).list);

/** the expected statement with the app's extra sources, for a statement built on it (the reconciliation) */
export const expectedSqlOf = (registry: AppRegistry, tenantId: number, deviceIds: readonly number[]) =>
  expectedSql(tenantId, deviceIds, registry.slot(sourcesSlot).list, registry.slot(exclusionsSlot).list);
