import type { PgTable } from 'drizzle-orm/pg-core';
import type { Platform } from './platform.ts';
import type { ScreenExtension } from './extensions.ts';
import type { AppType, LentDependent, MenuPlacement, ResourceDef } from './types.ts';

const placements = (def: ResourceDef): MenuPlacement[] => (def.menu ? [def.menu].flat() : []);
/** the apps whose menus hold a declaration */
export const appsOf = (def: ResourceDef): AppType[] => placements(def).flatMap((p) => [p.app].flat());

/** A declaration checked on its own; it is the app's registry that holds it (`Module.screens`). */
export const defineResource = (def: ResourceDef): ResourceDef => {
  if ((def.customButtons?.length ?? 0) > 3) throw new Error(`${def.route}: at most three custom buttons`);
  return def;
};

/** A key for what a module keeps per app (its hooks, the provider a test installs); each registry makes its own value. */
export type Slot<T> = { readonly name: string; readonly init: () => T };
export const appSlot = <T>(name: string, init: () => T): Slot<T> => ({ name, init });

/** What one module declares to the registry (the module contract, as far as the engine reads it). */
export type Declarations = {
  screens?: readonly unknown[];
  platform?: Partial<Platform>;
  dependents?: readonly LentDependent[];
  extensions?: readonly ScreenExtension[];
};

/**
 * One app's registry, made by `buildApp` from its modules' declarations: the screens by route (a route may carry one
 * declaration per app, the endpoints answer a caller with his app's), what modules lend the engine, and the slots
 * modules keep per-app state in. Nothing here is process-global, so two apps in one process (tests) share nothing.
 */
export type AppRegistry = {
  allResources: () => readonly ResourceDef[];
  /** the declarations of one route, one per app when there are several */
  variantsOf: (route: string) => readonly ResourceDef[];
  /** one part of the platform; a module that should lend it and is missing is a start-up mistake */
  platform: <K extends keyof Platform>(key: K) => Platform[K];
  /** whether a module lends this part (an app built without the audit trail, as its benchmark builds one) */
  lends: (key: keyof Platform) => boolean;
  /** the dependents other modules declared on this table, in module order */
  dependentsOn: (table: PgTable) => readonly LentDependent[];
  /** the extensions other modules lent this table, in module order */
  extensionsOf: (table: PgTable) => readonly ScreenExtension[];
  slot: <T>(slot: Slot<T>) => T;
  /** the route names of the screens only a super administrator holds (`superOnly`): nobody grants them */
  superOnly: () => ReadonlySet<string>;
};

const isResourceDef = (s: unknown): s is ResourceDef => typeof s === 'object' && s !== null && 'table' in s;

const isSuperOnly = (s: unknown): s is { name: string } =>
  typeof s === 'object' &&
  s !== null &&
  (s as { superOnly?: unknown }).superOnly === true &&
  typeof (s as { name?: unknown }).name === 'string';

const byTable = <T extends { of: PgTable }>(items: readonly T[]) => {
  const map = new Map<PgTable, T[]>();
  for (const i of items) if (!map.get(i.of)?.includes(i)) map.set(i.of, [...(map.get(i.of) ?? []), i]);
  return (table: PgTable): readonly T[] => map.get(table) ?? [];
};

export const createRegistry = (modules: readonly Declarations[]): AppRegistry => {
  const resources = new Map<string, ResourceDef[]>();
  for (const def of modules.flatMap((m) => m.screens ?? []).filter(isResourceDef)) {
    const same = resources.get(def.route) ?? [];
    if (same.includes(def)) continue;
    const apps = appsOf(def);
    if (same.length && (!apps.length || same.some((o) => appsOf(o).some((a) => apps.includes(a)) || !appsOf(o).length)))
      throw new Error(`duplicate resource route ${def.route}`);
    resources.set(def.route, [...same, def]);
  }
  const platform: Partial<Platform> = Object.assign({}, ...modules.map((m) => m.platform ?? {}));
  const slots = new Map<Slot<unknown>, unknown>();
  const superOnly: ReadonlySet<string> = new Set(
    modules
      .flatMap((m) => m.screens ?? [])
      .filter(isSuperOnly)
      .map((s) => s.name),
  );
  return {
    allResources: () => [...resources.values()].flat(),
    variantsOf: (route) => resources.get(route) ?? [],
    platform: (key) => {
      const part = platform[key];
      if (!part) throw new Error(`no module provides the platform's ${key}`);
      return part;
    },
    lends: (key) => !!platform[key],
    dependentsOn: byTable(modules.flatMap((m) => m.dependents ?? [])),
    extensionsOf: byTable(modules.flatMap((m) => m.extensions ?? [])),
    slot: <T>(s: Slot<T>): T => {
      if (!slots.has(s)) slots.set(s, s.init());
      return slots.get(s) as T;
    },
    superOnly: () => superOnly,
  };
};
