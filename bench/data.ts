/**
 * Benchmark dataset: migrate, seed the demo (tenants 1 and 2, the usual logins), then add
 * operators, tenants with a super admin each, villages, buildings, houses, residents (Chinese
 * names, valid 1[3-9] mobiles, 18-digit ID cards with the GB 11643 check digit), workers, fee
 * items, bills (3 months of 物业费 per house: ≈1,200,000 at large, most unpaid) and payments
 * (lib/data-fees.ts), all set-based (`insert … select generate_series`, one statement per table
 * and group), then VACUUM ANALYZE: the steady state autovacuum keeps a live database in (statistics,
 * and visibility maps so index-only scans answer counts and deep pages without heap fetches).
 *
 * Tenant 1 (demo company A, login property) holds the big share of residents: at large, 1,000,000
 * (the goal is the resident list of a 1,000,000-resident tenant), at ~3 residents per house.
 *
 * Run: npm run bench:data -- --scale small|medium|large [--db postgres://… | --pglite] [--keep]
 *   default: a throwaway PostgreSQL (as .ci/run starts one) on a free port in a temp dir, stopped
 *   and removed at the end unless --keep (then its URL and the stop command are printed).
 */
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import * as schema from '../apps/server/src/schema.ts';
import { wrapPool, type Db } from '../apps/server/src/core/db/client.ts';
import { migrate } from '../apps/server/src/core/db/migrate.ts';
import { isEmpty, seedDemo } from '../apps/server/src/seed/demo.ts';
import { hashPassword } from '../apps/server/src/modules/auth/service.ts';
import { pgliteParsers } from '../apps/server/src/test/pglite.ts';
import { startThrowawayPg, type ThrowawayPg } from './lib/throwaway-pg.ts';
import { feeSteps } from './lib/data-fees.ts';
import {
  CITY_WORDS,
  COMPANY_WORDS,
  FEMALE_NAMES,
  MALE_NAMES,
  PHONE_PREFIXES,
  REGIONS,
  SECTIONS,
  STREETS,
  SURNAMES,
  VILLAGE_PREFIXES,
  VILLAGE_SUFFIXES,
  H,
  pick,
  textArray,
} from './lib/names.ts';

export type ScaleName = 'small' | 'medium' | 'large';
/** operators, tenants and villages are totals (the demo's included); houses and residents are generated on top of the demo's */
export type Scale = {
  operators: number;
  tenants: number;
  villages: number;
  t1Villages: number;
  t1Houses: number;
  t1Residents: number;
  otherHouses: number;
  otherResidents: number;
  workersPerVillage: number;
  billMonths: number;
};

export const SCALES: Record<ScaleName, Scale> = {
  small: {
    operators: 2,
    tenants: 4,
    villages: 8,
    t1Villages: 4,
    t1Houses: 1_000,
    t1Residents: 3_000,
    otherHouses: 400,
    otherResidents: 1_200,
    workersPerVillage: 3,
    billMonths: 3,
  },
  medium: {
    operators: 2,
    tenants: 10,
    villages: 60,
    t1Villages: 20,
    t1Houses: 34_000,
    t1Residents: 100_000,
    otherHouses: 10_000,
    otherResidents: 30_000,
    workersPerVillage: 5,
    billMonths: 3,
  },
  large: {
    operators: 2,
    tenants: 50,
    villages: 500,
    t1Villages: 120,
    t1Houses: 340_000,
    t1Residents: 1_000_000,
    otherHouses: 60_000,
    otherResidents: 180_000,
    workersPerVillage: 5,
    billMonths: 3,
  },
};

export type Step = { table: string; what: string; rows: number; ms: number };
export type DataReport = {
  scale: ScaleName;
  steps: Step[];
  totalMs: number;
  counts: Record<string, number>;
  tenant1: number;
  t1Residents: number;
  t1Bills: number;
};

