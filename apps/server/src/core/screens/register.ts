import type { FastifyInstance } from 'fastify';
import { registerResource } from '../engine/routes.ts';
import type { Module, ModuleDeps } from './module.ts';
import { isResource } from './define.ts';

/**
 * Registers a module: its own routes, then every resource it declares (the engine's endpoints), in one plugin
 * scope so the module's hooks apply to its screens and stay out of the others. A module without screens
 * registers straight into the api scope, as before. What it declares to the engine (platform, dependents,
 * extensions) is already in `deps.registry`, made from every module before the first registers.
 */
export const registerModule = async (api: FastifyInstance, mod: Module, deps: ModuleDeps) => {
  const screens = (mod.screens ?? []).filter(isResource);
  if (!screens.length) return mod.register(api, deps);
  await api.register(async (scope) => {
    await mod.register(scope, deps);
    for (const def of screens) registerResource(scope, deps.db, deps.registry, def);
  });
};
