import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { Code } from '@5a/contracts';
import { declaredRoutes, registerAccessControl } from '../../../core/http/access.ts';
import { formatDate } from '../../../core/time.ts';
import { type DemoApp, openDemo } from '../../estate/testing.ts';

/**
 * A company past its expiry and grace days writes nothing through any route: every POST/PUT/DELETE route the
 * server has is called as its super administrator, and each answers by what it declared.
 */
let { t, ids } = {} as DemoApp;
beforeAll(async () => ({ t, ids } = await openDemo()));
afterAll(() => t.close());

const writeMethods = new Set(['POST', 'PUT', 'DELETE']);
const expired = formatDate(new Date(Date.now() - 30 * 86400_000));
const pathOf = (url: string) => url.replace(/:[A-Za-z]+/g, '1').replace(/\*/g, 'x');
/**
 * A fingerprint of every table, to see that the calls answered as reads changed nothing; the audit of who viewed
 * sensitive data and the audit trail (an export is recorded) are written by reading and so are left out.
 */
const fingerprint = async () => {
  const tables = await t.rows<{ name: string }>(
    sql`select tablename as name from pg_tables where schemaname = 'public' and tablename <> 'sensitive_views'
      and tablename not like 'audit\\_logs%' order by tablename`,
  );
  const sums: Record<string, string> = {};
  for (const { name } of tables) {
    const r = await t.one<{ h: string | null }>(
      sql`select md5(string_agg(x::text, ',' order by x::text)) as h from ${sql.identifier(name)} x`,
    );
    sums[name] = r.h ?? '';
  }
  return sums;
};

describe('只读模式的每个写入口', () => {
  it('refuses every declared write with 10018 and answers every read, as the lapsed company', async () => {
    await t.db.execute(sql`update tenants set service_expire = ${expired}::date where id = ${ids.tenantB}`);
    const routes = declaredRoutes(t.app).filter((r) => writeMethods.has(r.method) && r.access !== 'public');
    // the app has them all: the engine's endpoints of every screen and every module's own routes
    expect(routes.length).toBeGreaterThan(300);
    const unclassified = routes.filter((r) => r.writes === undefined).map((r) => `${r.method} ${r.url}`);
    expect(unclassified).toEqual([]);

    const token = await t.login('propertyb');
    const before = await fingerprint();
    const [{ last }] = await t.rows<{ last: number }>(sql`select coalesce(max(id), 0) as last from audit_logs`);
    const wrong: string[] = [];
    const check = async (r: (typeof routes)[number], as: string) => {
      const res = await t.app.inject({
        method: r.method as 'POST' | 'PUT' | 'DELETE',
        url: pathOf(r.url),
        payload: {},
        headers: { authorization: `Bearer ${as}` },
      });
      // an export or a template answers a file, not an envelope
      const body = String(res.headers['content-type']).includes('json')
        ? (res.json() as { code: number; msg: string })
        : null;
      const refused = body?.code === Code.readOnly;
      if (refused !== (r.writes === true)) wrong.push(`${r.method} ${r.url}: ${body?.code} ${body?.msg}`);
    };
    for (const r of routes.filter((x) => x.writes === true || x.writes === false || typeof x.writes === 'function'))
      await check(r, token);
    // reads (a call that saves by its body carried none here) change nothing of the company's
    expect(await fingerprint()).toEqual(before);
    // what the reads left in the audit trail: exports, nothing else
    const recorded = await t.rows<{ action: string }>(
      sql`select distinct action from audit_logs where id > ${last} and user_name = 'propertyb'`,
    );
    expect(recorded).toEqual([{ action: 'export' }]);
    // renewing and the user's own session, profile and password stay open; each gets a login of its own
    for (const r of routes.filter((x) => x.writes === 'exempt')) await check(r, await t.login('propertyb'));
    expect(wrong).toEqual([]);
  });

  it('refuses the writes whose access is a user’s or a view right (repair, patrol, mark read, upload, a setting)', async () => {
    await t.db.execute(sql`update tenants set service_expire = ${expired}::date where id = ${ids.tenantB}`);
    const token = await t.login('propertyb');
    const R = '/Web/Repair/RepairManagement';
    for (const [url, body] of [
      [`${R}/accept`, { data: { id: 1 } }],
      [`${R}/start`, { data: { id: 1 } }],
      [`${R}/complete`, { data: { id: 1 } }],
      ['/Web/Patrol/H5/checkin', { point_id: 1 }],
      ['/Web/Repair/ReportThings/markRead', {}],
      ['/Web/Basic/PlatformInformation/upNotice', { nid: 1 }],
      ['/Common/Document/Upload', {}],
      ['/Web/Renewal/Balance/balanceReminder', { data: { msg_reminder: '1' } }],
    ] as const)
      expect((await t.post(url, body, token)).body.code, url).toBe(Code.readOnly);
    // the own profile stays open
    expect((await t.post('/Passport/User/Info/getUser', {}, token)).body.code).toBe(0);
  });

  it('judges a call that reads or saves by its body: reading the balance reminder is open, saving it is not', async () => {
    await t.db.execute(sql`update tenants set service_expire = ${expired}::date where id = ${ids.tenantB}`);
    const token = await t.login('propertyb');
    const url = '/Web/Renewal/Balance/balanceReminder';
    expect((await t.post(url, {}, token)).body).toMatchObject({ code: 0 });
    const res = await t.post(url, { data: { msg_reminder: '88', list_reminder: '99' } }, token);
    expect(res.body.code).toBe(Code.readOnly);
    const read = await t.post<{ msg_reminder: string }>(url, {}, token);
    expect(read.body.data.msg_reminder).not.toBe('88.00');
  });

  it('refuses to start a route that does not say whether it writes', async () => {
    const app = Fastify();
    registerAccessControl(app, {
      resolveToken: async () => null,
      loadGrants: async () => ({ perms: new Set(), villageIds: null }),
    });
    expect(() => app.post('/xapi/Web/Some/thing', { config: { access: 'user' } }, async () => ({}))).toThrow(
      'declares no writes',
    );
    // a read says so, and a GET reads by its method
    expect(() =>
      app.post('/xapi/Web/Some/list', { config: { access: 'user', writes: false } }, async () => ({})),
    ).not.toThrow();
    expect(() => app.get('/xapi/Web/Some/file', { config: { access: 'user' } }, async () => ({}))).not.toThrow();
    await app.close();
  });
});
