import { sql } from 'drizzle-orm';
import type { Db } from '../core/db/client.ts';
import { accessDevices } from '../modules/access/schema.ts';
import { accessRecords, buildings, gatePersons } from '../modules/estate/schema.ts';
import { abnormalAlerts } from '../modules/notice/schema.ts';
import { seedAccessFaces } from './demo-access-faces.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A face terminal's capture of a demo passage: a head and shoulders as an SVG data address (no file storage). */
const CAPTURE =
  '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="150" viewBox="0 0 120 150">' +
  '<rect width="120" height="150" fill="#dfe6ee"/><circle cx="60" cy="58" r="28" fill="#c99e7d"/>' +
  '<path d="M14 150c4-34 22-50 46-50s42 16 46 50z" fill="#4a6fa5"/>' +
  '<rect x="4" y="4" width="112" height="142" fill="none" stroke="#52c41a" stroke-width="3"/></svg>';
const capture = `data:image/svg+xml;base64,${Buffer.from(CAPTURE).toString('base64')}`;

/**
 * Company A's doors: at each village's east gate a face terminal in and one out, and a door controller at the first
 * building's first unit. They have no signing secret (the seed cannot encrypt one under the installation's key):
 * a real device gets one by 重置密钥. All but 翠湖名苑's unit controller called a minute ago (在线 until the window
 * passes with no real device calling); that one has been silent for hours (离线).
 */
const seedDevices = async (tx: Tx, tenantA: number, villagesA: readonly number[]) => {
  await tx.execute(sql`
    with v as (
      select v.id as village_id, v.ord,
        (select b.id from ${buildings} b where b.village_id = v.id order by b.sort, b.id limit 1) as building_id,
        (select b.name from ${buildings} b where b.village_id = v.id order by b.sort, b.id limit 1) as building_name
      from unnest(${`{${villagesA.join(',')}}`}::int[]) with ordinality as v(id, ord)
    ),
    d as (
      select v.*, k.* from v cross join (values
        (1, 2, '东门入口人脸机', 1, 'DS-K1T671M'),
        (2, 2, '东门出口人脸机', 2, 'DS-K1T671M'),
        (3, 1, '门禁', 1, 'DS-K2604T')
      ) as k(n, device_type, name, direction, model)
    )
    insert into ${accessDevices} (tenant_id, village_id, building_id, unit_name, name, device_type, gateno, model,
      serial_no, direction, path, worker, workerphone, secret, last_heartbeat)
    select ${tenantA}, d.village_id, case when d.n = 3 then d.building_id end, case when d.n = 3 then '1单元' else '' end,
      case when d.n = 3 then coalesce(d.building_name, '') || '1单元' || d.name else d.name end,
      d.device_type, 'MJ' || lpad(d.village_id::text, 3, '0') || '-' || d.n, d.model,
      'SN' || to_char(now(), 'YYYYMM') || lpad((d.ord * 10 + d.n)::text, 6, '0'), d.direction,
      case when d.n = 3 then '单元门口' else '小区东门' end, '赵强', '13800138021', '',
      case when d.ord = 2 and d.n = 3 then now() - interval '3 hours' else now() - interval '1 minute' end
    from d`);
};

/**
 * A week of passages through those doors: each of a village's first residents goes out in the morning and comes back
 * in the evening (a day in five away), by face with a capture and a match, or by card at the unit door; a few
 * strangers come through the east gate by QR code. Only times at least ten minutes past. One statement.
 */
