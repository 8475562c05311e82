import type { ResourceDef } from './types.ts';

/** Every declared screen, for routing and for the conformance test. */
const resources = new Map<string, ResourceDef>();

export const defineResource = (def: ResourceDef): ResourceDef => {
  if (resources.has(def.route) && resources.get(def.route) !== def)
    throw new Error(`duplicate resource route ${def.route}`);
  if ((def.customButtons?.length ?? 0) > 3) throw new Error(`${def.route}: at most three custom buttons`);
  resources.set(def.route, def);
  return def;
};

export const allResources = () => [...resources.values()];
