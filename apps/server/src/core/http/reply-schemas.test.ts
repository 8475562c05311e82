import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApp } from '../../test/harness.ts';
import { declaredRoutes } from './access.ts';
import { UNDECLARED_REPLY_ROUTES } from './openapi.ts';

let t: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => (t = await setupApp()));
afterAll(() => t.close());

const exempt = (url: string) => UNDECLARED_REPLY_ROUTES.some((re) => re.test(url.replace(/:(\w+)/g, '{$1}')));

describe('reply schemas', () => {
  it('every /xapi route declares its reply, but for the listed exceptions', () => {
    const routes = declaredRoutes(t.app);
    expect(routes.length).toBeGreaterThan(700);
    const missing = routes.filter((r) => !r.replies && !exempt(r.url)).map((r) => r.url);
    expect(missing, 'routes with no reply schema').toEqual([]);
  });
});
