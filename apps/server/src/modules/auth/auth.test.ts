import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Code, encryptPassword, type LoginData, type UserInfo } from '@5a/contracts';
import { setupApp, type TestApp } from '../../test/harness.ts';
import { authTokens, users } from './schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await setupApp();
});
afterAll(() => t.close());

const attempt = async (kind: string, user: string, password: string, over = {}) =>
  t.post<LoginData>(`/Passport/User/Login/${kind}`, await t.loginRequest(user, password, over));

describe('login', () => {
  it.each([
    ['sys', 'admin', 'Admin_2026'],
    ['operator', 'operator', 'Operator_2026'],
    ['web', 'property', 'Property_2026'],
    ['web', 'staff', 'Staff_2026'],
  ])('%s login of %s returns tokens and the user kind', async (kind, user, password) => {
    const res = await attempt(kind, user, password);
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({ kind, theme: 'default' });
    expect(res.body.data.token).toMatch(/^[\w-]{40,}$/);
    expect(res.body.data.urlToken).not.toBe(res.body.data.token);
    expect(res.body.data.super).toBe(user !== 'staff');
  });

  it('stores only a hash of the token', async () => {
    const res = await attempt('web', 'property', 'Property_2026');
    const rows = await t.db.select().from(authTokens);
    expect(rows.some((r) => r.tokenHash === res.body.data.token)).toBe(false);
    expect(rows.every((r) => r.tokenHash.length === 64)).toBe(true);
  });

  it('refuses a wrong password with a clear message', async () => {
    const res = await attempt('web', 'property', 'wrong_pass1');
    expect(res.body.code).toBe(Code.loginFailed);
    expect(res.body.msg).toContain('用户名或密码错误');
  });

  it('refuses a user at the wrong login kind, even with the right password', async () => {
    const res = await attempt('sys', 'property', 'Property_2026');
    expect(res.body.code).toBe(Code.wrongKind);
    expect(res.body.msg).toContain('不能在此登录');
    const res2 = await attempt('web', 'admin', 'Admin_2026');
    expect(res2.body.code).toBe(Code.wrongKind);
  });

  it('refuses a stale timestamp', async () => {
    const res = await attempt('web', 'property', 'Property_2026', { timestamp: Date.now() - 301_000 });
    expect(res.body.code).toBe(Code.staleTimestamp);
    expect(res.body.msg).toContain('过期');
  });

  it('refuses a replayed form_id', async () => {
    const body = await t.loginRequest('property', 'Property_2026');
    expect((await t.post('/Passport/User/Login/web', body)).body.code).toBe(0);
    const again = await t.post('/Passport/User/Login/web', body);
    expect(again.body.code).toBe(Code.replay);
    expect(again.body.msg).toContain('重复提交');
  });

  it('refuses a payload encrypted for another form id', async () => {
    const body = await t.loginRequest('property', 'Property_2026');
    body.user_password = await encryptPassword('property', body.timestamp, 'another-form-id', 'Property_2026');
    expect((await t.post('/Passport/User/Login/web', body)).body.code).toBe(Code.loginFailed);
  });

  it('names the missing field', async () => {
    const res = await t.post('/Passport/User/Login/web', {
      user_name: '',
      user_password: 'x',
      timestamp: Date.now(),
      form_id: 'abcdefgh1',
    });
    expect(res.body.code).toBe(Code.validation);
    expect(res.body.msg).toBe('请输入用户名');
    expect(res.body.data).toEqual({ field: 'user_name' });
  });

  it('asks a name for a captcha after 3 failures instead of locking it, and other names not', async () => {
    for (let i = 0; i < 2; i++)
      expect((await attempt('web', 'propertyb', 'bad_pass_1')).body.code).toBe(Code.loginFailed);
    expect((await attempt('web', 'propertyb', 'bad_pass_1')).body.code).toBe(Code.captchaRequired);
    expect((await attempt('web', 'propertyb', 'Property_2026')).body.code).toBe(Code.captchaRequired);
    // other users are not affected
    expect((await attempt('web', 'property', 'Property_2026')).body.code).toBe(0);
  });

  it('refuses a disabled user', async () => {
    await t.db.update(users).set({ status: 2 }).where(eq(users.userName, 'operator'));
    const res = await attempt('operator', 'operator', 'Operator_2026');
    expect(res.body.code).toBe(Code.disabled);
    await t.db.update(users).set({ status: 1 }).where(eq(users.userName, 'operator'));
  });
});