const seedPassages = async (tx: Tx, tenantA: number) => {
  await tx.execute(sql`
    with dev as (
      select d.id, d.village_id, d.name, d.direction, d.device_type, d.building_id,
        date_trunc('day', now() at time zone 'Asia/Shanghai') as today
      from ${accessDevices} d where d.tenant_id = ${tenantA}
    ),
    people as (
      select p.id, p.name, p.sex, p.village_id, p.gate_card_id,
        row_number() over (partition by p.village_id order by p.id) as rn
      from ${gatePersons} p where p.tenant_id = ${tenantA}
    ),
    walks as (
      -- out in the morning by the exit terminal, in at night by the entry terminal or the unit controller
      select d.id as device_id, d.village_id, p.id as person_id, p.name, p.sex, p.gate_card_id, d.device_type,
        d.direction as jctype, k,
        d.today - k * interval '1 day'
          + case when d.direction = 2 then interval '7 hours' else interval '18 hours' end
          + (abs(hashtext(p.id || '-' || k || '-' || d.id)) % 150) * interval '1 minute' as at
      from dev d join people p on p.village_id = d.village_id and p.rn <= 12
      cross join generate_series(0, 6) k
      where abs(hashtext(p.id || '-' || k)) % 5 <> 0
        and (d.device_type = 2 or p.rn % 3 = 0)
        and not (d.device_type = 1 and d.direction = 2)
    ),
    strangers as (
      select d.id as device_id, d.village_id, null::int as person_id, ''::text as name, 1 as sex, '' as gate_card_id,
        3 as device_type, d.direction as jctype, k,
        d.today - k * interval '1 day' + interval '10 hours' + (k * 37 % 300) * interval '1 minute' as at
      from dev d cross join generate_series(0, 6) k
      where d.device_type = 2
    )
    insert into ${accessRecords} (tenant_id, village_id, device_id, event_id, person_id, person_name, sex, img, jctype,
      open_type, credential, door, similarity, created_at)
    select ${tenantA}, w.village_id, w.device_id, 'demo-' || w.device_id || '-' || coalesce(w.person_id, 0) || '-' || w.k,
      w.person_id, w.name, w.sex,
      case when w.device_type = 2 and w.person_id is not null then ${capture} else '' end,
      w.jctype,
      case when w.person_id is null then 3 when w.device_type = 2 then 1 else 2 end,
      case when w.person_id is null then 'VISITOR-' || w.k
        when w.device_type = 2 then 'F' || w.person_id else coalesce(nullif(w.gate_card_id, ''), 'C' || w.person_id) end,
      1,
      case when w.device_type = 2 and w.person_id is not null then 86 + abs(hashtext(w.person_id || 's' || w.k)) % 13 end,
      (w.at at time zone 'Asia/Shanghai')
    from (select * from walks union all select * from strangers) w
    where (w.at at time zone 'Asia/Shanghai') <= now() - interval '10 minutes'`);
};

/**
 * A stranger at each village's entry terminal every evening of the week, his face matching nobody above the default
 * threshold (80 %), and the face-comparison alerts the last two days' of them raised, as the device API raises them.
 */
const seedStrangers = async (tx: Tx, tenantA: number) => {
  await tx.execute(sql`
    insert into ${accessRecords} (tenant_id, village_id, device_id, event_id, person_id, person_name, sex, img, jctype,
      open_type, credential, door, similarity, created_at)
    select d.tenant_id, d.village_id, d.id, 'demo-stranger-' || d.id || '-' || k, null, '', 1, ${capture}, 1, 1, '', 1,
      38 + k * 3.5,
      (date_trunc('day', now() at time zone 'Asia/Shanghai') - k * interval '1 day' + interval '21 hours'
        + (k * 7) * interval '1 minute') at time zone 'Asia/Shanghai'
    from ${accessDevices} d cross join generate_series(0, 6) k
    where d.tenant_id = ${tenantA} and d.device_type = 2 and d.direction = 1
      and (date_trunc('day', now() at time zone 'Asia/Shanghai') - k * interval '1 day' + interval '21 hours'
        + (k * 7) * interval '1 minute') at time zone 'Asia/Shanghai' <= now() - interval '10 minutes'`);
  await tx.execute(sql`
    insert into ${abnormalAlerts} (tenant_id, village_id, type, title, original_content, source, source_id, created_at)
    select r.tenant_id, r.village_id, 1,
      d.name || '：人脸比对未通过（相似度 ' || to_char(r.similarity, 'FM990.00') || '%，阈值 80%）',
      json_build_object('face_url', r.img,
        'face_time', to_char(r.created_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS'),
        'similarity', r.similarity, 'face_pic_url', '', 'face_info_name', '陌生人')::text,
      'access_record', r.id::text, r.created_at
    from ${accessRecords} r join ${accessDevices} d on d.id = r.device_id
    where r.tenant_id = ${tenantA} and r.event_id like 'demo-stranger-%' and r.created_at > now() - interval '2 days'`);
};

/**
 * Company A's access devices, a week of passages with the strangers among them, consented faces and the lists the
 * doors hold (one out of step), so 门禁管理, 通行记录, the village view, the alert bell and 人脸核对 open lived in.
 */
export const seedAccess = async (tx: Tx, ids: { tenantA: number; villagesA: readonly number[] }) => {
  await seedDevices(tx, ids.tenantA, ids.villagesA);
  await seedPassages(tx, ids.tenantA);
  await seedStrangers(tx, ids.tenantA);
  await seedAccessFaces(tx, ids.tenantA, ids.villagesA);
};
