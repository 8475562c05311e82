import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@5a/contracts';
import { companyExportApi, type CompanyExportStatus } from '@5a/contracts/endpoints/company-export';
import { rawSql } from '../../../core/db/raw.ts';
import { openZip, wholeText, type Zip } from '../../../core/engine/xlsx-zip.ts';
import type { JobContext } from '../../../core/jobs/types.ts';
import { setupApp, testConfig, type TestApp } from '../../../test/harness.ts';
import { planExport, type ExportTable } from './catalog.ts';
import { companyExportCleanupJob } from './cleanup.ts';
import { INTERRUPTED_NOTE, RUNNING_MSG } from './service.ts';
import { tableRows } from './read.ts';
import type { Manifest } from './zip.ts';

const dataDir = mkdtempSync(join(tmpdir(), '5a-company-export-'));
let t: TestApp;
let property: string;
let tenantA: number;
let tenantB: number;

beforeAll(async () => {
  t = await setupApp({ dataDir });
  property = await t.login('property');
  tenantA = (await t.one<{ id: number }>(sql`select tenant_id as id from users where user_name = 'property'`)).id;
  tenantB = (await t.one<{ id: number }>(sql`select tenant_id as id from users where user_name = 'propertyb'`)).id;
  // a secret setting as this release keeps it (encrypted) and as an older one left it (plain text)
  await t.db.execute(sql`insert into configs (tenant_id, name, config_key, config_value)
    values (${tenantA}, '微信密钥', 'wechat_app_secret', 'enc:v1:c2VjcmV0LWNpcGhlcg=='),
           (${tenantA}, '微信私钥', 'wechat_private_key', 'PLAIN-PRIVATE-KEY-4711')`);
}, 120_000);
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** polls the run's status until it is done (or failed) */
const finished = async (token: string, id: number) => {
  const end = Date.now() + 90_000;
  for (;;) {
    const s = (await t.post<CompanyExportStatus | null>(companyExportApi.status.path, { id }, token)).body;
    expect(s.code).toBe(0);
    if (s.data && (s.data.state === 'completed' || s.data.state === 'failed')) return s.data;
    if (Date.now() > end) throw new Error(`export still ${s.data?.state} at ${s.data?.note}`);
    await sleep(100);
  }
};

/** a CSV file's rows (RFC 4180: quoted fields may hold commas, quotes and line breaks) */
const parseCsv = (text: string) => {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') endCell();
    else if (ch === '\r' && text[i + 1] === '\n') continue;
    else if (ch === '\n') {
      endCell();
      rows.push(row);
      row = [];
    } else cell += ch;
  }
  if (cell || row.length) {
    endCell();
    rows.push(row);
  }
  return rows;
};

/** the company's rows of a table, counted independently of the export's reader */
const countOf = async (table: ExportTable, tenantId: number) => {
  const o = table.owner;
  const where =
    o.kind === 'tenant'
      ? sql`t.tenant_id = ${tenantId}`
      : o.kind === 'own-row'
        ? sql`t.id = ${tenantId}`
        : sql.raw(
            `exists (select 1 from "${o.parent}" p where ${o.pairs.map((p) => `p."${p.parentColumn}" = t."${p.column}"`).join(' and ')} and p.tenant_id = ${tenantId})`,
          );
  return Number(
    (await t.one<{ n: number }>(sql`select count(*)::int as n from ${sql.raw(`"${table.name}"`)} t where ${where}`)).n,
  );
};

