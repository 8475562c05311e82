import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../core/db/client.ts';
import { expectedPeopleOf } from '../modules/access/rights/expected.ts';
import { accessDeviceFaces, accessDevices } from '../modules/access/schema.ts';
import { accessFaceConsents } from '../modules/access/schema-faces.ts';
import { gatePersons } from '../modules/estate/schema.ts';
import { visitorDoorSource } from '../modules/visitor/doors.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** a consented face as an inline picture (the demo keeps no files) */
const FACE =
  '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="150" viewBox="0 0 120 150">' +
  '<rect width="120" height="150" fill="#eef2f6"/><circle cx="60" cy="62" r="32" fill="#d4a883"/>' +
  '<path d="M10 150c4-36 24-52 50-52s46 16 50 52z" fill="#5b7fb0"/></svg>';
const face = `data:image/svg+xml;base64,${Buffer.from(FACE).toString('base64')}`;

const rows = async <T>(tx: Tx, q: SQL) => ((await tx.execute(q)) as unknown as { rows: T[] }).rows;

/**
 * Company A's faces and door lists, so the reconciliation console has something to say on first start: the first
 * twelve approved residents living in of each village consented (recorded by the company's first user); every door
 * holds exactly its expected list, except 阳光花园's 东门入口人脸机, which still holds an owner who moved out (a
 * rented-out owner, 未入住) and lacks the one resident who consented last.
 */
export const seedAccessFaces = async (tx: Tx, tenantA: number, villagesA: readonly number[]) => {
  const [staff] = await rows<{ id: number; name: string }>(
    tx,
    sql`select id, name from users where tenant_id = ${tenantA} order by id limit 1`,
  );
  if (!staff) return;
  await tx.execute(sql`
    insert into ${accessFaceConsents} (tenant_id, village_id, person_kind, person_id, face_img, purpose, consented_by,
      consented_at, recorded_by, recorded_by_name)
    select p.tenant_id, p.village_id, 1, p.id, ${face}, '小区门禁人脸识别通行', p.name, now() - interval '20 days',
      ${staff.id}, ${staff.name}
    from (
      select p.*, row_number() over (partition by p.village_id order by p.id) rn from ${gatePersons} p
      where p.tenant_id = ${tenantA} and p.status = 1 and p.is_livein = 1
        and p.village_id = any(${`{${villagesA.join(',')}}`}::int[])
    ) p where p.rn <= 12`);
  const devices = await rows<{ id: number; village_id: number; device_type: number; name: string }>(
    tx,
    sql`select id, village_id, device_type, name from ${accessDevices} where tenant_id = ${tenantA} order by id`,
  );
  const expected = await expectedPeopleOf(
    tx,
    tenantA,
    devices.map((d) => d.id),
  );
  const reported = expected.map((e) => ({ device: e.device_id, face: e.face_id }));
  const target = devices.find((d) => d.village_id === villagesA[0] && d.device_type === 2);
  if (target) {
    // the resident who consented last is not on it yet
    const mine = expected.filter((e) => e.device_id === target.id && e.kind === 'resident');
    const newest = mine.sort((a, b) => b.person_id - a.person_id)[0];
    const kept = reported.filter((r) => !(r.device === target.id && newest && r.face === newest.face_id));
    // an owner who no longer lives there is still on it
    const [gone] = await rows<{ id: number }>(
      tx,
      sql`select id from ${gatePersons} where tenant_id = ${tenantA} and village_id = ${target.village_id}
        and status = 1 and is_livein = 2 order by id limit 1`,
    );
    if (gone) kept.push({ device: target.id, face: `F${gone.id}` });
    reported.splice(0, reported.length, ...kept);
  }
  if (!reported.length) return;
  await tx
    .insert(accessDeviceFaces)
    .values(reported.map((r) => ({ tenantId: tenantA, deviceId: r.device, faceId: r.face, reportedAt: new Date() })));
  await tx.execute(sql`update ${accessDevices} set faces_reported_at = now() - interval '5 minutes'
    where tenant_id = ${tenantA}`);
};

/**
 * The visitors whose pass window holds now are on their doors too (the doors were told when they were approved):
 * written after the visitors, so the first start's only door out of step stays the one above.
 */
export const seedHeldVisitors = async (tx: Tx, tenantA: number) => {
  const devices = await rows<{ id: number }>(tx, sql`select id from ${accessDevices} where tenant_id = ${tenantA}`);
  const held = (
    await expectedPeopleOf(
      tx,
      tenantA,
      devices.map((d) => d.id),
      [visitorDoorSource],
    )
  ).filter((e) => e.kind === 'visitor');
  if (!held.length) return;
  await tx
    .insert(accessDeviceFaces)
    .values(held.map((e) => ({ tenantId: tenantA, deviceId: e.device_id, faceId: e.face_id, reportedAt: new Date() })));
};
