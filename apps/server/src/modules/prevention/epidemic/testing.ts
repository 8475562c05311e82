import { sql } from 'drizzle-orm';
import type { TestApp } from '../../../test/harness.ts';

export type EpidemicFixture = {
  tenantId: number;
  v1: number;
  v2: number;
  device: number;
  persons: Record<'p1' | 'p2' | 'p3' | 'p4' | 'p5' | 'p6' | 'p7' | 'p8', number>;
};

const one = async (t: TestApp, q: ReturnType<typeof sql>) => Number((await t.one<{ id: number }>(q)).id);

/**
 * Two villages of the demo company A with tagged residents, their controls and history, workers, a door, today's
 * passages and an alert, laid out so every figure of the epidemic screen has one known value (the test says which).
 */
export const seedEpidemicFixture = async (t: TestApp, prefix = '防疫测试'): Promise<EpidemicFixture> => {
  const tenantId = await one(t, sql`select tenant_id as id from users where user_name = 'property'`);
  const village = (name: string) =>
    one(
      t,
      sql`insert into villages (tenant_id, name, lonlat) values (${tenantId}, ${name}, '120.2,30.2') returning id`,
    );
  const v1 = await village(`${prefix}一村`);
  const v2 = await village(`${prefix}二村`);
  const building = (v: number) =>
    one(
      t,
      sql`insert into buildings (tenant_id, village_id, name, lonlat) values (${tenantId}, ${v}, '1栋', '120.21,30.21')
        returning id`,
    );
  const b1 = await building(v1);
  const b2 = await building(v2);
  const house = (v: number, b: number) =>
    one(
      t,
      sql`insert into houses (tenant_id, village_id, building_id, unit_name, name) values (${tenantId}, ${v}, ${b}, '1单元', '101')
        returning id`,
    );
  const h1 = await house(v1, b1);
  const h2 = await house(v2, b2);
  const person = (v: number, b: number, h: number, name: string, tags: string) =>
    one(
      t,
      sql`insert into gate_persons (tenant_id, village_id, building_id, house_id, name, tags, status)
        values (${tenantId}, ${v}, ${b}, ${h}, ${name}, ${tags}, 1) returning id`,
    );
  const persons = {
    p1: await person(v1, b1, h1, `${prefix}甲`, '1'),
    p2: await person(v1, b1, h1, `${prefix}乙`, '1,2'),
    p3: await person(v1, b1, h1, `${prefix}丙`, '1'),
    p4: await person(v1, b1, h1, `${prefix}丁`, '2,1'),
    p5: await person(v1, b1, h1, `${prefix}戊`, '1'),
    p6: await person(v1, b1, h1, `${prefix}己`, '2'),
    p7: await person(v1, b1, h1, `${prefix}庚`, '11'),
    p8: await person(v2, b2, h2, `${prefix}辛`, '1'),
  };
  const { p1, p2, p3, p4, p5, p6, p8 } = persons;
  const today = sql`(now() at time zone 'Asia/Shanghai')::date`;
  // p1 red and isolated, ending in two days; p2 yellow and isolated for ten; p3 released; p4 yellow and barred;
  // p5 tagged but untreated; p8 (village two) yellow and isolated
  await t.db.execute(sql`insert into prevention_controls
    (person_id, tenant_id, village_id, health_code, pass_status, start_time, end_time, released_at) values
    (${p1}, ${tenantId}, ${v1}, 3, 2, ${today} - 2, ${today} + 2, null),
    (${p2}, ${tenantId}, ${v1}, 2, 2, ${today}, ${today} + 10, null),
    (${p3}, ${tenantId}, ${v1}, 1, 1, null, null, now() - interval '1 day'),
    (${p4}, ${tenantId}, ${v1}, 2, 3, null, null, null),
    (${p8}, ${tenantId}, ${v2}, 2, 2, ${today}, ${today} + 1, null)`);
  // history: p1 yellow then red; p3 isolated then released; p2 isolated, then its end moved (no new isolation);
  // p4 red and isolated 40 days ago, barred 35 days ago (in the year, not in the last thirty days)
  await t.db.execute(sql`insert into prevention_control_history
    (tenant_id, village_id, person_id, health_code, pass_status, source, created_at) values
    (${tenantId}, ${v1}, ${p1}, 2, 2, 'staff', now() - interval '3 days'),
    (${tenantId}, ${v1}, ${p1}, 3, 2, 'staff', now() - interval '2 days'),
    (${tenantId}, ${v1}, ${p3}, 2, 2, 'staff', now() - interval '5 days'),
    (${tenantId}, ${v1}, ${p3}, 1, 1, 'job', now() - interval '1 day'),
    (${tenantId}, ${v1}, ${p2}, 2, 2, 'staff', now() - interval '1 day'),
    (${tenantId}, ${v1}, ${p2}, 2, 2, 'staff', now()),
    (${tenantId}, ${v1}, ${p4}, 3, 2, 'staff', now() - interval '40 days'),
    (${tenantId}, ${v1}, ${p4}, 2, 3, 'staff', now() - interval '35 days'),
    (${tenantId}, ${v2}, ${p8}, 2, 2, 'staff', now())`);
  // two active workers and one left
  await t.db.execute(sql`insert into workers (tenant_id, village_id, name, status) values
    (${tenantId}, ${v1}, '值守一', 1), (${tenantId}, ${v1}, '值守二', 1), (${tenantId}, ${v1}, '已离职', 2)`);
  const device = await one(
    t,
    sql`insert into access_devices (tenant_id, village_id, building_id, name, gateno, secret, direction, worker,
        workerphone, last_heartbeat)
      values (${tenantId}, ${v1}, ${b1}, ${`${prefix}东门`}, ${`EPI-${v1}`}, '', 1, '周维', '13900001111', now())
      returning id`,
  );
  // today: p1 (red), p6 and p5 (healthy), a stranger whose passage raised an alert; yesterday p6 again
  const passage = (p: number | null, at: ReturnType<typeof sql>, name: string) =>
    one(
      t,
      sql`insert into access_records (tenant_id, village_id, device_id, person_id, person_name, created_at)
        values (${tenantId}, ${v1}, ${device}, ${p}, ${name}, ${at}) returning id`,
    );
  const startToday = sql`(date_trunc('day', now() at time zone 'Asia/Shanghai') at time zone 'Asia/Shanghai')`;
  await passage(p1, sql`now()`, `${prefix}甲`);
  await passage(p6, sql`now()`, `${prefix}己`);
  await passage(p5, sql`now()`, `${prefix}戊`);
  const stranger = await passage(null, sql`now()`, '');
  const yesterday = await passage(p6, sql`${startToday} - interval '1 hour'`, `${prefix}己`);
  // the stranger's alert reaches everyone; yesterday's was narrowed to another user (still an abnormal passage);
  // each raised as its passage was recorded
  await t.db
    .execute(sql`insert into abnormal_alerts (tenant_id, village_id, type, title, source, source_id, user_ids, created_at)
    values (${tenantId}, ${v1}, 1, ${`${prefix}东门：陌生人`}, 'access_record', ${String(stranger)}, null, now()),
      (${tenantId}, ${v1}, 1, ${`${prefix}东门：禁止通行人员`}, 'access_record', ${String(yesterday)}, '{-1}',
        ${startToday} - interval '1 hour')`);
  return { tenantId, v1, v2, device, persons };
};
