import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApp } from '../../test/harness.ts';
import { declaredRoutes } from './access.ts';
import { UNDECLARED_REPLY_ROUTES } from './openapi.ts';
import { REPLY_SCHEMA_TODO } from './reply-schema-todo.ts';

let t: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => (t = await setupApp()));
afterAll(() => t.close());

const exempt = (url: string) => UNDECLARED_REPLY_ROUTES.some((re) => re.test(url.replace(/:(\w+)/g, '{$1}')));

describe('reply schemas', () => {
  it('every /xapi route declares its reply, but for the listed exceptions', () => {
    const routes = declaredRoutes(t.app);
    expect(routes.length).toBeGreaterThan(700);
    const todo = new Set(REPLY_SCHEMA_TODO);
    const missing = routes.filter((r) => !r.replies && !exempt(r.url) && !todo.has(r.url)).map((r) => r.url);
    expect(missing, 'routes with no reply schema').toEqual([]);
  });

  it('lists as still to do only routes that exist and still have no reply schema', () => {
    const undeclared = new Set(
      declaredRoutes(t.app)
        .filter((r) => !r.replies)
        .map((r) => r.url),
    );
    expect(REPLY_SCHEMA_TODO.filter((url) => !undeclared.has(url))).toEqual([]);
  });
});