describe('数据导出 (a company takes all its data away)', () => {
  let status: CompanyExportStatus;
  let zip: Zip;
  let bytes: Buffer;
  let manifest: Manifest;
  const text = async (name: string) => wholeText(zip, zip.entries.get(name));

  it('runs as a job for the super administrator and reports each table', async () => {
    const started = await t.post<CompanyExportStatus>(companyExportApi.start.path, {}, property);
    expect(started.body).toMatchObject({ code: 0, data: { state: expect.stringMatching(/queued|running/) } });
    // a second start while it runs answers the same run, and says so
    const again = await t.post<CompanyExportStatus>(companyExportApi.start.path, {}, property);
    expect(again.body).toMatchObject({ code: 0, msg: RUNNING_MSG, data: { id: started.body.data.id } });
    status = await finished(property, started.body.data.id);
    expect(status).toMatchObject({ state: 'completed', percent: 100, note: '完成' });
    expect(status.file_name).toMatch(/^阳光物业.*-数据导出-\d{8}\.zip$/);
    expect(status.url).toBe(`/Web/Setting/DataExport/file/${status.id}`);
    // the latest run is what the page opens with
    expect((await t.post(companyExportApi.status.path, {}, property)).body.data).toMatchObject({ id: status.id });
  });

  it('downloads one zip: a CSV per table with a BOM, a manifest and a README', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/xapi${status.url}`,
      headers: { authorization: `Bearer ${property}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(decodeURIComponent(String(res.headers['content-disposition']).split("''")[1]!)).toBe(status.file_name);
    bytes = res.rawPayload;
    expect(bytes.length).toBe(status.size);
    zip = await openZip(bytes);
    manifest = JSON.parse(await text('manifest.json')) as Manifest;
    expect(manifest.company).toMatchObject({ id: tenantA });
    expect(manifest.exported_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(zip.entries.has('readme.txt')).toBe(true);
    expect(manifest.tables.length).toBe(status.tables);
    expect(manifest.tables.reduce((n, x) => n + x.rows, 0)).toBe(status.rows);
    const villages = await text('villages.csv');
    expect(villages.startsWith('\ufeffid,')).toBe(true);
    expect(villages).toContain('阳光花园');
  });

  it('holds every table the company owns, through their parents too, and no partition or session table', () => {
    const names = manifest.tables.map((x) => x.name);
    for (const n of [
      'villages',
      'houses',
      'users',
      'roles',
      'tenants',
      'audit_logs',
      'company_exports',
      'abnormal_reads',
    ])
      expect(names).toContain(n);
    // tables without tenant_id of their own, found by what they hang off
    for (const n of ['user_roles', 'role_menus', 'role_resources', 'notice_reads']) expect(names).toContain(n);
    for (const n of [
      'audit_logs_default',
      'auth_tokens',
      'login_forms',
      'login_captchas',
      'resident_sessions',
      'menus',
    ])
      expect(names).not.toContain(n);
  });

  it('has as many rows per table as the database holds for the company, and the CSVs agree', async () => {
    const plan = await planExport(rawSql(t.db));
    expect(plan.unclassified, 'tables neither exported nor listed as skipped').toEqual([]);
    const byName = new Map(plan.tables.map((x) => [x.name, x]));
    for (const entry of manifest.tables) {
      const table = byName.get(entry.name)!;
      // the audit trail has grown since (this run's own entry): the export saw it before
      if (entry.name === 'audit_logs' || entry.name === 'company_exports') continue;
      expect(entry.rows, entry.name).toBe(await countOf(table, tenantA));
      const csv = parseCsv(await text(entry.file));
      expect(
        csv[0]!.map((c) => c.replace(/^\ufeff/, '')),
        entry.name,
      ).toEqual(entry.columns);
      expect(csv.length - 1, entry.name).toBe(entry.rows);
    }
    expect(manifest.tables.find((x) => x.name === 'tenants')!.rows).toBe(1);
  });

  it('reads composite and time keys in keyset batches without losing or repeating a row', async () => {
    const plan = await planExport(rawSql(t.db));
    for (const name of ['access_device_faces', 'audit_logs', 'role_menus', 'houses']) {
      const table = plan.tables.find((x) => x.name === name)!;
      const seen: string[] = [];
      for await (const cells of tableRows(rawSql(t.db), table, tenantA, undefined, 7)) seen.push(cells.join('|'));
      expect(seen.length, name).toBe(await countOf(table, tenantA));
      expect(new Set(seen).size, name).toBe(seen.length);
    }
  });

  it('holds none of another company’s rows', async () => {
    const theirs = await t.rows<{ name: string }>(sql`select name from villages where tenant_id = ${tenantB}`);
    const houses = await t.rows<{ name: string }>(
      sql`select distinct h.name from houses h where h.tenant_id = ${tenantB} and h.name not in (select name from houses where tenant_id = ${tenantA})`,
    );
    expect(theirs.length).toBeGreaterThan(0);
    const villages = await text('villages.csv');
    for (const v of theirs) expect(villages).not.toContain(v.name);
    const ourHouses = await text('houses.csv');
    for (const h of houses.slice(0, 20)) expect(ourHouses).not.toContain(`,${h.name},`);
    const users = parseCsv(await text('users.csv'));
    const at = users[0]!.indexOf('tenant_id');
    expect(new Set(users.slice(1).map((r) => r[at]))).toEqual(new Set([String(tenantA)]));
    expect(await text('tenants.csv')).not.toContain('安居物业');
  });

  it('blanks every secret: password hashes, tokens, device secrets, secret settings', async () => {
    const hashes = await t.rows<{ h: string }>(sql`select password_hash as h from users where tenant_id = ${tenantA}`);
    const users = await text('users.csv');
    for (const { h } of hashes) expect(users).not.toContain(h);
    const all = await Promise.all(manifest.tables.map((x) => text(x.file)));
    const joined = all.join('\n');
    expect(joined).not.toContain('enc:v1:');
    expect(joined).not.toContain('PLAIN-PRIVATE-KEY-4711');
    expect(manifest.tables.find((x) => x.name === 'users')!.blanked).toEqual(['password_hash']);
    const csv = parseCsv(users);
    const col = csv[0]!.indexOf('password_hash');
    expect(csv.slice(1).every((r) => r[col] === '')).toBe(true);
    // personal data is the company's own and goes out whole
    expect(users).toContain('13800000001');
  });

  it('records the export in the audit trail', async () => {
    const entry = await t.one<{ action: string; after: { tables: number; rows: number }; user_name: string }>(
      sql`select action, after, user_name from audit_logs where screen = 'CompanyExport' and tenant_id = ${tenantA}`,
    );
    expect(entry).toMatchObject({
      action: 'export',
      user_name: 'property',
      after: { tables: status.tables, rows: status.rows },
    });
  });

  it('refuses anyone but the company’s super administrator', async () => {
    for (const user of ['staff', 'useradmin', 'operator', 'admin'] as const) {
      const token = await t.login(user);
      const start = await t.post(companyExportApi.start.path, {}, token);
      expect(start.body.code, user).toBe(Code.forbidden);
      const read = await t.post(companyExportApi.status.path, { id: status.id }, token);
      expect(read.body.code, user).toBe(Code.forbidden);
      const file = await t.app.inject({
        method: 'GET',
        url: `/xapi${status.url}`,
        headers: { authorization: `Bearer ${token}` },
      });
      // the file link answers as if there were no such file
      expect(file.statusCode, user).toBe(404);
    }
    // another company's super administrator does not see the run, nor its file
    const b = await t.login('propertyb');
    expect((await t.post(companyExportApi.status.path, { id: status.id }, b)).body).toMatchObject({
      code: 0,
      data: null,
    });
    const file = await t.app.inject({
      method: 'GET',
      url: `/xapi${status.url}`,
      headers: { authorization: `Bearer ${b}` },
    });
    expect(file.statusCode).toBe(404);
    const none = await t.app.inject({ method: 'GET', url: `/xapi${status.url}` });
    expect(none.statusCode).toBe(401);
  });

  it('keeps only the latest zip of a company', async () => {
    const next = (await t.post<CompanyExportStatus>(companyExportApi.start.path, {}, property)).body.data;
    expect(next.id).not.toBe(status.id);
    expect((await finished(property, next.id)).state).toBe('completed');
    const old = (await t.post<CompanyExportStatus>(companyExportApi.status.path, { id: status.id }, property)).body
      .data;
    expect(old).toMatchObject({ state: 'completed', url: '', note: '导出文件已过期，请重新导出' });
    const file = await t.app.inject({
      method: 'GET',
      url: `/xapi${status.url}`,
      headers: { authorization: `Bearer ${property}` },
    });
    expect(file.json()).toMatchObject({ code: Code.notFound, msg: '导出文件不存在或已过期，请重新导出' });
  });

  it('lets a company whose service has lapsed (read-only) take its data away', async () => {
    const d = await t.login('propertyd');
    const started = await t.post<CompanyExportStatus>(companyExportApi.start.path, {}, d);
    expect(started.body.code).toBe(0);
    const done = await finished(d, started.body.data.id);
    expect(done).toMatchObject({ state: 'completed' });
    expect(done.file_name).toMatch(/^康居物业.*\.zip$/);
  });

  it('removes a zip past its time with the hourly cleanup', async () => {
    const latest = (await t.post<CompanyExportStatus>(companyExportApi.status.path, {}, property)).body.data;
    expect(latest.url).not.toBe('');
    expect(await companyExportCleanupJob.run({ db: t.db, config: testConfig({ dataDir }) } as JobContext)).toEqual({
      removed: 0,
      interrupted: 0,
      parts: 0,
    });
    await t.db.execute(
      sql`update company_exports set finished_at = now() - interval '25 hours' where id = ${latest.id}`,
    );
    expect(await companyExportCleanupJob.run({ db: t.db, config: testConfig({ dataDir }) } as JobContext)).toEqual({
      removed: 1,
      interrupted: 0,
      parts: 0,
    });
    const after = (await t.post<CompanyExportStatus>(companyExportApi.status.path, {}, property)).body.data;
    expect(after).toMatchObject({ state: 'completed', url: '', note: '导出文件已过期，请重新导出' });
    expect(
      readdirSync(join(dataDir, 'exports', `t${tenantA}`), { recursive: true }).filter((f) =>
        String(f).endsWith('.zip'),
      ),
    ).toEqual([]);
  });
});

