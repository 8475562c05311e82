import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApp } from '../../test/harness.ts';
import { declaredRoutes } from '../http/access.ts';
import { dialogButtonsOf } from '../http/endpoint.ts';
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
        const c = screenConfig(def, everything, tab, [], dialogButtonsOf(t.app, def.name, everything));
        return [...c.toolbar, ...c.rowActions, ...c.customButtons]
          .map((b) => b.api)
          .filter((api): api is string => !!api && api.startsWith('/'))
          .map((api) => ({ screen: def.route, path: api.split('?')[0]! }));
      }),
    );
    expect(calls.length).toBeGreaterThan(30);
    expect(calls.filter((c) => !served.has(c.path))).toEqual([]);
  });

  it("a served dialog puts its button on its screen, after 新增, for a caller its call's access lets through", async () => {
    const token = await t.login('property');
    const config = await t.post<{ toolbar: { type: string; dialog?: string; api?: string }[] }>(
      '/Web/Parking/Car/listConfig',
      {},
      token,
    );
    const { toolbar } = config.body.data;
    expect(toolbar.slice(0, 2).map((b) => b.dialog ?? b.type)).toEqual(['add', 'parkingCardTopUp']);
    expect(toolbar[1]?.api).toBe('/Web/Parking/Card/topUp');
    // a caller who may see the cars but neither edit them nor their packages gets no top-up button
    expect(dialogButtonsOf(t.app, 'ParkingCar', new Set(['ParkingCar:view']))).toEqual([]);
    expect(dialogButtonsOf(t.app, 'ParkingCar', new Set(['ParkingPackage:edit'])).map((b) => b.dialog)).toEqual([
      'parkingCardTopUp',
    ]);
  });
});
