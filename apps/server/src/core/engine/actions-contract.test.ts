import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customActionTypes, rowActionTypes, toolbarActionTypes, type ScreenConfig } from '@5a/contracts';
import { setupApp } from '../../test/harness.ts';
import { dialogButtonsOf } from '../http/endpoint.ts';
import { baseOf, screenConfig } from './config.ts';

let t: Awaited<ReturnType<typeof setupApp>>;
let configs: { def: ReturnType<typeof allResources>[number]; config: ScreenConfig }[] = [];
const allResources = () => t.registry.allResources();

/** a caller holding every right: the config then holds every button a screen declares */
const everything: ReadonlySet<string> = new Proxy(new Set<string>(), {
  get: (target, p) => (p === 'has' ? () => true : Reflect.get(target, p)),
});
beforeAll(async () => {
  t = await setupApp();
  // the buttons a screen declares and the dialogs the app's handlers put on it
  configs = allResources().flatMap((def) =>
    [undefined, ...(def.tabs ?? []).map((tab) => tab.key)].map((tab) => ({
      def,
      config: screenConfig(def, everything, tab, [], dialogButtonsOf(t.app, def.name, everything)),
    })),
  );
});
afterAll(() => t.close());

const declared = (pick: (c: ScreenConfig) => string[]) => new Set(configs.flatMap(({ config }) => pick(config)));

/** The web registers exactly the contract's types (its registry test); so declared = contract means declared = rendered. */

describe('action types: server declarations and web renderers agree', () => {
  it('toolbar: every declared type has a web renderer, every renderer a declaration', () => {
    const types = declared((c) => c.toolbar.map((b) => b.type));
    expect([...types].sort()).toEqual([...toolbarActionTypes].sort());
  });

  it('row actions: every declared type has a web renderer, every renderer a declaration', () => {
    const types = declared((c) => c.rowActions.map((a) => a.type));
    expect([...types].sort()).toEqual([...rowActionTypes].sort());
  });

  it('custom buttons: each is declared, answered at {base}/{emit} by its handler, and no handler lacks a button', () => {
    const emits = new Set<string>();
    for (const def of allResources()) {
      const handlers = def.hooks?.custom ?? {};
      for (const b of def.customButtons ?? []) {
        emits.add(b.emit);
        expect(handlers[b.emit], `${def.route} ${b.emit}`).toBeDefined();
        expect(b.api, `${def.route} ${b.emit}`).toBe(`${baseOf(def.route)}/${b.emit}`);
      }
      for (const emit of Object.keys(handlers))
        expect(def.customButtons?.map((b) => b.emit) ?? [], `${def.route} handler ${emit}`).toContain(emit);
    }
    expect([...emits].sort()).toEqual([...customActionTypes].sort());
  });
});