describe('数据导出: one run at a time, and what a crash leaves behind', () => {
  const cleanup = () => companyExportCleanupJob.run({ db: t.db, config: testConfig({ dataDir }) } as JobContext);
  const runs = async (tenantId: number) =>
    (await t.one<{ n: number }>(sql`select count(*)::int as n from company_exports where tenant_id = ${tenantId}`)).n;
  /** a half-written zip as the store leaves it when its process dies, last written `agoMs` ago */
  const part = (tenantId: number, agoMs = 60_000) => {
    const dir = join(dataDir, 'exports', `t${tenantId}`, '202601');
    mkdirSync(dir, { recursive: true });
    const path = join(dir, `${randomUUID()}.zip.part`);
    writeFileSync(path, 'PK half a zip');
    const at = new Date(Date.now() - agoMs);
    utimesSync(path, at, at);
    return path;
  };
  /** a row as a run leaves it when its process dies: still open, its job gone */
  const stuck = async (tenantId: number, state: 'queued' | 'running', jobId: string, age: string) =>
    (
      await t.one<{ id: number }>(sql`insert into company_exports (tenant_id, user_id, job_id, state, created_at)
        values (${tenantId}, 1, ${jobId}, ${state}, now() - ${age}::interval) returning id`)
    ).id;
  const rowOf = (id: number) =>
    t.one<{ state: string; error: string }>(sql`select state, error from company_exports where id = ${id}`);

  it('gives two starts at once one run: the second is told it is under way', async () => {
    // whatever earlier tests left is finished first
    const last = (await t.post<CompanyExportStatus | null>(companyExportApi.status.path, {}, property)).body.data;
    if (last) await finished(property, last.id);
    const before = await runs(tenantA);
    const [a, b] = await Promise.all([
      t.post<CompanyExportStatus>(companyExportApi.start.path, {}, property),
      t.post<CompanyExportStatus>(companyExportApi.start.path, {}, property),
    ]);
    expect([a.body.code, b.body.code]).toEqual([0, 0]);
    expect(a.body.data.id).toBe(b.body.data.id);
    expect([a.body.msg, b.body.msg].filter((m) => m === RUNNING_MSG)).toHaveLength(1);
    expect(await runs(tenantA)).toBe(before + 1);
    expect((await finished(property, a.body.data.id)).state).toBe('completed');
  });

  it('marks runs left open by a dead job failed and removes their half-written zips (the hourly cleanup)', async () => {
    // company A: a run whose job the queue no longer has; company D: a run whose job was never queued
    const lost = await stuck(tenantA, 'running', randomUUID(), '2 hours');
    const tenantD = (await t.one<{ id: number }>(sql`select tenant_id as id from users where user_name = 'propertyd'`))
      .id;
    const unqueued = await stuck(tenantD, 'queued', '', '10 minutes');
    // company B: a run begun a moment ago (its job about to be queued), which is alive
    const fresh = await stuck(tenantB, 'queued', '', '1 second');
    const deadA = part(tenantA);
    const deadD = part(tenantD);
    const liveB = part(tenantB);
    const ancientB = part(tenantB, 2 * 3600_000);
    // the page shows the dead run as interrupted at once, before any cleanup
    expect(
      (await t.post<CompanyExportStatus>(companyExportApi.status.path, { id: lost }, property)).body.data,
    ).toMatchObject({ state: 'failed', note: INTERRUPTED_NOTE, url: '' });

    expect(await cleanup()).toEqual({ removed: 0, interrupted: 2, parts: 3 });
    expect(await rowOf(lost)).toEqual({ state: 'failed', error: INTERRUPTED_NOTE });
    expect(await rowOf(unqueued)).toEqual({ state: 'failed', error: INTERRUPTED_NOTE });
    expect(await rowOf(fresh)).toEqual({ state: 'queued', error: '' });
    expect([deadA, deadD, ancientB].filter(existsSync)).toEqual([]);
    expect(existsSync(liveB)).toBe(true);
    expect(
      (await t.post<CompanyExportStatus>(companyExportApi.status.path, { id: lost }, property)).body.data,
    ).toMatchObject({ state: 'failed', note: INTERRUPTED_NOTE });
    // the alive run blocks company B's next start, as any run does
    const b = await t.login('propertyb');
    const again = await t.post<CompanyExportStatus>(companyExportApi.start.path, {}, b);
    expect(again.body).toMatchObject({ code: 0, msg: RUNNING_MSG, data: { id: fresh, state: 'queued' } });
    await t.db.execute(sql`delete from company_exports where id = ${fresh}`);
    rmSync(liveB, { force: true });
    expect(await cleanup()).toEqual({ removed: 0, interrupted: 0, parts: 0 });
  });

  it('starts anew over a dead run, marking it failed, and the new run removes the dead one’s half-written zip', async () => {
    const lost = await stuck(tenantA, 'running', randomUUID(), '5 minutes');
    const dead = part(tenantA);
    const started = await t.post<CompanyExportStatus>(companyExportApi.start.path, {}, property);
    expect(started.body.code).toBe(0);
    expect(started.body.msg).not.toBe(RUNNING_MSG);
    expect(started.body.data.id).not.toBe(lost);
    expect(await rowOf(lost)).toEqual({ state: 'failed', error: INTERRUPTED_NOTE });
    expect((await finished(property, started.body.data.id)).state).toBe('completed');
    expect(existsSync(dead)).toBe(false);
  });
});
