import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await setupApp();
  token = await t.login('property');
});
afterAll(() => t.close());

type JsonSchema = {
  required?: string[];
  anyOf?: JsonSchema[];
  minimum?: number;
  properties?: Record<string, JsonSchema>;
};
type Op = { responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }> };

describe('HTTP hardening', () => {
  it('sends a Content-Security-Policy the built app works with', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    const csp = String(res.headers['content-security-policy'] ?? '');
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toMatch(/img-src 'self' data: blob: https:/);
    // the video wall: MSE plays from blob: URLs, hls.js demuxes in a blob: worker
    expect(csp).toContain("media-src 'self' blob: https:");
    expect(csp).toContain("worker-src 'self' blob:");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(csp).not.toContain('unsafe-eval');
  });

  it('keeps the API docs page within the same policy: scripts from files only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self';");
    const scripts = [...res.body.matchAll(/<script([^>]*)>/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.every((attrs) => /\bsrc=/.test(attrs))).toBe(true);
  });

  it('names 413 and 406 instead of a server error', async () => {
    const big = await t.app.inject({
      method: 'POST',
      url: '/xapi/Web/Basic/Building/list',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(11 * 1024 * 1024) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ code: 413, msg: '请求内容过大', data: null });
    const notMultipart = await t.post('/Common/Document/Upload', { file: 'x' }, token);
    expect(notMultipart.status).toBe(406);
    expect(notMultipart.body).toEqual({ code: 406, msg: '不支持的请求格式', data: null });
  });

  it('documents the envelope and the error statuses on every operation', async () => {
    const doc = t.app.swagger() as unknown as { paths: Record<string, Record<string, Op>> };
    const ops = Object.entries(doc.paths)
      .filter(([p]) => p.startsWith('/xapi/'))
      .flatMap(([p, m]) => Object.entries(m).map(([k, op]) => ({ at: `${k} ${p}`, op })));
    expect(ops.length).toBeGreaterThan(300);
    for (const { at, op } of ops) {
      for (const status of ['200', '400', '413', '429', '500'])
        expect(op.responses?.[status], `${at} ${status}`).toBeDefined();
      expect(op.responses?.['500']?.content?.['application/json']?.schema?.required, at).toEqual([
        'code',
        'msg',
        'data',
      ]);
    }
    // a declared reply: code 0 with its typed data, or a failure
    const list = doc.paths['/xapi/Web/Basic/Building/list']!.post!;
    const [success, failure] = list.responses?.['200']?.content?.['application/json']?.schema?.anyOf ?? [];
    expect(success?.required).toEqual(['code', 'msg', 'data']);
    expect(success?.properties?.data?.required).toEqual(expect.arrayContaining(['records', 'total']));
    expect(failure?.properties?.code?.minimum).toBe(1);
  });
});
