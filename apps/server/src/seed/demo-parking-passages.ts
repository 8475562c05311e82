import { sql } from 'drizzle-orm';
import type { Db } from '../core/db/client.ts';
import { intArray } from '../core/db/sql.ts';
import { parkingAssociations } from '../modules/parking/schema-assoc.ts';
import { gateEvents, monthlyCards } from '../modules/parking/schema-gate.ts';
import { parkingTempOrders } from '../modules/parking/schema-temp.ts';
import { parkingGates, parkingLots, parkingSpaces, vehicles } from '../modules/parking/schema.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** what a visitor's stay lasts, in minutes: a few within the free minutes, most an hour or more */
const VISITOR_STAYS = [12, 20, 35, 50, 75, 100, 140, 190, 260, 380];
/** when visitors arrive, Shanghai hours: the day's errands and the evening visits */
const VISITOR_HOURS = [8, 9, 10, 10, 11, 13, 14, 15, 16, 18, 19, 20, 20, 21];

/**
 * The temporary fee of `m` whole minutes for the lot columns fm/hp/cap — fee.ts's `temporaryFee` in SQL: nothing
 * within the free minutes; else each whole day the cap (or 24 hours when cheaper) and the rest by started hours.
 */
const feeSql = (m: string) =>
  sql.raw(`case when ${m} <= fm or hp <= 0 then 0 else
    (${m} / 1440) * (case when cap > 0 then least(24 * hp, cap) else 24 * hp end)
    + case when ${m} % 1440 = 0 then 0
        when cap > 0 then least(ceil((${m} % 1440) / 60.0)::bigint * hp, cap)
        else ceil((${m} % 1440) / 60.0)::bigint * hp end
  end`);

/** The camera's snapshot of a demo passage: a car and its plate as an SVG data address (no file storage). */
const SNAPSHOT =
  '<svg xmlns="http://www.w3.org/2000/svg" width="160" height="100" viewBox="0 0 160 100">' +
  '<rect width="160" height="100" fill="#3a4250"/><rect x="28" y="20" width="104" height="56" rx="14" fill="#c9d2de"/>' +
  '<rect x="40" y="28" width="80" height="20" rx="5" fill="#8fa3bb"/><circle cx="42" cy="62" r="6" fill="#f5e6a8"/>' +
  '<circle cx="118" cy="62" r="6" fill="#f5e6a8"/><rect x="50" y="64" width="60" height="20" rx="3" fill="#1f5fbf" ' +
  'stroke="#fff"/><text x="80" y="79" font-size="12" text-anchor="middle" fill="#fff" ' +
  'font-family="sans-serif">%s</text></svg>';

/**
 * A week of passages in company A's car parks, so 停车概览 and 出入记录 open on a lived-in week: the residents' cars
 * leave in the morning and come back in the evening (月卡 / 固定车位 when they hold one, else paid as temporary),
 * visitors come through the day and pay their stay on the phone — in the car park before leaving, or at the exit
 * after the barrier stopped them (未缴费, then 已缴费) — or leave free within the free minutes; what has not left by
 * half an hour ago (and a handful of cars parked in the last hours) is still inside. One statement: the events get their ids in
 * time order first, so an exit names its entry and a phone order its stay. Only a car park with no passages yet.
 */
