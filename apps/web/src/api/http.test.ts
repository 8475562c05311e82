import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const toasts: string[] = [];
vi.mock('../lib/feedback.ts', () => ({ notifyError: (msg: string) => toasts.push(msg) }));
vi.mock('../lib/log.ts', () => ({ logError: () => undefined, currentPage: () => '' }));

const { ApiError, errorField, send, sendMsg, setAuthFailureHandler } = await import('./http.ts');
const { useAuthStore } = await import('../store/auth.ts');

type Call = { url: string; auth: string | null; body: unknown };
const calls: Call[] = [];
const reply = (status: number, payload: unknown) =>
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, auth: new Headers(init.headers).get('Authorization'), body: JSON.parse(String(init.body)) });
    return new Response(typeof payload === 'string' ? payload : JSON.stringify(payload), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });

let loggedOut = 0;
beforeEach(() => {
  toasts.length = 0;
  calls.length = 0;
  loggedOut = 0;
  setAuthFailureHandler(() => loggedOut++);
  useAuthStore.setState({ token: 'tok' });
});
afterEach(() => vi.unstubAllGlobals());

describe('the web http client', () => {
  it('posts JSON to the base address with the bearer token and unwraps data and msg', async () => {
    reply(200, { code: 0, msg: '保存成功!', data: { id: 7 } });
    expect(await sendMsg('/Web/Basic/House/add', { row: { name: '101' } })).toEqual({
      data: { id: 7 },
      msg: '保存成功!',
    });
    expect(calls[0]).toEqual({ url: '/xapi/Web/Basic/House/add', auth: 'Bearer tok', body: { row: { name: '101' } } });
  });

  it.each([50008, 50012, 50014])('forces the logout on identity failure %i, without a toast', async (code) => {
    reply(200, { code, msg: '登录已失效', data: null });
    await expect(send('/x')).rejects.toMatchObject({ code });
    expect(loggedOut).toBe(1);
    expect(toasts).toEqual([]);
  });

  it('never logs out for a call that asks not to (the logout call)', async () => {
    reply(200, { code: 50014, msg: '登录已失效', data: null });
    await expect(send('/x', {}, { skipAuthFailure: true })).rejects.toBeInstanceOf(ApiError);
    expect(loggedOut).toBe(0);
  });

  it('toasts a failure and keeps its data (the field a validation failure names)', async () => {
    reply(200, { code: 10001, msg: '房号不能为空', data: { field: 'name' } });
    const e = await send('/x').catch((x: unknown) => x);
    expect(toasts).toEqual(['房号不能为空']);
    expect(errorField(e)).toBe('name');
  });

  it('a silent call does not toast', async () => {
    reply(200, { code: 1, msg: '不行', data: null });
    await expect(send('/x', {}, { silent: true })).rejects.toThrow('不行');
    expect(toasts).toEqual([]);
  });

  it('an HTTP failure without an envelope shows the catalogue text', async () => {
    reply(502, '<html>bad gateway</html>');
    await expect(send('/x')).rejects.toMatchObject({ message: '网关错误', status: 502 });
    expect(toasts).toEqual(['网关错误']);
  });

  it('a network failure shows 网络异常', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(send('/x')).rejects.toMatchObject({ message: '网络异常', status: 0 });
  });
});
