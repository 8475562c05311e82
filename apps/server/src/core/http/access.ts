import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Code } from '@5a/contracts';
import type { Access, Actor, Caller, GrantsLoader, WriteGate } from '../auth/actor.ts';
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

/** view and export only read; every other permission action writes */
const readActions = new Set(['view', 'export']);
const writePerms = (access: Access): string[] => {
  if (access === 'public' || access === 'user') return [];
  const perms = 'perm' in access ? [access.perm] : access.anyOf;
  return perms.some((p) => readActions.has(p.slice(p.lastIndexOf(':') + 1))) ? [] : perms;
};

export const registerAccessControl = (app: FastifyInstance, { resolveToken, loadGrants, writeGate }: Identity) => {
  app.decorateRequest('actor', null);
  app.decorateRequest('caller', null);
  app.decorateRequest('perms', { getter: () => new Set<string>() });
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/xapi/') && !route.config?.access)
      throw new Error(`route ${route.method} ${route.url} declares no access`);
  });
  app.addHook('onRequest', async (req) => {
    const access = req.routeOptions.config?.access;
    if (!access || access === 'public') return;
    const actor = await resolveToken(bearer(req));
    if (!actor) throw unauthenticated();
    const { perms, villageIds } = await loadGrants(actor);
    req.actor = actor;
    req.caller = { actor, perms, villageIds };
    Object.defineProperty(req, 'perms', { value: perms });
    if (!allows(perms, access)) throw forbidden();
    if (actor.mustChangePassword && access !== 'user') throw fail('首次登录请先修改密码', Code.mustChangePassword);
    const writes = writeGate ? writePerms(access) : [];
    if (writes.length && writeGate) {
      const refused = await writeGate(actor, writes);
      if (refused) throw fail(refused, Code.readOnly);
    }
  });
};

/** The authenticated caller; only valid on routes whose access is not public. */
export const callerOf = (req: FastifyRequest): Caller => {
  if (!req.caller) throw unauthenticated();
  return req.caller;
};

export const actorOf = (req: FastifyRequest) => callerOf(req).actor;
