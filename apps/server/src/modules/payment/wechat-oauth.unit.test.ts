import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wechatOAuth, WechatOAuthError } from './wechat-oauth.ts';
import { wechatPayProvider } from './wechat.ts';

const APPID = 'wx520c15f417810387';
const SECRET = 'b3c8f1a0d4e5f6a7b8c9d0e1f2a3b4c5';

/**
 * Plays api.weixin.qq.com/sns/oauth2/access_token on 127.0.0.1: checks the four parameters and
 * answers as WeChat does — HTTP 200 with the token or with {errcode, errmsg}; a code works once.
 */
const seen: URL[] = [];
const used = new Set<string>();
let server: Server;
let base = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    seen.push(url);
    const q = url.searchParams;
    const send = (status: number, body: string) => {
      // WeChat answers JSON with a text/plain content type
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(body);
    };
    if (req.method !== 'GET' || url.pathname !== '/sns/oauth2/access_token') return send(404, 'not found');
    const code = q.get('code') ?? '';
    if (code === 'broken') return send(502, '<html>bad gateway</html>');
    if (code === 'garbled') return send(200, 'not json');
    if (code === 'slow') return void setTimeout(() => send(200, '{}'), 500);
    if (q.get('grant_type') !== 'authorization_code')
      return send(200, JSON.stringify({ errcode: 40002, errmsg: 'invalid grant_type' }));
    if (q.get('appid') !== APPID) return send(200, JSON.stringify({ errcode: 40013, errmsg: 'invalid appid' }));
    if (q.get('secret') !== SECRET) return send(200, JSON.stringify({ errcode: 40125, errmsg: 'invalid appsecret' }));
    if (!code.startsWith('good'))
      return send(200, JSON.stringify({ errcode: 40029, errmsg: 'invalid code, rid: 6912a0c1-1f2e3d4c' }));
    if (used.has(code))
      return send(200, JSON.stringify({ errcode: 40163, errmsg: 'code been used, rid: 6912a0c1-5a6b7c8d' }));
    used.add(code);
    send(
      200,
      JSON.stringify({
        access_token: `AT-${code}`,
        expires_in: 7200,
        refresh_token: `RT-${code}`,
        openid: `oUpF8u-${code}`,
        scope: 'snsapi_base',
        is_snapshotuser: 0,
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const client = (over: { secret?: string; timeoutMs?: number } = {}) =>
  wechatOAuth({ appid: APPID, secret: over.secret ?? SECRET, baseUrl: base, timeoutMs: over.timeoutMs });

describe('WeChat OAuth code → openid (sns/oauth2/access_token)', () => {
  it('exchanges a code with appid, secret, code and grant_type=authorization_code', async () => {
    const token = await client().exchange('good-1');
    expect(token).toEqual({
      openid: 'oUpF8u-good-1',
      accessToken: 'AT-good-1',
      expiresIn: 7200,
      refreshToken: 'RT-good-1',
      scope: 'snsapi_base',
    });
    const q = seen.at(-1)!.searchParams;
    expect(Object.fromEntries(q)).toEqual({
      appid: APPID,
      secret: SECRET,
      code: 'good-1',
      grant_type: 'authorization_code',
    });
  });

  it('encodes the code and refuses an empty one without calling', async () => {
    const before = seen.length;
    await expect(client().openidFromCode('  ')).rejects.toMatchObject({ errcode: 41008 });
    expect(seen.length).toBe(before);
    await expect(client().openidFromCode('good&x=1')).resolves.toBe('oUpF8u-good&x=1');
    expect(seen.at(-1)!.searchParams.get('code')).toBe('good&x=1');
  });

  it('turns WeChat errors into messages the payer can act on', async () => {
    await expect(client().openidFromCode('bad')).rejects.toThrow(
      '微信授权失败：授权码无效或已过期，请重新打开支付页面（40029）',
    );
    await client().openidFromCode('good-twice');
    const again = client().openidFromCode('good-twice');
    await expect(again).rejects.toBeInstanceOf(WechatOAuthError);
    await expect(again).rejects.toMatchObject({ errcode: 40163 });
    await expect(client({ secret: 'wrong' }).openidFromCode('good-2')).rejects.toMatchObject({ errcode: 40125 });
  });

  it('reports an unavailable, garbled or slow service', async () => {
    await expect(client().openidFromCode('broken')).rejects.toThrow('微信授权服务异常（HTTP 502）');
    await expect(client().openidFromCode('garbled')).rejects.toThrow('微信授权服务返回格式错误');
    await expect(client({ timeoutMs: 50 }).openidFromCode('slow')).rejects.toThrow('微信授权服务超时，请稍后再试');
    await expect(
      wechatOAuth({ appid: APPID, secret: SECRET, baseUrl: 'http://127.0.0.1:1' }).openidFromCode('good-3'),
    ).rejects.toThrow(/^微信授权服务不可用/);
  });

  it('uses an injected HTTP call when given one', async () => {
    const calls: string[] = [];
    const oauth = wechatOAuth({
      appid: APPID,
      secret: SECRET,
      get: async (url) => (calls.push(url), { status: 200, body: '{"openid":"o-injected","access_token":"a"}' }),
    });
    await expect(oauth.openidFromCode('c1')).resolves.toBe('o-injected');
    expect(calls).toEqual([
      `https://api.weixin.qq.com/sns/oauth2/access_token?appid=${APPID}&secret=${SECRET}&code=c1&grant_type=authorization_code`,
    ]);
  });

  it('builds the silent authorization URL', () => {
    expect(client().authorizeUrl('http://pay.example.cn/wap_pay_page?billInfo=abc')).toBe(
      `https://open.weixin.qq.com/connect/oauth2/authorize?appid=${APPID}&redirect_uri=http%3A%2F%2Fpay.example.cn%2Fwap_pay_page%3FbillInfo%3Dabc&response_type=code&scope=snsapi_base&state=pay#wechat_redirect`,
    );
  });

  it('is the WeChat Pay provider’s openid exchange when the AppSecret is configured', async () => {
    const keys = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    const cfg = {
      mchid: '1900000001',
      appid: APPID,
      serialNo: 'M1',
      privateKey: keys.privateKey,
      apiV3Key: '0123456789abcdef0123456789abcdef',
      platformKeys: { P1: keys.publicKey },
    };
    const provider = wechatPayProvider({ ...cfg, appSecret: SECRET, oauth: { baseUrl: base } });
    expect(provider.appId).toBe(APPID);
    await expect(provider.openidFromCode!('good-provider')).resolves.toBe('oUpF8u-good-provider');
    expect(wechatPayProvider(cfg).openidFromCode).toBeUndefined();
  });
});
