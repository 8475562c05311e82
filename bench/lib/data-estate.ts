/**
 * Operators, tenants (a super admin each), villages, buildings and houses for the benchmark dataset,
 * set-based like the rest of bench/data.ts: one statement per table and group, in the order they run.
 */
import type { Scale } from '../data.ts';
import { SERIAL_OTHERS } from './data-residents.ts';
import {
  CITY_WORDS,
  COMPANY_WORDS,
  MALE_NAMES,
  STREETS,
  SURNAMES,
  VILLAGE_PREFIXES,
  VILLAGE_SUFFIXES,
  H,
  pick,
  textArray,
} from './names.ts';

export type EstateStep = { table: string; what: string; text: string };
/** what the database held before this run (the demo's tenants, highest ids) and what the run adds */
export type EstateBase = {
  tenant1: number;
  tenant2: number;
  maxVillage: number;
  maxBuilding: number;
  /** operators, tenants and villages still to add for the scale's totals (the demo's counted) */
  newOperators: number;
  newTenants: number;
  t1NewVillages: number;
  otherNewVillages: number;
  /** the bench password's hash, quotes doubled for SQL */
  hash: string;
};

/** building shapes (units, floors, rooms per floor): 多层, 小高层, 高层 */
const SHAPES = [
  [2, 6, 2],
  [2, 11, 2],
  [2, 18, 2],
  [3, 26, 2],
  [2, 33, 4],
] as const;

/** a stable number per generated house (building, unit, floor, room) for its hashes: 20% of houses are rented */
const HOUSE_KEY = 'b.id * 100000 + u * 10000 + f * 100 + r';

