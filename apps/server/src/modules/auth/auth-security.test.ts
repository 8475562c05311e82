import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { Code, type Captcha, type Envelope, type LoginData } from '@5a/contracts';
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

/** a login from a given address: each test its own, so the per-address captcha of one does not reach another */
const from = async (ip: string, kind: string, user: string, password: string, extra: Record<string, string> = {}) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/xapi/Passport/User/Login/${kind}`,
    payload: { ...(await t.loginRequest(user, password)), ...extra },
    remoteAddress: ip,
  });
  return res.json() as Envelope<LoginData>;
};

/** a fresh captcha and its answer, read where the server keeps it */
const captcha = async () => {
  const res = await t.post<Captcha>('/Passport/User/Login/captcha', {});
  expect(res.body.code).toBe(0);
  const { answer } = await t.one<{ answer: string }>(
    sql`select answer from login_captchas where id = ${res.body.data.randstr}`,
  );
  return { ...res.body.data, answer };
};

describe('failed logins ask for a captcha, never lock the right password out', () => {
  it('after 3 failures a name needs a captcha; a wrong or reused one is refused, a right one logs in', async () => {
    const ip = '198.51.100.1';
    await addUser('cap_user');
    expect((await from(ip, 'web', 'cap_user', 'bad_pass_1')).code).toBe(Code.loginFailed);
    expect((await from(ip, 'web', 'cap_user', 'bad_pass_1')).code).toBe(Code.loginFailed);
    const third = await from(ip, 'web', 'cap_user', 'bad_pass_1');
    expect(third).toMatchObject({ code: Code.captchaRequired, msg: '用户名或密码错误，请输入验证码后重试' });
    // the right password alone is not enough now, and nothing is written for it
    expect(await from(ip, 'web', 'cap_user', PASSWORD)).toMatchObject({
      code: Code.captchaRequired,
      msg: '请输入验证码',
      data: { field: 'ticket' },
    });
    const wrong = await captcha();
    const badTicket = wrong.answer === '0000' ? '1111' : '0000';
    expect(await from(ip, 'web', 'cap_user', PASSWORD, { randstr: wrong.randstr, ticket: badTicket })).toMatchObject({
      code: Code.captchaRequired,
      msg: '验证码错误或已过期，请重新输入',
    });
    // one picture, one guess: the right answer after a wrong one is refused too
    const reused = await from(ip, 'web', 'cap_user', PASSWORD, { randstr: wrong.randstr, ticket: wrong.answer });
    expect(reused.code).toBe(Code.captchaRequired);
    const right = await captcha();
    const ok = await from(ip, 'web', 'cap_user', PASSWORD, { randstr: right.randstr, ticket: right.answer });
    expect(ok.code, ok.msg).toBe(0);
    // the login cleared the name's failures: no captcha the next time
    expect((await from(ip, 'web', 'cap_user', PASSWORD)).code).toBe(0);
  });

  it('lets the platform admin in with the right password and a captcha after many failures', async () => {
    const ip = '198.51.100.2';
    for (let i = 0; i < 7; i++) await from(ip, 'sys', 'admin', 'bad_pass_1');
    for (const password of [PASSWORD, 'Admin_2026'])
      expect((await from(ip, 'sys', 'admin', password)).code).toBe(Code.captchaRequired);
    const c = await captcha();
    const res = await from(ip, 'sys', 'admin', 'Admin_2026', { randstr: c.randstr, ticket: c.answer });
    expect(res.code, res.msg).toBe(0);
  });

  it('counts failures at every entrance toward one name, and asks the captcha before telling the entrance', async () => {
    const ip = '198.51.100.3';
    await addUser('cap_mix');
    expect((await from(ip, 'web', 'cap_mix', 'bad_pass_1')).code).toBe(Code.loginFailed);
    expect((await from(ip, 'sys', 'cap_mix', 'bad_pass_1')).code).toBe(Code.loginFailed);
    expect((await from(ip, 'operator', 'cap_mix', 'bad_pass_1')).code).toBe(Code.captchaRequired);
    // the right password at the wrong entrance: the captcha first, so the answer does not tell the name exists
    expect((await from('198.51.100.4', 'sys', 'cap_mix', PASSWORD)).code).toBe(Code.captchaRequired);
    const c = await captcha();
    expect((await from(ip, 'sys', 'cap_mix', PASSWORD, { randstr: c.randstr, ticket: c.answer })).code).toBe(
      Code.wrongKind,
    );
  });

  it('refuses an expired captcha', async () => {
    const ip = '198.51.100.5';
    await addUser('cap_old');
    for (let i = 0; i < 3; i++) await from(ip, 'web', 'cap_old', 'bad_pass_1');
    const c = await captcha();
    await t.rows(sql`update login_captchas set expires_at = now() - interval '1 second' where id = ${c.randstr}`);
    const res = await from(ip, 'web', 'cap_old', PASSWORD, { randstr: c.randstr, ticket: c.answer });
    expect(res.msg).toBe('验证码错误或已过期，请重新输入');
  });

  it('asks every name from an address with many failures for a captcha, not the same name from elsewhere', async () => {
    const ip = '198.51.100.6';
    await addUser('cap_ip');
    for (let i = 0; i < 10; i++) await from(ip, 'web', `nobody_${i}`, 'bad_pass_1');
    expect((await from(ip, 'web', 'cap_ip', PASSWORD)).code).toBe(Code.captchaRequired);
    expect((await from('198.51.100.7', 'web', 'cap_ip', PASSWORD)).code).toBe(0);
  });

  it('draws the captcha as an SVG picture without its answer in text', async () => {
    const c = await captcha();
    expect(c.randstr).toMatch(/^[\w-]{20,64}$/);
    expect(c.image.startsWith('data:image/svg+xml;base64,')).toBe(true);
    const svg = Buffer.from(c.image.split(',')[1]!, 'base64').toString();
    expect(svg).toMatch(/^<svg /);
    expect(svg).not.toContain('<text');
    expect(svg).not.toContain(c.answer);
  });

  it('names the field of a malformed captcha answer', async () => {
    const res = await from('198.51.100.8', 'web', 'nobody', 'x_pass_1', { randstr: 'r', ticket: 'x'.repeat(40) });
    expect(res).toMatchObject({ code: Code.validation, msg: '验证码格式错误', data: { field: 'ticket' } });
  });
});

describe('login rate limit behind a proxy', () => {
  const spoofed = async (limited: TestApp, n: number) => {
    const codes: number[] = [];
    for (let i = 0; i < n; i++) {
      const res = await limited.app.inject({
        method: 'POST',
        url: '/xapi/Passport/User/Login/web',
        // a name per call: one name would need a captcha after 3 failures, and record none after that
        payload: await limited.loginRequest(`nobody_here${i}`, 'x_wrong_1'),
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
        sql`select distinct ip from login_failures where user_name like 'nobody_here%'`,
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
        sql`select ip from login_failures where user_name like 'nobody_here%' order by id`,
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
  const change = (token: string, old: string) =>
    t.post(
      '/Passport/User/Info/edit',
      { name: 'x', old_password: old, user_password: 'New_pass_9', re_password: 'New_pass_9' },
      token,
    );

  it('refuses the change after 5 wrong old passwords, and those ask the login for a captcha, not a lock', async () => {
    await addUser('pw_guess');
    const s = (await attempt('web', 'pw_guess', PASSWORD)).body.data;
    for (let i = 0; i < 4; i++) {
      const res = await change(s.token, 'guess_001');
      expect(res.body).toMatchObject({ code: Code.validation, data: { field: 'old_password' } });
      expect(res.body.msg).toContain('旧密码不正确');
    }
    for (const old of ['guess_001', PASSWORD]) {
      const res = await change(s.token, old);
      expect(res.body).toMatchObject({ code: Code.validation, data: { field: 'old_password' } });
      expect(res.body.msg).toBe('旧密码错误次数过多，请15分钟后再修改密码');
    }
    // nothing was written: the old password is still the one stored
    const [row] = await t.db.select().from(users).where(eq(users.userName, 'pw_guess'));
    expect(row!.name).toBe('pw_guess');
    expect((await from('198.51.100.20', 'web', 'pw_guess', PASSWORD)).code).toBe(Code.captchaRequired);
    const c = await captcha();
    expect(
      (await from('198.51.100.20', 'web', 'pw_guess', PASSWORD, { randstr: c.randstr, ticket: c.answer })).code,
    ).toBe(0);
  });

  it('failed logins by someone else do not block the password change', async () => {
    await addUser('pw_mixed');
    const s = (await attempt('web', 'pw_mixed', PASSWORD)).body.data;
    for (let i = 0; i < 6; i++) await from('198.51.100.21', 'web', 'pw_mixed', 'bad_pass_1');
    expect((await change(s.token, PASSWORD)).body.code).toBe(0);
  });
});

describe('company login names', () => {
  it('refuses a company user named like a platform or operator account, naming the field, and writes nothing', async () => {
    const property = await t.login('property');
    for (const name of ['admin', 'operator']) {
      const res = await t.post(
        '/System/User/add',
        { row: { user_name: name, name: '冒名', user_password: 'Fake_2026', status: 1 } },
        property,
      );
      expect(res.body).toMatchObject({
        code: Code.validation,
        msg: '用户名与平台或运营商账号重名，请更换用户名',
        data: { field: 'user_name' },
      });
      expect(await t.rows(sql`select id from users where kind = 'web' and user_name = ${name}`)).toEqual([]);
    }
  });

  it('keeps a company user from being renamed to such a name', async () => {
    const property = await t.login('property');
    const u = await addUser('rename_me');
    await t.post('/System/User/edit', { row: { id: u.id, user_name: 'admin', name: 'x' } }, property);
    expect((await t.one<{ user_name: string }>(sql`select user_name from users where id = ${u.id}`)).user_name).toBe(
      'rename_me',
    );
  });

  it('refuses onboarding a company whose administrator is named like a platform or operator account', async () => {
    const admin = await t.login('admin');
    const { id: operatorId } = await t.one<{ id: number }>(sql`select id from operators order by id limit 1`);
    const res = await t.post(
      '/Operator/Tenant/add',
      {
        row: {
          name: '冒名物业有限公司',
          operator_id: operatorId,
          contact: '林总',
          phone: '13700009999',
          status: 1,
          user_name: 'operator',
          user_password: 'South_2026',
        },
      },
      admin,
    );
    expect(res.body).toMatchObject({
      code: Code.validation,
      msg: '登录账号与平台或运营商账号重名，请更换登录账号',
      data: { field: 'user_name' },
    });
    expect(await t.rows(sql`select id from tenants where name = '冒名物业有限公司'`)).toEqual([]);
  });
});