/** serial ranges: residents of tenant 1, of the others, and of files the benchmarks import */
export const SERIAL_T1 = 0;
export const SERIAL_OTHERS = 20_000_000;
export const SERIAL_IMPORT = 40_000_000;
export const BENCH_PASSWORD = 'Bench_2026';

type Exec = (text: string) => Promise<{ rows: Record<string, unknown>[]; count: number }>;
const execOf =
  (db: Db): Exec =>
  async (text) => {
    const r = (await db.execute(sql.raw(text))) as unknown as {
      rows: Record<string, unknown>[];
      rowCount?: number | null;
      affectedRows?: number;
    };
    return { rows: r.rows, count: Number(r.rowCount ?? r.affectedRows ?? 0) };
  };

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
/** 999 order codes × 21,900 birth dates (1950-2009) × 12 regions: s → p is a bijection (104729 is coprime to it) */
const ID_SPACE = 999 * 21_900 * REGIONS.length;

/** SQL for one person from serial `s`: ID card (with check digit), sex from the order code, name, mobile */
export const personSql = (s: string, surnameKey: string) => {
  const p = `((${s})::bigint * 104729 + 7777) % ${ID_SPACE}`;
  const ord = `(${p} % 999 + 1)`;
  const body = `((${textArray(REGIONS)})[1 + (${p} / ${999 * 21_900})::int] || to_char(date '1950-01-01' + ((${p} / 999) % 21900)::int, 'YYYYMMDD') || lpad(${ord}::text, 3, '0'))`;
  return {
    body,
    checkDigit: (b: string) =>
      `substr('10X98765432', 1 + (${ID_WEIGHTS.map((w, i) => `substr(${b}, ${i + 1}, 1)::int * ${w}`).join(' + ')}) % 11, 1)`,
    sex: `(case when ${ord} % 2 = 1 then 1 else 2 end)`,
    name: (sex: string) =>
      `${pick(SURNAMES, surnameKey, 1)} || case when ${sex} = 1 then ${pick(MALE_NAMES, s, 2)} else ${pick(FEMALE_NAMES, s, 3)} end`,
    tel: `(${textArray(PHONE_PREFIXES)})[1 + ((${s})::bigint % ${PHONE_PREFIXES.length})::int] || lpad((((${s})::bigint * 48271) % 100000000)::text, 8, '0')`,
  };
};

/** a stable number per generated house (building, unit, floor, room) for its hashes: 20% of houses are rented */
const HOUSE_KEY = 'b.id * 100000 + u * 10000 + f * 100 + r';

export const PERSON_COLS =
  'tenant_id, village_id, building_id, house_id, name, personnel_type, card_type, idcard, sex, tel, relationship, status, household_identity, is_huzhu, is_livein, address, tags, created_at, updated_at';

/**
 * Residents spread over the houses `houseWhere` selects (alias h), in id order: house number k of
 * H gets the serials ceil(kR/H) … ceil((k+1)R/H)-1 (R residents in all); the first of a house is
 * its owner, the others family, or tenants when the house is rented. Selects every gate_persons
 * column plus the village, building, unit and room names (what an import file names a house by).
 */
