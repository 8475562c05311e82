/**
 * Benchmark dataset: migrate, seed the demo (tenants 1 and 2, the usual logins), then add
 * operators, tenants with a super admin each, villages, buildings, houses (lib/data-estate.ts), residents
 * (Chinese names, valid 1[3-9] mobiles, 18-digit ID cards with the GB 11643 check digit: lib/data-residents.ts), workers, fee
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
import { estateSteps } from './lib/data-estate.ts';
import { residentsSql, SERIAL_OTHERS, SERIAL_T1 } from './lib/data-residents.ts';
import { MALE_NAMES, SECTIONS, SURNAMES, pick } from './lib/names.ts';

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
    operators: 3,
    tenants: 6,
    villages: 10,
    t1Villages: 4,
    t1Houses: 1_000,
    t1Residents: 3_000,
    otherHouses: 400,
    otherResidents: 1_200,
    workersPerVillage: 3,
    billMonths: 3,
  },
  medium: {
    operators: 3,
    tenants: 12,
    villages: 62,
    t1Villages: 20,
    t1Houses: 34_000,
    t1Residents: 100_000,
    otherHouses: 10_000,
    otherResidents: 30_000,
    workersPerVillage: 5,
    billMonths: 3,
  },
  large: {
    operators: 3,
    tenants: 52,
    villages: 502,
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
  // the demo's own rows carry no bench logins: a generated dataset has its operators' or companies' bench admins
  if ((await one(`select count(*) from users where user_name like 'admin\\_t%' or user_name like 'operator\\_o%'`)) > 0)
    throw new Error('the database already holds generated data: use a new one');
  const maxBuilding = await one('select coalesce(max(id), 0) from buildings');
  const maxHouse = await one('select coalesce(max(id), 0) from houses');
  const maxVillage = await one('select coalesce(max(id), 0) from villages');
  const hash = (await hashPassword(BENCH_PASSWORD)).replace(/'/g, "''");

  const newOperators = Math.max(0, scale.operators - (await one('select count(*) from operators')));
  const newTenants = Math.max(0, scale.tenants - (await one('select count(*) from tenants')));
  const t1NewVillages = scale.t1Villages - (await one(`select count(*) from villages where tenant_id = ${tenant1}`));
  const otherNewVillages =
    scale.villages - scale.t1Villages - (await one(`select count(*) from villages where tenant_id <> ${tenant1}`));
  const base = { tenant1, tenant2, maxVillage, maxBuilding, newOperators, newTenants, t1NewVillages, otherNewVillages };
  for (const e of estateSteps({ ...base, hash }, scale)) await step(e.table, e.what, e.text);

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
