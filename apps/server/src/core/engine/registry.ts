import type { AppType, MenuPlacement, ResourceDef } from './types.ts';

/**
 * Every declared screen, for routing and for the conformance test, by route. A route usually has one
 * declaration; it may have one per app (the web's 欠费催缴 and the operator's 待续费 share a path), each
 * placed in menus of its own apps, and the endpoints answer a caller with his app's declaration.
 */
const resources = new Map<string, ResourceDef[]>();

const placements = (def: ResourceDef): MenuPlacement[] => (def.menu ? [def.menu].flat() : []);
/** the apps whose menus hold a declaration */
export const appsOf = (def: ResourceDef): AppType[] => placements(def).flatMap((p) => [p.app].flat());

export const defineResource = (def: ResourceDef): ResourceDef => {
  const same = resources.get(def.route) ?? [];
  if (same.includes(def)) return def;
  const apps = appsOf(def);
  if (same.length && (!apps.length || same.some((o) => appsOf(o).some((a) => apps.includes(a)) || !appsOf(o).length)))
    throw new Error(`duplicate resource route ${def.route}`);
  if ((def.customButtons?.length ?? 0) > 3) throw new Error(`${def.route}: at most three custom buttons`);
  resources.set(def.route, [...same, def]);
  return def;
};

export const allResources = () => [...resources.values()].flat();
/** the declarations of one route, one per app when there are several */
export const variantsOf = (route: string): readonly ResourceDef[] => resources.get(route) ?? [];
