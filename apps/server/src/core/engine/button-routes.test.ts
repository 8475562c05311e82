import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApp } from '../../test/harness.ts';
import { declaredRoutes } from '../http/access.ts';
import { screenConfig } from './config.ts';

let t: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => (t = await setupApp()));
afterAll(() => t.close());

/** a caller holding every right: the config then holds every button a screen declares */
const everything: ReadonlySet<string> = new Proxy(new Set<string>(), {
  get: (target, p) => (p === 'has' ? () => true : Reflect.get(target, p)),
});

describe('screen buttons', () => {
  it('every button a screen declares calls a route the app serves', () => {
    const served = new Set(declaredRoutes(t.app).map((r) => r.url.replace(/^\/xapi/, '')));
    const calls = t.registry.allResources().flatMap((def) =>
      [undefined, ...(def.tabs ?? []).map((tab) => tab.key)].flatMap((tab) => {
        const c = screenConfig(def, everything, tab);
        return [...c.toolbar, ...c.rowActions, ...c.customButtons]
          .map((b) => b.api)
          .filter((api): api is string => !!api && api.startsWith('/'))
          .map((api) => ({ screen: def.route, path: api.split('?')[0]! }));
      }),
    );
    expect(calls.length).toBeGreaterThan(30);
    expect(calls.filter((c) => !served.has(c.path))).toEqual([]);
  });
});
