import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Code } from '@5a/contracts';
import { setupApp, type TestApp } from '../../test/harness.ts';
import { DUMMY_PASSWORD_HASH, hashPassword } from './service.ts';

// counts the real argon2 verifications, so the test sees the work done rather than a duration
const verified = vi.hoisted(() => ({ hashes: [] as string[] }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof import('@node-rs/argon2')>();
  return {
    ...real,
    verify: (stored: string, ...rest: Parameters<typeof real.verify> extends [unknown, ...infer R] ? R : never) => {
      verified.hashes.push(stored);
      return real.verify(stored, ...rest);
    },
  };
});

let t: TestApp;
beforeAll(async () => {
  t = await setupApp();
});
afterAll(() => t.close());
beforeEach(() => {
  verified.hashes.length = 0;
});

const attempt = async (kind: string, user: string, password: string) =>
  t.post(`/Passport/User/Login/${kind}`, await t.loginRequest(user, password));

describe('login does the same password work for unknown and known names', () => {
  it('verifies one hash for a known name with a wrong password', async () => {
    expect((await attempt('web', 'property', 'wrong_pass1')).body.code).toBe(Code.loginFailed);
    expect(verified.hashes).toHaveLength(1);
    expect(verified.hashes[0]).not.toBe(DUMMY_PASSWORD_HASH);
  });

  it('verifies one (dummy) hash for an unknown name, answering like a wrong password', async () => {
    const res = await attempt('web', 'no_such_user', 'wrong_pass1');
    expect(res.body.code).toBe(Code.loginFailed);
    expect(res.body.msg).toContain('用户名或密码错误');
    expect(verified.hashes).toEqual([DUMMY_PASSWORD_HASH]);
  });

  it('the dummy hash costs what a stored hash costs (same algorithm and parameters)', async () => {
    const params = (h: string) => h.split('$').slice(1, 4).join('$');
    expect(params(DUMMY_PASSWORD_HASH)).toBe(params(await hashPassword('Any_pass_1')));
  });
});