export const seedParkingPassages = async (tx: Tx, ids: { tenantA: number }) => {
  await tx.execute(sql`
    with lot as (
      select l.id as lot_id, l.tenant_id, l.village_id, l.free_minutes as fm, l.hour_price as hp, l.day_cap as cap,
        (select g.id from ${parkingGates} g where g.lot_id = l.id and g.direction = 1 order by g.id limit 1) as gate_in,
        (select g.id from ${parkingGates} g where g.lot_id = l.id and g.direction = 2 order by g.id limit 1) as gate_out,
        date_trunc('day', now() at time zone 'Asia/Shanghai') as today
      from ${parkingLots} l
      where l.tenant_id = ${ids.tenantA} and l.status = 1
        and not exists (select 1 from ${gateEvents} e where e.lot_id = l.id)
    ),
    usable as (select * from lot where gate_in is not null and gate_out is not null),
    residents as (
      select u.*, v.plate,
        case
          when exists (select 1 from ${monthlyCards} c where c.vehicle_id = v.id and c.lot_id = u.lot_id
            and c.status = 1 and c.end_date >= u.today::date) then '月卡'
          when exists (select 1 from ${parkingAssociations} a join ${parkingSpaces} s on s.id = a.space_id
            where a.person_id = v.person_id and s.lot_id = u.lot_id and a.status = 1
              and coalesce(a.end_date, 'infinity'::date) >= u.today::date) then '固定车位'
        end as pass
      from usable u
      join ${vehicles} v on v.tenant_id = u.tenant_id and v.village_id = u.village_id and v.status = 1
    ),
    stays as (
      -- a resident's night: in between 17:00 and 21:00, out the next morning between 06:40 and 09:10; a night in eight away
      select r.lot_id, r.tenant_id, r.village_id, r.fm, r.hp, r.cap, r.gate_in, r.gate_out, r.plate, r.pass,
        'r' || r.lot_id || '-' || r.plate || '-' || k as key,
        (r.today - k * interval '1 day' + interval '17 hours'
          + (abs(hashtext(r.plate || k)) % 240) * interval '1 minute') at time zone 'Asia/Shanghai' as entry_at,
        (r.today - (k - 1) * interval '1 day' + interval '400 minutes'
          + (abs(hashtext(r.plate || k || 'out')) % 150) * interval '1 minute') at time zone 'Asia/Shanghai' as exit_at
      from residents r cross join generate_series(0, 7) k
      where abs(hashtext(r.plate || k || 'away')) % 8 <> 0
      union all
      select u.lot_id, u.tenant_id, u.village_id, u.fm, u.hp, u.cap, u.gate_in, u.gate_out, v.plate, null,
        'v' || u.lot_id || '-' || k || '-' || n,
        v.entry_at, v.entry_at + (${intArray(VISITOR_STAYS)})[1 + abs(hashtext(u.lot_id || '-' || k || '-' || n))
          % ${VISITOR_STAYS.length}] * interval '1 minute'
      from usable u
      cross join generate_series(0, 7) k
      cross join lateral generate_series(1, 9 + abs(hashtext(u.lot_id || 'day' || k)) % 6) n
      cross join lateral (select
        -- distinct numbers per stay (7919 is prime to 100000), so two visitors never share a plate
        '浙' || (array['A','A','A','A','A','B','C','D','F','H'])[1 + abs(hashtext(k || '-' || n)) % 10]
          || lpad((((u.lot_id * 1000 + k * 20 + n) * 7919) % 100000)::text, 5, '0') as plate,
        (u.today - k * interval '1 day'
          + (${intArray(VISITOR_HOURS)})[1 + abs(hashtext(u.lot_id || 'h' || k || '-' || n)) % ${VISITOR_HOURS.length}]
            * interval '1 hour'
          + (abs(hashtext(u.lot_id || 'm' || k || '-' || n)) % 60) * interval '1 minute')
          at time zone 'Asia/Shanghai' as entry_at) v
      where not exists (select 1 from ${vehicles} x where x.plate = v.plate)
      union all
      -- and a handful parked in the last few hours that have not left yet
      select u.lot_id, u.tenant_id, u.village_id, u.fm, u.hp, u.cap, u.gate_in, u.gate_out,
        '浙A' || lpad((((u.lot_id * 1000 + 900 + n) * 7919) % 100000)::text, 5, '0'), null,
        'n' || u.lot_id || '-' || n, date_trunc('minute', now()) - (35 + 37 * n) * interval '1 minute',
        now() + interval '1 day'
      from usable u cross join generate_series(1, 3) n
    ),
    happened as (
      -- what the cameras have seen by the cut-off; a later exit means the car is still inside
      select s.*, case when s.exit_at <= now() - interval '30 minutes' then s.exit_at end as out_at,
        -- a temporary car pays in the car park (and drives out) or at the exit, after the barrier stopped it
        abs(hashtext(s.key || 'pay')) % 2 = 1 as at_exit,
        s.exit_at - (case when abs(hashtext(s.key || 'pay')) % 2 = 1 then 2
          else 4 + abs(hashtext(s.key || 'wait')) % 9 end) * interval '1 minute' as ordered_at
      from stays s
      where s.entry_at <= now() - interval '30 minutes' and s.entry_at > now() - interval '7 days'
    ),
    priced as (
      select h.*, case when h.pass is null and h.out_at is not null then ${feeSql('m')} else 0 end as fee
      from happened h
      cross join lateral (select ceil(extract(epoch from h.ordered_at - h.entry_at) / 60)::int as m) mm
    ),
    ev as (
      select p.key, 'in' as role, p.tenant_id, p.village_id, p.lot_id, p.gate_in as gate_id, p.plate, 1 as is_type,
        p.entry_at as at, 'open' as decision, coalesce(p.pass, '临时车') as reason, 0::bigint as fee
      from priced p
      union all
      select p.key, 'deny', p.tenant_id, p.village_id, p.lot_id, p.gate_out, p.plate, 2,
        p.ordered_at - interval '40 seconds', 'deny', '未缴费', p.fee
      from priced p where p.fee > 0 and p.at_exit
      union all
      select p.key, 'out', p.tenant_id, p.village_id, p.lot_id, p.gate_out, p.plate, 2, p.out_at, 'open',
        case when p.pass is not null then p.pass when p.fee > 0 then '已缴费' else '临时车' end, 0
      from priced p where p.out_at is not null
    ),
    numbered as (
      select o.*, nextval(pg_get_serial_sequence('gate_events', 'id'))::int as id
      from (select * from ev order by at, is_type) o
    ),
    written as (
      insert into ${gateEvents} (id, tenant_id, village_id, lot_id, gate_id, event_id, plate, is_type, occurred_at,
        decision, reason, fee, entry_id, created_at, picimg)
      overriding system value
      select n.id, n.tenant_id, n.village_id, n.lot_id, n.gate_id, 'demo-' || n.key || '-' || n.role, n.plate,
        n.is_type, n.at, n.decision, n.reason, n.fee, i.id, n.at,
        'data:image/svg+xml;base64,' || replace(encode(convert_to(format(${SNAPSHOT}, n.plate), 'UTF8'), 'base64'), E'\n', '')
      from numbered n
      left join numbered i on n.role <> 'in' and i.key = n.key and i.role = 'in'
      returning id
    )
    insert into ${parkingTempOrders} (tenant_id, village_id, lot_id, entry_id, plate, amount, out_trade_no, state,
      provider, transaction_id, paid_at, created_at, updated_at)
    select p.tenant_id, p.village_id, p.lot_id, i.id, p.plate, p.fee, 'P' || p.tenant_id || 'DEMO' || i.id, 'SUCCESS',
      'sandbox', 'SANDBOX-DEMO-' || i.id, p.ordered_at + interval '1 minute', p.ordered_at, p.ordered_at + interval '1 minute'
    from priced p
    join numbered i on i.key = p.key and i.role = 'in'
    where p.fee > 0`);
};
