import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Code, identityFailureCodes, type MenuReply } from '@5a/contracts';
import { DEMO_KINDS, setupApp, type TestApp } from './harness.ts';
import { concreteUrl, expectedVerdict, type DeclaredRoute, type Verdict } from './matrix.ts';
import { checkListScope } from './matrix-rows.ts';

const declared = vi.hoisted(() => [] as DeclaredRoute[]);
vi.mock('fastify', async (importOriginal) => {
  const real = await importOriginal<typeof import('fastify')>();
  const { recordingFactory } = await import('./matrix.ts');
  const wrapped = recordingFactory(real.default, declared);
  return { ...real, default: wrapped, fastify: wrapped };
});

/** every kind of demo user, and no login */
const USERS = DEMO_KINDS;
type Who = (typeof USERS)[number] | 'anonymous';

let t: TestApp;
const tokens = new Map<Who, string>();
const perms = new Map<Who, ReadonlySet<string>>();
beforeAll(async () => {
  t = await setupApp();
  for (const u of USERS) {
    const token = await t.login(u);
    tokens.set(u, token);
    perms.set(u, new Set((await t.post<MenuReply>('/Common/Menu/Menu', {}, token)).body.data.perms));
  }
}, 120_000);
afterAll(() => t.close());

/**
 * The permission gate's answer without running the handler: the body has a type no route parses,
 * so a caller let through gets 415 before validation or handler; a refused one gets 10003 / 50008.
 * (Routes without a body, GET, run their handler: those are the file reads and the payment notify.)
 */
const gate = async (method: string, url: string, who: Who): Promise<{ verdict: Verdict; code: number }> => {
  const token = tokens.get(who);
  const res = await t.app.inject({
    method: method as 'POST',
    url: concreteUrl(url),
    payload: 'matrix',
    headers: { 'content-type': 'application/x-matrix-probe', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  let code = res.statusCode;
  try {
    code = (res.json() as { code: number }).code;
  } catch {
    // a file or page, not an envelope: let through
  }
  return { verdict: identityFailureCodes.includes(code) ? 'login' : code === Code.forbidden ? 'deny' : 'allow', code };
};

describe('permission matrix: every /xapi route × every kind of demo user', () => {
  it('has the demo users the README names: a user manager and a one-village clerk of 阳光物业', async () => {
    // the edit resource carries drag and batch along (as the permission screen grants it)
    expect([...perms.get('useradmin')!].sort()).toEqual(
      ['add', 'batch', 'drag', 'edit', 'export', 'import', 'remove', 'view'].map((a) => `SystemUser:${a}`),
    );
    // the clerk also lands on her workbench (its panels are her role's)
    expect([...perms.get('jadeonly')!].sort()).toEqual([
      'Building:view',
      'GatePerson:view',
      'House:view',
      'Index:view',
      'Village:view',
    ]);
    const villages = await t.post<{ label: string }[]>('/Web/Basic/Village/options', {}, tokens.get('jadeonly'));
    expect(villages.body.data.map((v) => v.label)).toEqual(['翠湖名苑']);
  });

  it('gives the codes of a page only super administrators hold (数据导出) to no one else', async () => {
    const superOnly = t.registry.superOnly();
    expect([...superOnly]).toContain('CompanyExport');
    const supers = new Set(
      (await t.rows<{ user_name: string }>(sql`select user_name from users where is_super`)).map((u) => u.user_name),
    );
    for (const u of USERS) {
      const held = [...perms.get(u)!].filter((p) => superOnly.has(p.split(':')[0]!));
      if (!supers.has(u)) expect(held, u).toEqual([]);
    }
    // the company's super administrator holds it: the matrix below lets him through and refuses the rest
    expect(perms.get('property')).toContain('CompanyExport:view');
  });

  it('answers every route as its declared access says', async () => {
    expect(declared.length).toBeGreaterThan(100);
    const who: Who[] = [...USERS, 'anonymous'];
    const mismatches: string[] = [];
    const tally = { allow: 0, deny: 0, login: 0 };
    for (const r of declared) {
      for (const w of who) {
        const want = expectedVerdict(r.access, perms.get(w) ?? null);
        const got = await gate(r.method, r.url, w);
        tally[want] += 1;
        if (got.verdict !== want)
          mismatches.push(`${r.method} ${r.url} ${w}: declared ${want}, answered ${got.verdict} (${got.code})`);
      }
    }
    console.log(
      `permission matrix: ${declared.length} routes × ${who.length} users = ${declared.length * who.length} cells; ` +
        `${tally.allow} allowed, ${tally.deny} denied (10003), ${tally.login} refused without login (50008)`,
    );
    expect(mismatches).toEqual([]);
  }, 120_000);

  it('lists only the caller’s own rows (tenant, owner, villages) on every declared screen', async () => {
    const report = await checkListScope(
      t,
      declared,
      USERS.map((u) => ({ user: u, token: tokens.get(u)!, perms: perms.get(u)! })),
    );
    console.log(
      `row scope: ${report.calls} list and options reads, ${report.rows} rows checked, ${report.foreign} foreign ids probed`,
    );
    if (report.refusedOtherKind.length)
      console.log(
        `let in by a same-named permission of another app kind, refused by the engine: ${report.refusedOtherKind.join('; ')}`,
      );
    expect(report.problems).toEqual([]);
  }, 120_000);
});
