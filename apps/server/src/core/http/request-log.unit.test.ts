import Fastify, { LogController } from 'fastify';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { registerRequestLog } from './request-log.ts';

const serverLogging = async (level: string) => {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write: (chunk: Buffer, _enc, next) => {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      next();
    },
  });
  const app = Fastify({ logger: { level, stream }, logController: new LogController({ disableRequestLogging: true }) });
  registerRequestLog(app);
  app.get('/assets/index.js', async () => 'js');
  app.get('/login', async () => 'page');
  app.get('/health', async () => ({ status: 'ok' }));
  app.post('/xapi/Web/Basic/Building/list', async () => ({ code: 0 }));
  await app.ready();
  return { app, lines };
};

describe('request log', () => {
  it('writes one line per API call and none for the web files, pages and health checks', async () => {
    const { app, lines } = await serverLogging('info');
    await app.inject({ method: 'GET', url: '/assets/index.js' });
    await app.inject({ method: 'GET', url: '/login' });
    await app.inject({ method: 'GET', url: '/health' });
    await app.inject({ method: 'POST', url: '/xapi/Web/Basic/Building/list', payload: {} });
    await app.inject({ method: 'POST', url: '/xapi/nowhere', payload: {} });
    expect(lines.map((l) => [l.msg, l.method, l.url, l.status])).toEqual([
      ['request', 'POST', '/xapi/Web/Basic/Building/list', 200],
      ['request', 'POST', '/xapi/nowhere', 404],
    ]);
    expect(typeof lines[0]?.ms).toBe('number');
    await app.close();
  });

  it('is silent at LOG_LEVEL=warn', async () => {
    const { app, lines } = await serverLogging('warn');
    await app.inject({ method: 'POST', url: '/xapi/Web/Basic/Building/list', payload: {} });
    expect(lines).toEqual([]);
    await app.close();
  });
});
