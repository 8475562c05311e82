import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { Access } from '../auth/actor.ts';
import { forbidden } from '../errors.ts';
import { allows, callerOf } from '../http/access.ts';
import { appsOf } from './registry.ts';
import type { ResourceDef } from './types.ts';

type Handler = (req: FastifyRequest, reply: FastifyReply) => unknown;
type Declared = { opts: RouteShorthandOptions; handler: Handler };

const accessOf = (d: Declared): Access => (d.opts.config as { access?: Access } | undefined)?.access ?? 'user';
const permsOf = (a: Access): string[] => (a === 'public' || a === 'user' ? [] : 'perm' in a ? [a.perm] : a.anyOf);

/** The POST endpoints one declaration's registration would add, taken down instead of registered. */
const endpointsOf = (register: (app: FastifyInstance) => void): Map<string, Declared> => {
  const out = new Map<string, Declared>();
  const recorder = {
    withTypeProvider: () => recorder,
    post: (url: string, opts: RouteShorthandOptions, handler: Handler) => void out.set(url, { opts, handler }),
  };
  register(recorder as unknown as FastifyInstance);
  return out;
};

/** routes already registered per server: the first module of a shared route registers every app's endpoints */
const done = new WeakMap<object, Set<string>>();

/**
 * Registers the endpoints of a route declared once per app: each path once, open to the union of the
 * declarations' rights, answered by the declaration of the caller's app (checked again against its own
 * rights). A path only one app's declaration has is 无权限 for the other apps. A path both have validates
 * with the first declaration's schema (the engine's bodies are the same for every screen).
 */
export const registerVariants = (
  app: FastifyInstance,
  variants: readonly ResourceDef[],
  registerOne: (app: FastifyInstance, def: ResourceDef) => void,
) => {
  const seen = done.get(app.server) ?? new Set<string>();
  done.set(app.server, seen);
  const route = variants[0]!.route;
  if (seen.has(route)) return;
  seen.add(route);
  const byApp = variants.map((def) => ({ apps: appsOf(def), endpoints: endpointsOf((a) => registerOne(a, def)) }));
  const urls = [...new Set(byApp.flatMap((v) => [...v.endpoints.keys()]))];
  for (const url of urls) {
    const own = byApp.flatMap((v) => v.endpoints.get(url) ?? []);
    const first = own[0]!;
    const anyOf = [...new Set(own.flatMap((d) => permsOf(accessOf(d))))];
    app.post(url, { ...first.opts, config: { ...first.opts.config, access: { anyOf } } }, async (req, reply) => {
      const kind = callerOf(req).actor.kind;
      const mine = byApp.find((v) => v.apps.includes(kind))?.endpoints.get(url);
      if (!mine || !allows(req.perms, accessOf(mine))) throw forbidden();
      return mine.handler(req, reply);
    });
  }
};