export const personsSelectSql = (houseWhere: string, houses: number, residents: number, serial0: number) => {
  const P = personSql('k.s', 'case when k.slot = 1 then k.s else h.id end');
  return `
  select h.tenant_id, h.village_id, h.building_id, h.id as house_id, ${P.name('x.sex')} as name,
         case when k.slot = 0 then 1 when x.rented then 2 else 3 end as personnel_type, 1 as card_type, x.body || ${P.checkDigit('x.body')} as idcard, x.sex, ${P.tel} as tel,
         case when k.slot = 0 then 1 when x.rented then 6 when k.slot = 1 then 2 when k.slot = 2 then 3 else 4 end as relationship,
         case when ${H('k.s', 5)} % 100 < 88 then 1 when ${H('k.s', 5)} % 100 < 96 then 0 else 2 end as status,
         case when x.rented and k.slot > 0 and ${H('k.s', 6)} % 10 < 7 then 2 else 1 end as household_identity,
         case when k.slot = 0 then 1 else 2 end as is_huzhu, case when k.slot = 0 and x.rented then 2 else 1 end as is_livein,
         h.village_name || h.building_name || h.unit_name || h.name as address,
         case when ${H('k.s', 8)} % 100 = 0 then '2' when ${H('k.s', 8)} % 100 = 1 then '4' else '' end as tags, x.at as created_at, x.at as updated_at,
         h.village_name, h.building_name, h.unit_name, h.name as room_name
  from (select h.id, h.tenant_id, h.village_id, h.building_id, h.house_state, h.unit_name, h.name, v.name as village_name, b.name as building_name,
               row_number() over (order by h.id) - 1 as rn
        from houses h join buildings b on b.id = h.building_id join villages v on v.id = h.village_id
        where ${houseWhere}) h
  cross join lateral generate_series((h.rn * ${residents} + ${houses - 1}) / ${houses}, ((h.rn + 1) * ${residents} + ${houses - 1}) / ${houses} - 1) as n
  cross join lateral (select ${serial0} + n as s, n - (h.rn * ${residents} + ${houses - 1}) / ${houses} as slot) k
  cross join lateral (select ${P.body} as body, ${P.sex} as sex, h.house_state = 2 as rented,
                             now() - (${H('k.s', 9)} % (400 * 86400)) * interval '1 second' as at) x`;
};

export type ResidentGroup = { houseWhere: string; houses: number; residents: number; serial0: number };
/** residents of several groups in one statement, ids given in registration-time order (tenants interleave as in a live database) */
export const residentsSql = (...groups: ResidentGroup[]) =>
  `insert into gate_persons (${PERSON_COLS}) select ${PERSON_COLS} from (${groups
    .map((g) => personsSelectSql(g.houseWhere, g.houses, g.residents, g.serial0))
    .join(' union all ')}) p order by created_at`;

/** building shapes (units, floors, rooms per floor): 多层, 小高层, 高层 */
const SHAPES = [
  [2, 6, 2],
  [2, 11, 2],
  [2, 18, 2],
  [3, 26, 2],
  [2, 33, 4],
] as const;

const rate = (rows: number, ms: number) => (ms > 0 ? Math.round(rows / (ms / 1000)) : 0);