export const estateSteps = (
  {
    tenant1,
    tenant2,
    maxVillage,
    maxBuilding,
    newOperators,
    newTenants,
    t1NewVillages,
    otherNewVillages,
    hash,
  }: EstateBase,
  scale: Scale,
): EstateStep[] => {
  const steps: EstateStep[] = [];
  const step = (table: string, what: string, text: string) => steps.push({ table, what, text });
  step(
    'operators',
    'operators',
    `insert into operators (name, contact, phone, region_code, expire_date)
    select ${pick(CITY_WORDS, 'g', 20)} || '智慧社区运营中心' || g, ${pick(SURNAMES, 'g', 21)} || '经理', '139' || lpad((g * 7919)::text, 8, '0'), '330100', date '2028-12-31'
    from generate_series(1, ${Math.max(0, newOperators)}) g`,
  );
  step(
    'users',
    'operator admins',
    `insert into users (kind, operator_id, user_name, name, password_hash, is_super)
    select 'operator', id, 'operator_o' || id, '运营商管理员' || id, '${hash}', true from operators where id not in (select operator_id from users where operator_id is not null)`,
  );
  step(
    'tenants',
    'tenants (round-robin over operators)',
    `insert into tenants (operator_id, name, contact, phone, service_expire)
    select o.id, ${pick(CITY_WORDS, 'g', 22)} || ${pick(COMPANY_WORDS, 'g', 23)} || '物业服务有限公司' || g, ${pick(SURNAMES, 'g', 24)} || '总', '138' || lpad((g * 104723 % 100000000)::text, 8, '0'), date '2028-06-30'
    from generate_series(1, ${newTenants}) g
    join (select id, row_number() over (order by id) - 1 as rn, count(*) over () as n from operators) o on o.rn = g % o.n`,
  );
  step(
    'users',
    'tenant super admins',
    `insert into users (kind, tenant_id, user_name, name, password_hash, is_super, phone)
    select 'web', id, 'admin_t' || id, name || '管理员', '${hash}', true, phone from tenants t
    where not exists (select 1 from users u where u.tenant_id = t.id and u.is_super)`,
  );

  // villages: tenant 1 gets t1Villages (its two demo ones included), the new tenants the rest
  const t1New = t1NewVillages;
  const otherNew = otherNewVillages;
  const villageCols = (i: string, k: string) =>
    `(${textArray(VILLAGE_PREFIXES)})[1 + ${i} % ${VILLAGE_PREFIXES.length}] || (${textArray(VILLAGE_SUFFIXES)})[1 + (${i} / ${VILLAGE_PREFIXES.length}) % ${VILLAGE_SUFFIXES.length}]
     || case when ${i} >= ${VILLAGE_PREFIXES.length * VILLAGE_SUFFIXES.length} then (${i} / ${VILLAGE_PREFIXES.length * VILLAGE_SUFFIXES.length} + 1)::text || '期' else '' end,
     '3301' || lpad((2 + ${H(k, 30)} % 9)::text, 2, '0'), '浙江省杭州市' || ${pick(STREETS, k, 31)} || (1 + ${H(k, 32)} % 999) || '号',
     round((120.05 + (${H(k, 33)} % 2000) / 10000.0)::numeric, 4) || ',' || round((30.20 + (${H(k, 34)} % 1500) / 10000.0)::numeric, 4),
     '0571-8' || lpad((${H(k, 35)} % 10000000)::text, 7, '0'), round((20000 + ${H(k, 36)} % 180000)::numeric, 2)`;
  const vIns = 'insert into villages (tenant_id, name, region_code, address, lonlat, service_phone, floor_area)';
  step(
    'villages',
    'tenant 1',
    `${vIns} select ${tenant1}, ${villageCols('g', 'g')} from generate_series(0, ${t1New - 1}) g`,
  );
  step(
    'villages',
    'other tenants',
    `${vIns} select t.id, ${villageCols('(g / t.n)', `g + ${SERIAL_OTHERS}`)}
    from generate_series(0, ${otherNew - 1}) g
    join (select id, row_number() over (order by id) - 1 as rn, count(*) over () as n from tenants where id not in (${tenant1}, ${tenant2})) t on t.rn = g % t.n`,
  );

  // buildings: one shape per village (by hash), as many as its share of the houses needs
  const shapes = `(values ${SHAPES.map((s, i) => `(${i}, ${s[0]}, ${s[1]}, ${s[2]})`).join(', ')}) as s(k, units, floors, rooms)`;
  const buildingsOf = (where: string, housesTotal: number, villages: number) => `
    insert into buildings (tenant_id, village_id, name, units, unit_names, floors, rooms_per_floor, bdper, sort)
    select v.tenant_id, v.id, b || '幢', s.units, array_to_string(array(select u || '单元' from generate_series(1, s.units) u), ','), s.floors, s.rooms,
           ${pick(SURNAMES, 'v.id * 100 + b', 40)} || ${pick(MALE_NAMES, 'v.id * 100 + b', 41)}, b
    from villages v join ${shapes} on s.k = ${H('v.id', 42)} % ${SHAPES.length}
    cross join lateral generate_series(1, greatest(1, round(${housesTotal / Math.max(1, villages)} / (s.units * s.floors * s.rooms))::int)) b
    where v.id > ${maxVillage} and ${where}`;
  step('buildings', 'tenant 1', buildingsOf(`v.tenant_id = ${tenant1}`, scale.t1Houses, t1New));
  step('buildings', 'other tenants', buildingsOf(`v.tenant_id <> ${tenant1}`, scale.otherHouses, otherNew));

  // houses: units × floors × rooms of every new building in one statement (as 生成房屋 does)
  step(
    'houses',
    'all new buildings',
    `insert into houses (tenant_id, village_id, building_id, unit_name, floor, name, area, house_type, house_state, use_type)
    select b.tenant_id, b.village_id, b.id, u || '单元', f, f::text || lpad(r::text, 2, '0'), x.area, x.type, x.state, case when x.type = 1 then 1 else 2 end
    from buildings b
    cross join lateral generate_series(1, b.units) u cross join lateral generate_series(1, b.floors) f cross join lateral generate_series(1, b.rooms_per_floor) r
    cross join lateral (select case when f = 1 and b.floors <= 11 and ${H('b.id', 50)} % 4 = 0 then 2 else 1 end as type,
                               round((60 + ${H(HOUSE_KEY, 51)} % 8000 / 100.0)::numeric, 2) as area,
                               case when ${H(HOUSE_KEY, 11)} % 100 < 20 then 2 else 1 end as state) x
    where b.id > ${maxBuilding}`,
  );
  return steps;
};
