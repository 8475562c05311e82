import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { setupApp, type TestApp } from './test/harness.ts';

let t: TestApp;
const dist = mkdtempSync(join(tmpdir(), '5a-dist-'));
const indexHtml = '<!doctype html><title>5A云小区</title>';
writeFileSync(join(dist, 'index.html'), indexHtml);
writeFileSync(join(dist, 'index.html.gz'), gzipSync(indexHtml));
// an asset with the siblings scripts/build-web.mjs writes
const appJs = `export const rows = [${Array.from({ length: 500 }, (_, i) => `"住户${i}"`).join(',')}];`;
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'assets/app-abc123.js'), appJs);
writeFileSync(join(dist, 'assets/app-abc123.js.gz'), gzipSync(appJs));
writeFileSync(join(dist, 'assets/app-abc123.js.br'), brotliCompressSync(appJs));
beforeAll(async () => {
  t = await setupApp({ webDist: dist });
});
afterAll(() => t.close());

describe('http basics', () => {
  it('answers health without the database', async () => {
    const res = await t.app.inject({ url: '/health' });
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers an unknown API path with 404 and the envelope', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/xapi/Nope/Nope', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, msg: '请求地址出错', data: null });
  });

  it('serves the web app for page routes and 404 for missing assets', async () => {
    const page = await t.app.inject({ url: '/Web/Basic/Building/listConfig' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('5A云小区');
    expect((await t.app.inject({ url: '/assets/missing.js' })).statusCode).toBe(404);
  });

  it('sends the precompressed asset the client accepts, the plain one otherwise', async () => {
    const url = '/assets/app-abc123.js';
    const gz = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.statusCode).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-type']).toMatch(/javascript/);
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(appJs);

    const br = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(appJs);

    const plain = await t.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(appJs);
  });

  it('sends the SPA fallback compressed too, as html', async () => {
    const page = await t.app.inject({ url: '/Web/Basic/Index/index', headers: { 'accept-encoding': 'gzip' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(gunzipSync(page.rawPayload).toString()).toBe(indexHtml);
  });

  it('serves no compressed file as a route of its own', async () => {
    expect((await t.app.inject({ url: '/assets/app-abc123.js.gz' })).statusCode).toBe(404);
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject({ url: '/docs/json' });
    expect(res.json().paths).toHaveProperty('/xapi/Common/Menu/Menu');
  });

  it('refuses to register an API route that declares no access', async () => {
    const { buildApp } = await import('./app.ts');
    const app = await buildApp({ db: t.db, config: (await import('./test/harness.ts')).testConfig() });
    expect(() => app.post('/xapi/Open/Door', async () => 'open')).toThrow(/declares no access/);
    await app.close();
  });

  it('answers a malformed JSON body with 400 and the Chinese text', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/xapi/Passport/User/Login/web',
      payload: '{bad',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('请求错误');
  });
});
