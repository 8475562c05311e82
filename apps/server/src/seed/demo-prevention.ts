import { sql } from 'drizzle-orm';
import type { Db } from '../core/db/client.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type PreventionSeedIds = { tenant: number; village: number };

/**
 * [health code, pass status, start offset days, end offset days, released days ago] per resident, in the order the
 * demo picks them: green; yellow and red isolations ending within three days; a red code banned from the doors;
 * an isolation that ended (released by the job five days ago).
 */
const CONTROLS: [number, number, number | null, number | null, number | null][] = [
  [1, 1, null, null, null],
  [2, 2, -5, 2, null],
  [3, 2, -10, 1, null],
  [3, 3, -3, 10, null],
  [2, 1, -20, -6, 5],
];

/**
 * A company's prevention and care data: five residents of a village carrying the prevention tag with each health code
 * (isolations ending soon, a ban, one released), their history as staff and the job wrote it, the doors' alerts of two
 * of them; an elderly resident living alone (tag 2) with the care rule on, unseen at the doors for five days, and his
 * care alert; the retention setting. The residents picked are the village's last approved ones living in, so the
 * demo's first residents (faces, posts, votes) stay as they were; the doors were told, so they hold no isolated face.
 */
export const seedPrevention = async (tx: Tx, { tenant, village }: PreventionSeedIds) => {
  const seeds = CONTROLS.map(
    ([code, pass, from, to, released], i) => sql`(${i + 1}, ${code}, ${pass}, ${from}, ${to}, ${released})`,
  );
  await tx.execute(sql`
    with s (n, code, pass, from_d, to_d, released) as (values ${sql.join(seeds, sql`, `)}),
    picked as (
      select p.id, row_number() over (order by p.id desc) as n from gate_persons p
      where p.tenant_id = ${tenant} and p.village_id = ${village} and p.status = 1 and p.is_livein = 1
      order by p.id desc limit ${CONTROLS.length}
    ),
    today as (select (now() at time zone 'Asia/Shanghai')::date as d),
    tagged as (
      update gate_persons g set tags = '1' from picked where g.id = picked.id returning g.id
    ),
    rows as (
      select pk.id as person_id, s.code::smallint as code, s.pass::smallint as pass,
        case when s.from_d is null then null else (select d from today) + s.from_d::int end as start_time,
        case when s.to_d is null then null else (select d from today) + s.to_d::int end as end_time,
        case when s.released is null then null else now() - make_interval(days => s.released::int) end as released_at
      from s join picked pk on pk.n = s.n::int
    ),
    controls as (
      insert into prevention_controls (person_id, tenant_id, village_id, health_code, pass_status, start_time, end_time,
        released_at)
      select person_id, ${tenant}, ${village}, code, pass, start_time, end_time, released_at from rows
    ),
    staff as (
      insert into prevention_control_history (tenant_id, village_id, person_id, health_code, pass_status, start_time,
        end_time, source, user_id, created_at)
      select ${tenant}, ${village}, person_id, code, case when released_at is null then pass else 2 end, start_time,
        end_time, 'staff', (select id from users where tenant_id = ${tenant} order by id limit 1),
        coalesce(start_time::timestamp at time zone 'Asia/Shanghai', now())
      from rows
    )
    insert into prevention_control_history (tenant_id, village_id, person_id, health_code, pass_status, start_time,
      end_time, source, created_at)
    select ${tenant}, ${village}, person_id, code, 1, start_time, end_time, 'job', released_at
    from rows where released_at is not null`);
  // the doors took the isolated and banned off their lists when staff set them
  await tx.execute(sql`delete from access_device_faces f using prevention_controls c
    where c.tenant_id = ${tenant} and c.pass_status > 1 and f.tenant_id = c.tenant_id and f.face_id = 'F' || c.person_id`);
  // the isolated one who tried a door, and the banned one: the doors' alerts
  await tx.execute(sql`
    insert into abnormal_alerts (tenant_id, village_id, type, title, original_content, source, source_id, created_at)
    select ${tenant}, ${village}, 1,
      '小区大门：' || case c.pass_status when 2 then '居家隔离人员通行' else '禁止通行人员通行' end,
      json_build_object('face_url', '', 'face_time', to_char((now() - interval '2 hours') at time zone 'Asia/Shanghai',
        'YYYY-MM-DD HH24:MI:SS'), 'similarity', 97, 'face_pic_url', '', 'face_info_name', p.name)::text,
      'prevention_demo', 'door:' || c.person_id, now() - interval '2 hours'
    from prevention_controls c join gate_persons p on p.id = c.person_id
    where c.tenant_id = ${tenant} and c.pass_status > 1`);
  // an elderly resident living alone, not seen at the doors since he was registered five days ago
  await tx.execute(sql`
    with elder as (
      select p.id from gate_persons p
      where p.tenant_id = ${tenant} and p.village_id = ${village} and p.status = 1 and p.is_livein = 1 and p.tags = ''
        and not exists (select 1 from access_records a where a.person_id = p.id)
      order by p.id desc limit 1
    ), tagged as (
      update gate_persons g set tags = '2', created_at = date_trunc('second', now()) - interval '5 days'
      from elder where g.id = elder.id
      returning g.id, g.name, g.created_at
    )
    insert into abnormal_alerts (tenant_id, village_id, type, title, original_content, source, source_id, created_at)
    select ${tenant}, ${village}, 5, '关爱提醒：独居老人' || t.name || '超过48小时未通行',
      '独居老人' || t.name || '已超过48小时未在小区门禁出现，暂无通行记录，请尽快上门或电话确认其安全',
      'care', t.id || ':' || floor(extract(epoch from t.created_at) * 1000)::bigint, now() - interval '3 days'
    from tagged t`);
  await tx.execute(sql`insert into care_rules (tenant_id, tag_value, enabled, hours)
    values (${tenant}, '2', true, 48), (${tenant}, '3', false, 48)`);
  await tx.execute(sql`insert into prevention_settings (tenant_id, retention_days) values (${tenant}, 30)`);
};
