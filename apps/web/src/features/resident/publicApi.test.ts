import { afterEach, describe, expect, it, vi } from 'vitest';
import { Code } from '@5a/contracts';
import { RESIDENT_TOKEN_HEADER, residentApi } from '@5a/contracts/endpoints/resident';
import { ApiError } from '../../api/http.ts';
import { fieldError, isSignedOut, rcall } from './publicApi.ts';
import { clearResidentToken, readResidentToken, saveResidentToken } from './session.ts';

const reply = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  clearResidentToken();
});

describe('the resident page client', () => {
  it('posts JSON to /xapi with the session in its own header, never a bearer token', async () => {
    saveResidentToken('t-1');
    const fetch = vi.fn(async (_url: string, _init: RequestInit) =>
      reply({ code: 0, msg: 'ok', data: { phone: '1' } }),
    );
    vi.stubGlobal('fetch', fetch);
    await expect(rcall(residentApi.me, {})).resolves.toEqual({ phone: '1' });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/xapi/H5/Resident/Me/info');
    const headers = new Headers(init.headers);
    expect(headers.get(RESIDENT_TOKEN_HEADER)).toBe('t-1');
    expect(headers.get('Authorization')).toBeNull();
    expect(init.body).toBe('{}');
  });

  it('ends the session when the server no longer knows it', async () => {
    saveResidentToken('t-2');
    vi.stubGlobal('fetch', async () => reply({ code: Code.tokenInvalid, msg: '请先登录', data: null }));
    const e: unknown = await rcall(residentApi.me, {}).catch((x: unknown) => x);
    expect(isSignedOut(e)).toBe(true);
    expect(readResidentToken()).toBeNull();
  });

  it('keeps a refused field for the form', async () => {
    vi.stubGlobal('fetch', async () => reply({ code: Code.validation, msg: '验证码错误', data: { field: 'code' } }));
    const e: unknown = await rcall(residentApi.login, { phone: '13912345678', code: '000000' }).catch(
      (x: unknown) => x,
    );
    expect(e).toBeInstanceOf(ApiError);
    expect(fieldError(e)).toEqual({ field: 'code', msg: '验证码错误' });
    expect(fieldError(new ApiError('x', Code.fail))).toBeNull();
  });
});