describe('tokens', () => {
  it('answers 50008 without, with an unknown, an expired or a revoked token', async () => {
    expect((await t.post('/Passport/User/Info/getUser', {})).body.code).toBe(50008);
    expect((await t.post('/Passport/User/Info/getUser', {}, 'nope')).body.code).toBe(50008);

    const token = await t.login('property');
    expect((await t.post('/Passport/User/Info/getUser', {}, token)).body.code).toBe(0);
    expect((await t.post('/Passport/User/Login/logout', {}, token)).body.code).toBe(0);
    expect((await t.post('/Passport/User/Info/getUser', {}, token)).body.code).toBe(50008);

    const token2 = await t.login('property');
    await t.db.update(authTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await t.post('/Passport/User/Info/getUser', {}, token2)).body.code).toBe(50008);
  });

  it('does not accept the url token as an API token', async () => {
    const res = await attempt('web', 'property', 'Property_2026');
    expect((await t.post('/Passport/User/Info/getUser', {}, res.body.data.urlToken)).body.code).toBe(50008);
  });
});

describe('user info and settings', () => {
  it('returns the current user', async () => {
    const token = await t.login('property');
    const res = await t.post<UserInfo>('/Passport/User/Info/getUser', {}, token);
    expect(res.body.data).toMatchObject({
      user_name: 'property',
      kind: 'web',
      super: true,
      tenantName: '阳光物业服务有限公司',
    });
  });

  it('edits the nickname and the password with the old one verified', async () => {
    const token = await t.login('staff');
    const empty = await t.post('/Passport/User/Info/edit', { name: '' }, token);
    expect(empty.body.msg).toBe('用户昵称不能为空');
    const mismatch = await t.post(
      '/Passport/User/Info/edit',
      { name: '张', user_password: 'New_pass1', re_password: 'Other_1' },
      token,
    );
    expect(mismatch.body.msg).toBe('两次密码输入不一致');
    const noOld = await t.post(
      '/Passport/User/Info/edit',
      { name: '张', user_password: 'New_pass1', re_password: 'New_pass1' },
      token,
    );
    expect(noOld.body.msg).toBe('旧密码不能为空');
    const wrongOld = await t.post(
      '/Passport/User/Info/edit',
      { name: '张', old_password: 'nope', user_password: 'New_pass1', re_password: 'New_pass1' },
      token,
    );
    expect(wrongOld.body.code).not.toBe(0);
    expect(wrongOld.body.msg).toContain('旧密码不正确');

    const good = await t.post(
      '/Passport/User/Info/edit',
      { name: '张师傅2', old_password: 'Staff_2026', user_password: 'New_pass1', re_password: 'New_pass1' },
      token,
    );
    expect(good.body).toMatchObject({ code: 0, msg: '修改成功' });
    expect((await attempt('web', 'staff', 'New_pass1')).body.code).toBe(0);
    expect((await attempt('web', 'staff', 'Staff_2026')).body.code).toBe(Code.loginFailed);
    const info = await t.post<UserInfo>('/Passport/User/Info/getUser', {}, token);
    expect(info.body.data.name).toBe('张师傅2');
  });

  it('saves the theme', async () => {
    const token = await t.login('property');
    expect((await t.post('/Common/User/Info/updateTheme', { theme: 'dark' }, token)).body.code).toBe(0);
    expect((await t.post<UserInfo>('/Passport/User/Info/getUser', {}, token)).body.data.theme).toBe('dark');
    expect((await t.post('/Common/User/Info/updateTheme', { theme: '' }, token)).body.msg).toBe('主题不能为空');
  });

  it('serves the site info without login', async () => {
    const res = await t.post<{ copyright: string }>('/Passport/User/Login/getSiteInfo', {});
    expect(res.body.data.copyright).toContain('5A云小区');
  });
});

describe('rate limit', () => {
  it('limits login calls per IP', async () => {
    const limited = await setupApp({ loginRateLimit: 3 });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await limited.post('/Passport/User/Login/web', await limited.loginRequest('property', 'x_wrong_1'));
        codes.push(res.status);
      }
      expect(codes).toEqual([200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});
