import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { Code, type LoginData } from '@5a/contracts';
import { setupApp, type TestApp } from '../../test/harness.ts';
import { readConfig } from '../../core/config.ts';
import { hashPassword } from './service.ts';
import { users } from './schema.ts';

const dataDir = mkdtempSync(join(tmpdir(), '5a-auth-sec-'));
let t: TestApp;
beforeAll(async () => {
  t = await setupApp({ dataDir });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const PASSWORD = 'Secret_2026';

/** a fresh web user of the demo tenant, so each test has its own lock and sessions */
const addUser = async (userName: string) => {
  const [property] = await t.db.select().from(users).where(eq(users.userName, 'property'));
  const [u] = await t.db
    .insert(users)
    .values({
      kind: 'web',
      tenantId: property!.tenantId,
      userName,
      name: userName,
      passwordHash: await hashPassword(PASSWORD),
    })
    .returning();
  return u!;
};

const attempt = async (kind: string, user: string, password: string) =>
  t.post<LoginData>(`/Passport/User/Login/${kind}`, await t.loginRequest(user, password));

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(500, 7)]);
const uploadImage = async (token: string) => {
  const boundary = '----5a-auth-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    JPEG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/xapi/api/upload/image',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` },
  });
  const body = res.json() as { code: number; data: { url: string } };
  expect(body.code).toBe(0);
  return body.data.url;
};
const readFile = async (url: string, urlToken: string) =>
  (await t.app.inject({ url: `${url}?token=${urlToken}` })).statusCode;
const getUser = async (token: string) => (await t.post('/Passport/User/Info/getUser', {}, token)).body.code;

describe('account lock across login entrances', () => {
  it('counts failures at every entrance toward one lock per name', async () => {
    await addUser('lock_mix');
    expect((await attempt('web', 'lock_mix', 'bad_pass_1')).body.code).toBe(Code.loginFailed);
    expect((await attempt('web', 'lock_mix', 'bad_pass_1')).body.code).toBe(Code.loginFailed);
    expect((await attempt('sys', 'lock_mix', 'bad_pass_1')).body.code).toBe(Code.loginFailed);
    expect((await attempt('operator', 'lock_mix', 'bad_pass_1')).body.code).toBe(Code.loginFailed);
    expect((await attempt('operator', 'lock_mix', 'bad_pass_1')).body.code).toBe(Code.locked);
    expect((await attempt('web', 'lock_mix', PASSWORD)).body.code).toBe(Code.locked);
  });

  it('answers locked at every entrance whatever the password, never the wrong-entrance answer', async () => {
    await addUser('lock_web');
    for (let i = 0; i < 5; i++) await attempt('web', 'lock_web', 'bad_pass_1');
    for (const kind of ['web', 'sys', 'operator']) {
      for (const password of [PASSWORD, 'bad_pass_2']) {
        const res = await attempt(kind, 'lock_web', password);
        expect(res.body.code, `${kind} ${password}`).toBe(Code.locked);
        expect(res.body.msg).toContain('账号已锁定');
      }
    }
  });

  it('still tells the wrong entrance for a name that is not locked and the right password', async () => {
    await addUser('entrance_ok');
    expect((await attempt('sys', 'entrance_ok', PASSWORD)).body.code).toBe(Code.wrongKind);
  });
});

describe('login rate limit behind a proxy', () => {
  const spoofed = async (limited: TestApp, n: number) => {
    const codes: number[] = [];
    for (let i = 0; i < n; i++) {
      const res = await limited.app.inject({
        method: 'POST',
        url: '/xapi/Passport/User/Login/web',
        payload: await limited.loginRequest('nobody_here', 'x_wrong_1'),
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
      });
      codes.push(res.statusCode);
    }
    return codes;
  };

  it('ignores X-Forwarded-For by default, so spoofed addresses still hit the limit', async () => {
    const limited = await setupApp({ loginRateLimit: 3 });
    try {
      expect(await spoofed(limited, 4)).toEqual([200, 200, 200, 429]);
      const ips = await limited.rows<{ ip: string }>(
        sql`select distinct ip from login_failures where user_name = 'nobody_here'`,
      );
      expect(ips.map((r) => r.ip)).toEqual(['127.0.0.1']);
    } finally {
      await limited.close();
    }
  });

  it('uses the forwarded address when the request comes from a configured proxy', async () => {
    const proxied = await setupApp({ loginRateLimit: 3, trustProxy: ['127.0.0.1'] });
    try {
      expect(await spoofed(proxied, 4)).toEqual([200, 200, 200, 200]);
      const ips = await proxied.rows<{ ip: string }>(
        sql`select ip from login_failures where user_name = 'nobody_here' order by id`,
      );
      expect(ips.map((r) => r.ip)).toEqual(['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.4']);
    } finally {
      await proxied.close();
    }
  });

  it('reads TRUST_PROXY as a comma list, trusting none when unset', () => {
    expect(readConfig({}).trustProxy).toEqual([]);
    expect(readConfig({ TRUST_PROXY: '' }).trustProxy).toEqual([]);
    expect(readConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,' }).trustProxy).toEqual(['10.0.0.1', '192.168.0.0/16']);
  });
});

describe('url tokens end with their session', () => {
  it('logout ends the url token of that login, not of another login', async () => {
    await addUser('logout_u');
    const a = (await attempt('web', 'logout_u', PASSWORD)).body.data;
    const b = (await attempt('web', 'logout_u', PASSWORD)).body.data;
    const url = await uploadImage(a.token);
    expect(await readFile(url, a.urlToken)).toBe(200); // resolved once, so it sits in the token cache
    expect((await t.post('/Passport/User/Login/logout', {}, a.token)).body.code).toBe(0);
    expect(await readFile(url, a.urlToken)).toBe(401);
    expect(await readFile(url, b.urlToken)).toBe(200);
    expect(await getUser(b.token)).toBe(0);
  });

  it('a password change ends the other sessions (api and url tokens) and keeps the current one', async () => {
    await addUser('pw_change');
    const current = (await attempt('web', 'pw_change', PASSWORD)).body.data;
    const other = (await attempt('web', 'pw_change', PASSWORD)).body.data;
    const url = await uploadImage(current.token);
    expect(await readFile(url, other.urlToken)).toBe(200);
    expect(await getUser(other.token)).toBe(0);
    const res = await t.post(
      '/Passport/User/Info/edit',
      { name: 'x', old_password: PASSWORD, user_password: 'New_pass_9', re_password: 'New_pass_9' },
      current.token,
    );
    expect(res.body.code).toBe(0);
    expect(await getUser(other.token)).toBe(50008);
    expect(await readFile(url, other.urlToken)).toBe(401);
    expect(await getUser(current.token)).toBe(0);
    expect(await readFile(url, current.urlToken)).toBe(200);
  });

  it('disabling a user in the user screen ends all his tokens, and enabling him again does not revive them', async () => {
    const u = await addUser('disable_me');
    const s = (await attempt('web', 'disable_me', PASSWORD)).body.data;
    const url = await uploadImage(s.token);
    expect(await readFile(url, s.urlToken)).toBe(200);
    expect(await getUser(s.token)).toBe(0);
    const admin = await t.login('property');
    const row = { id: u.id, name: u.name, phone: '', email: '', status: 2 };
    expect((await t.post('/System/User/edit', { row }, admin)).body.code).toBe(0);
    expect(await readFile(url, s.urlToken)).toBe(401);
    expect(await getUser(s.token)).toBe(50008);
    expect((await t.post('/System/User/edit', { row: { ...row, status: 1 } }, admin)).body.code).toBe(0);
    expect(await readFile(url, s.urlToken)).toBe(401);
    expect(await getUser(s.token)).toBe(50008);
  });
});

describe('password change guesses', () => {
  it('counts wrong old passwords like login failures and refuses a locked account', async () => {
    await addUser('pw_guess');
    const s = (await attempt('web', 'pw_guess', PASSWORD)).body.data;
    const change = (old: string) =>
      t.post(
        '/Passport/User/Info/edit',
        { name: 'x', old_password: old, user_password: 'New_pass_9', re_password: 'New_pass_9' },
        s.token,
      );
    for (let i = 0; i < 4; i++) {
      const res = await change('guess_001');
      expect(res.body.code).toBe(Code.validation);
      expect(res.body.msg).toContain('旧密码不正确');
    }
    const fifth = await change('guess_001');
    expect(fifth.body.code).toBe(Code.locked);
    expect(fifth.body.msg).toContain('账号已锁定');
    const right = await change(PASSWORD);
    expect(right.body.code).toBe(Code.locked);
    expect((await attempt('web', 'pw_guess', 'New_pass_9')).body.code).toBe(Code.locked);
    expect((await attempt('web', 'pw_guess', PASSWORD)).body.code).toBe(Code.locked);
    // nothing was written: the old password is still the one stored
    const [row] = await t.db.select().from(users).where(eq(users.userName, 'pw_guess'));
    expect(row!.name).toBe('pw_guess');
  });

  it('a login failure counts toward the lock of the password change too', async () => {
    await addUser('pw_mixed');
    const s = (await attempt('web', 'pw_mixed', PASSWORD)).body.data;
    for (let i = 0; i < 5; i++) await attempt('web', 'pw_mixed', 'bad_pass_1');
    const res = await t.post(
      '/Passport/User/Info/edit',
      { name: 'x', old_password: PASSWORD, user_password: 'New_pass_9', re_password: 'New_pass_9' },
      s.token,
    );
    expect(res.body.code).toBe(Code.locked);
  });
});
