import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Code } from '@5a/contracts';
import type { Access, Actor, Caller, GrantsLoader, WriteGate, Writes } from '../auth/actor.ts';
import { fail, forbidden, unauthenticated } from '../errors.ts';

const bearer = (req: FastifyRequest) => {
  const h = req.headers.authorization ?? '';
  return h.startsWith('Bearer ') ? h.slice(7).trim() : '';
};

export const allows = (perms: ReadonlySet<string>, access: Access) => {
  if (access === 'public' || access === 'user') return true;
  if ('perm' in access) return perms.has(access.perm);
  return access.anyOf.some((p) => perms.has(p));
};

/**
 * Authentication and permission for every /xapi route, from the route's declared access.
 * A route that declares nothing cannot start: nothing is open by accident. The caller (actor,
 * permission codes, village scope) is read here once and rides on the request; handlers and engine
 * hooks take it from there instead of reading the grants again.
 */
/** Who a bearer token belongs to and what he may do: the identity modules hand these to the core at start-up. */
export type Identity = {
  resolveToken: (token: string) => Promise<Actor | null>;
  loadGrants: GrantsLoader;
  writeGate?: WriteGate;
};

/** What a /xapi route declared, as the access control saw it registered. */
export type DeclaredRoute = {
  method: string;
  url: string;
  access: Access;
  writes: Writes | undefined;
  /** it declares the schema of its reply (HTTP 200) */
  replies: boolean;
};
const declared = new WeakMap<object, DeclaredRoute[]>();
/** Every /xapi route of a server with its declarations, for tests that walk them all. */
export const declaredRoutes = (app: FastifyInstance): readonly DeclaredRoute[] => declared.get(app.server) ?? [];

const readMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

export const registerAccessControl = (app: FastifyInstance, { resolveToken, loadGrants, writeGate }: Identity) => {
  app.decorateRequest('actor', null);
  app.decorateRequest('caller', null);
  app.decorateRequest('perms', { getter: () => new Set<string>() });
  const routes: DeclaredRoute[] = [];
  declared.set(app.server, routes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/xapi/')) return;
    const access = route.config?.access;
    if (!access) throw new Error(`route ${route.method} ${route.url} declares no access`);
    const methods = [route.method].flat();
    // a write route that forgot to say so would stay open to a read-only company: saying nothing refuses to start
    const mayWrite = access !== 'public' && methods.some((m) => !readMethods.has(m));
    if (mayWrite && route.config?.writes === undefined)
      throw new Error(`route ${methods.join(',')} ${route.url} declares no writes (true, false or 'exempt')`);
    const replies = Boolean((route.schema?.response as Record<string, unknown> | undefined)?.[200]);
    for (const method of methods)
      routes.push({ method, url: route.url, access, writes: route.config?.writes, replies });
  });
  app.addHook('onRequest', async (req) => {
    const { access, writes } = req.routeOptions.config ?? {};
    if (!access || access === 'public') return;
    const actor = await resolveToken(bearer(req));
    if (!actor) throw unauthenticated();
    // read-only is the company's state, not a right: it answers before the rights so every write says why
    if (writes === true && writeGate) {
      const refused = await writeGate(actor);
      if (refused) throw fail(refused, Code.readOnly);
    }
    const { perms, villageIds } = await loadGrants(actor);
    req.actor = actor;
    req.caller = { actor, perms, villageIds };
    Object.defineProperty(req, 'perms', { value: perms });
    if (!allows(perms, access)) throw forbidden();
    if (actor.mustChangePassword && access !== 'user') throw fail('首次登录请先修改密码', Code.mustChangePassword);
  });
  // a route that reads or saves by what it carries is judged once its body is parsed
  app.addHook('preHandler', async (req) => {
    const writes = req.routeOptions.config?.writes;
    if (typeof writes !== 'function' || !writeGate || !req.actor || !writes(req.body)) return;
    const refused = await writeGate(req.actor);
    if (refused) throw fail(refused, Code.readOnly);
  });
};

/** The authenticated caller; only valid on routes whose access is not public. */
export const callerOf = (req: FastifyRequest): Caller => {
  if (!req.caller) throw unauthenticated();
  return req.caller;
};

export const actorOf = (req: FastifyRequest) => callerOf(req).actor;