/** Adds the scale's rows to a migrated, demo-seeded database. */
export const generate = async (
  db: Db,
  scaleName: ScaleName,
  log: (m: string) => void = console.log,
): Promise<DataReport> => {
  const scale = SCALES[scaleName];
  const exec = execOf(db);
  const steps: Step[] = [];
  const t0 = performance.now();
  const step = async (table: string, what: string, text: string) => {
    const t = performance.now();
    const { count } = await exec(text);
    const s = { table, what, rows: count, ms: performance.now() - t };
    steps.push(s);
    log(
      `  ${table.padEnd(13)} ${what.padEnd(34)} ${String(s.rows).padStart(9)} rows ${(s.ms / 1000).toFixed(2).padStart(7)} s ${String(rate(s.rows, s.ms)).padStart(9)} rows/s`,
    );
    return count;
  };
  const one = async (text: string) => Number(Object.values((await exec(text)).rows[0] ?? {})[0] ?? 0);

  const tenant1 = await one(`select tenant_id from users where kind = 'web' and user_name = 'property'`);
  const tenant2 = await one(`select tenant_id from users where kind = 'web' and user_name = 'propertyb'`);
  if ((await one('select count(*) from tenants')) > 2)
    throw new Error('the database already holds generated data: use a new one');
  const maxBuilding = await one('select coalesce(max(id), 0) from buildings');
  const maxHouse = await one('select coalesce(max(id), 0) from houses');
  const maxVillage = await one('select coalesce(max(id), 0) from villages');
  const hash = (await hashPassword(BENCH_PASSWORD)).replace(/'/g, "''");

  const newOperators = scale.operators - (await one('select count(*) from operators'));
  await step(
    'operators',
    'operators',
    `insert into operators (name, contact, phone, region_code, expire_date)
    select ${pick(CITY_WORDS, 'g', 20)} || '智慧社区运营中心' || g, ${pick(SURNAMES, 'g', 21)} || '经理', '139' || lpad((g * 7919)::text, 8, '0'), '330100', date '2028-12-31'
    from generate_series(1, ${Math.max(0, newOperators)}) g`,
  );
  await step(
    'users',
    'operator admins',
    `insert into users (kind, operator_id, user_name, name, password_hash, is_super)
    select 'operator', id, 'operator_o' || id, '运营商管理员' || id, '${hash}', true from operators where id not in (select operator_id from users where operator_id is not null)`,
  );
  const newTenants = scale.tenants - 2;
  await step(
    'tenants',
    'tenants (round-robin over operators)',
    `insert into tenants (operator_id, name, contact, phone, service_expire)
    select o.id, ${pick(CITY_WORDS, 'g', 22)} || ${pick(COMPANY_WORDS, 'g', 23)} || '物业服务有限公司' || g, ${pick(SURNAMES, 'g', 24)} || '总', '138' || lpad((g * 104723 % 100000000)::text, 8, '0'), date '2028-06-30'
    from generate_series(1, ${newTenants}) g
    join (select id, row_number() over (order by id) - 1 as rn, count(*) over () as n from operators) o on o.rn = g % o.n`,
  );
  await step(
    'users',
    'tenant super admins',
    `insert into users (kind, tenant_id, user_name, name, password_hash, is_super, phone)
    select 'web', id, 'admin_t' || id, name || '管理员', '${hash}', true, phone from tenants where id not in (${tenant1}, ${tenant2})`,
  );

  // villages: tenant 1 gets t1Villages (its two demo ones included), the new tenants the rest
  const t1New = scale.t1Villages - 2;
  const otherNew = scale.villages - scale.t1Villages - 2;
  const villageCols = (i: string, k: string) =>
    `(${textArray(VILLAGE_PREFIXES)})[1 + ${i} % ${VILLAGE_PREFIXES.length}] || (${textArray(VILLAGE_SUFFIXES)})[1 + (${i} / ${VILLAGE_PREFIXES.length}) % ${VILLAGE_SUFFIXES.length}]
     || case when ${i} >= ${VILLAGE_PREFIXES.length * VILLAGE_SUFFIXES.length} then (${i} / ${VILLAGE_PREFIXES.length * VILLAGE_SUFFIXES.length} + 1)::text || '期' else '' end,
     '3301' || lpad((2 + ${H(k, 30)} % 9)::text, 2, '0'), '浙江省杭州市' || ${pick(STREETS, k, 31)} || (1 + ${H(k, 32)} % 999) || '号',
     round((120.05 + (${H(k, 33)} % 2000) / 10000.0)::numeric, 4) || ',' || round((30.20 + (${H(k, 34)} % 1500) / 10000.0)::numeric, 4),
     '0571-8' || lpad((${H(k, 35)} % 10000000)::text, 7, '0'), round((20000 + ${H(k, 36)} % 180000)::numeric, 2)`;
  const vIns = 'insert into villages (tenant_id, name, region_code, address, lonlat, service_phone, floor_area)';
  await step(
    'villages',
    'tenant 1',
    `${vIns} select ${tenant1}, ${villageCols('g', 'g')} from generate_series(0, ${t1New - 1}) g`,
  );
  await step(
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
  await step('buildings', 'tenant 1', buildingsOf(`v.tenant_id = ${tenant1}`, scale.t1Houses, t1New));
  await step('buildings', 'other tenants', buildingsOf(`v.tenant_id <> ${tenant1}`, scale.otherHouses, otherNew));

  // houses: units × floors × rooms of every new building in one statement (as 生成房屋 does)
  await step(
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

  // fresh statistics first: without them the resident insert's join is planned for empty tables
  await exec('analyze villages, buildings, houses');
  const t1Houses = await one(`select count(*) from houses where tenant_id = ${tenant1} and id > ${maxHouse}`);
  const otherHouses = await one(`select count(*) from houses where tenant_id <> ${tenant1} and id > ${maxHouse}`);
  await step(
    'gate_persons',
    `residents (tenant 1: ${scale.t1Residents.toLocaleString('en-US')})`,
    residentsSql(
      {
        houseWhere: `h.tenant_id = ${tenant1} and h.id > ${maxHouse}`,
        houses: t1Houses,
        residents: scale.t1Residents,
        serial0: SERIAL_T1,
      },
      {
        houseWhere: `h.tenant_id <> ${tenant1} and h.id > ${maxHouse}`,
        houses: otherHouses,
        residents: scale.otherResidents,
        serial0: SERIAL_OTHERS,
      },
    ),
  );

  await step(
    'workers',
    'workers',
    `insert into workers (tenant_id, village_id, name, section_name, phone, status)
    select v.tenant_id, v.id, ${pick(SURNAMES, 'v.id * 10 + w', 60)} || ${pick(MALE_NAMES, 'v.id * 10 + w', 61)}, ${pick(SECTIONS, 'v.id * 10 + w', 62)},
           '1' || (5 + w % 4) || lpad(((v.id * 10 + w) * 7919 % 1000000000)::text, 9, '0'), 1
    from villages v cross join generate_series(1, ${scale.workersPerVillage}) w where v.id > ${maxVillage}`,
  );

  // fee items, bills and payments (bench/lib/data-fees.ts)
  const feeBase = {
    maxVillage,
    maxHouse,
    maxFeeItem: await one('select coalesce(max(id), 0) from fee_items'),
    maxBill: await one('select coalesce(max(id), 0) from bills'),
    maxPayment: await one('select coalesce(max(id), 0) from payments'),
  };
  for (const s of feeSteps(feeBase, scale.billMonths)) {
    await step(s.table, s.what, s.text);
    // the bills insert joins fee items: plan it with their real row count
    if (s.table === 'fee_items') await exec('analyze fee_items');
  }

  const ta = performance.now();
  await exec('vacuum analyze');
  steps.push({ table: '(all)', what: 'VACUUM ANALYZE', rows: 0, ms: performance.now() - ta });
  log(`  VACUUM ANALYZE ${((performance.now() - ta) / 1000).toFixed(2)} s`);

  const counts: Record<string, number> = {};
  for (const t of [
    'operators',
    'tenants',
    'users',
    'villages',
    'buildings',
    'houses',
    'gate_persons',
    'workers',
    'fee_items',
    'bills',
    'payments',
  ])
    counts[t] = await one(`select count(*) from ${t}`);
  const t1Residents = await one(`select count(*) from gate_persons where tenant_id = ${tenant1}`);
  const t1Bills = await one(`select count(*) from bills where tenant_id = ${tenant1}`);
  return { scale: scaleName, steps, totalMs: performance.now() - t0, counts, tenant1, t1Residents, t1Bills };
};

export type Prepared = {
  db: Db;
  url: string | null;
  kind: 'postgres' | 'pglite';
  version: string;
  settings: string;
  prepareMs: number;
  report: DataReport;
  close: () => Promise<void>;
};

/** A database with the scale's data: the given URL (must be empty), a throwaway PostgreSQL, or in-memory PGlite. */
export const prepare = async (opts: {
  scale: ScaleName;
  url?: string;
  pglite?: boolean;
  keep?: boolean;
  log?: (m: string) => void;
}): Promise<Prepared & { server: ThrowawayPg | null }> => {
  const log = opts.log ?? console.log;
  const t0 = performance.now();
  if (opts.pglite) {
    const lite = await PGlite.create({ parsers: pgliteParsers });
    const db = drizzle(lite, { schema }) as unknown as Db;
    try {
      await migrate(db);
      await seedDemo(db);
      log(`PGlite in memory: migrated and seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      const report = await generate(db, opts.scale, log);
      const version = String(
        (await lite.query<{ v: string }>(`select current_setting('server_version') as v`)).rows[0]?.v ?? '',
      );
      return {
        db,
        url: null,
        kind: 'pglite',
        version: `PGlite (PostgreSQL ${version})`,
        settings: 'in memory',
        prepareMs: performance.now() - t0,
        report,
        server: null,
        close: () => lite.close(),
      };
    } catch (e) {
      await lite.close();
      throw e;
    }
  }
  const server = opts.url ? null : await startThrowawayPg();
  const url = opts.url ?? server!.url;
  if (server) log(`throwaway PostgreSQL ${server.version}: ${url} (data dir ${server.dir})`);
  if (server && !opts.keep) {
    // stopped and removed however this process ends (an error, the watchdog, Ctrl-C)
    process.once('exit', server.stop);
    process.once('SIGINT', () => process.exit(130));
    process.once('SIGTERM', () => process.exit(143));
  }
  // JIT compiling the generator's big expressions costs seconds per statement and saves nothing here;
  // the residents are sorted by registration time in memory
  const pool = new pg.Pool({ connectionString: url, max: 2, options: '-c jit=off -c work_mem=256MB' });
  pool.on('error', () => undefined);
  const db = wrapPool(pool, 'postgres').db;
  try {
    await migrate(db);
    if (await isEmpty(db)) await seedDemo(db);
    log(`migrated and seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const report = await generate(db, opts.scale, log);
    const version = String(
      (await pool.query<{ v: string }>(`select current_setting('server_version') as v`)).rows[0]?.v ?? '',
    );
    const close = async () => {
      await pool.end();
      if (server && !opts.keep) server.stop();
    };
    return {
      db,
      url,
      kind: 'postgres',
      version: `PostgreSQL ${version.split(' ')[0]}`,
      settings: server?.settings ?? 'as configured',
      prepareMs: performance.now() - t0,
      report,
      server,
      close,
    };
  } catch (e) {
    await pool.end();
    server?.stop();
    throw e;
  }
};

export const rowsPerSecondTable = (r: DataReport) =>
  [
    '| table | rows | seconds | rows/s | what |',
    '|---|--:|--:|--:|---|',
    ...r.steps.map(
      (s) =>
        `| ${s.table} | ${s.rows ? s.rows.toLocaleString('en-US') : '—'} | ${(s.ms / 1000).toFixed(2)} | ${s.rows ? rate(s.rows, s.ms).toLocaleString('en-US') : '—'} | ${s.what} |`,
    ),
  ].join('\n');

const main = async () => {
  const args = process.argv.slice(2);
  const arg = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const scale = (arg('--scale') ?? 'small') as ScaleName;
  if (!(scale in SCALES)) throw new Error(`--scale must be small, medium or large (got ${scale})`);
  const keep = args.includes('--keep');
  const p = await prepare({ scale, url: arg('--db'), pglite: args.includes('--pglite'), keep });
  try {
    console.log(
      `\n${p.version} (${p.settings}), scale ${scale}: ${(p.report.totalMs / 1000).toFixed(1)} s after migrate + seed`,
    );
    console.log(rowsPerSecondTable(p.report));
    console.log(
      `totals: ${Object.entries(p.report.counts)
        .map(([t, n]) => `${t} ${n.toLocaleString('en-US')}`)
        .join(
          ', ',
        )}; tenant ${p.report.tenant1} (login property) has ${p.report.t1Residents.toLocaleString('en-US')} residents`,
    );
  } finally {
    await p.close();
  }
  if (keep && p.server) console.log(`\nkept running: ${p.url}\nstop it with: ${p.server.stopCommand}`);
};

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}
