import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { endpoint } from '@5a/contracts';
import { registerErrorHandling } from './errors.ts';
import { serve, withMsg } from './endpoint.ts';
import { replySerializer } from './reply-check.ts';

type Sum = { total: number; label: string };
const sumApi = endpoint<{ a: number; b: number }, Sum>('/Test/sum');
const body = z.object({ a: z.number({ error: 'a 格式错误' }), b: z.number() });
const reply = z.object({ total: z.number(), label: z.string() });

const appWith = async (check: boolean, result: (a: number, b: number) => Sum) => {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(replySerializer(check));
  registerErrorHandling(app);
  serve(app, sumApi, { tags: ['t'], summary: 'sum', body, reply, access: 'public', writes: false }, async ({ a, b }) =>
    a < 0 ? result(a, b) : withMsg(result(a, b), '算好了'),
  );
  await app.ready();
  const post = async (payload: object) => (await app.inject({ method: 'POST', url: '/Test/sum', payload })).json();
  return { app, post };
};

describe('serve: a custom call from its contract', () => {
  it('takes the body flat or as {data}, answers the typed data with its own msg', async () => {
    const { post } = await appWith(true, (a, b) => ({ total: a + b, label: 'ok' }));
    expect(await post({ a: 1, b: 2 })).toEqual({ code: 0, msg: '算好了', data: { total: 3, label: 'ok' } });
    expect(await post({ data: { a: 1, b: 2 } })).toEqual({ code: 0, msg: '算好了', data: { total: 3, label: 'ok' } });
    expect(await post({ a: -1, b: 2 })).toEqual({ code: 0, msg: 'success', data: { total: 1, label: 'ok' } });
  });

  it('refuses a bad body naming the field, through the envelope', async () => {
    const { post } = await appWith(true, (a, b) => ({ total: a + b, label: 'ok' }));
    expect(await post({ data: { a: 'x', b: 2 } })).toMatchObject({
      code: 10001,
      msg: 'a 格式错误',
      data: { field: 'a' },
    });
  });

  it('answers 500 for a reply that drifts from its schema where replies are checked, and sends it as is where not', async () => {
    const drift = (a: number, b: number) => ({ total: String(a + b), label: 'ok' }) as unknown as Sum;
    const checked = await appWith(true, drift);
    const res = await checked.app.inject({ method: 'POST', url: '/Test/sum', payload: { a: 1, b: 2 } });
    expect(res.statusCode).toBe(500);
    const unchecked = await appWith(false, drift);
    expect(await unchecked.post({ a: 1, b: 2 })).toEqual({ code: 0, msg: '算好了', data: { total: '3', label: 'ok' } });
  });

  it('leaves fields the schema does not name in the reply (nothing is stripped)', async () => {
    const extra = (a: number, b: number) => ({ total: a + b, label: 'ok', more: 1 }) as Sum;
    const { post } = await appWith(true, extra);
    expect((await post({ a: 1, b: 2 })).data).toEqual({ total: 3, label: 'ok', more: 1 });
  });

  it('checks the path parameters a contract path names before the handler runs', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(replySerializer(true));
    registerErrorHandling(app);
    const params = z.object({ kind: z.enum(['a', 'b'], { error: '入口不存在' }) });
    serve(
      app,
      endpoint<Record<string, never>, { kind: string }>('/Test/entry/:kind'),
      {
        tags: ['t'],
        summary: 'entry',
        params,
        body: z.object({}),
        reply: z.object({ kind: z.string() }),
        access: 'public',
      },
      async (_body, req) => ({ kind: params.parse(req.params).kind }),
    );
    await app.ready();
    const post = async (url: string) => (await app.inject({ method: 'POST', url, payload: {} })).json();
    expect(await post('/Test/entry/a')).toEqual({ code: 0, msg: 'success', data: { kind: 'a' } });
    expect(await post('/Test/entry/c')).toMatchObject({ code: 10001, msg: '入口不存在' });
  });
});
