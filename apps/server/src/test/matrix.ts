import type { Access } from '../core/auth/actor.ts';

/** One registered /xapi route as declared: what the permission matrix is generated from. */
export type DeclaredRoute = { method: string; url: string; access: Access | undefined };
export type Verdict = 'allow' | 'deny' | 'login';

type RouteOptions = { method: string | string[]; url: string; config?: { access?: Access } };
type Hookable = { addHook: (name: 'onRoute', fn: (r: RouteOptions) => void) => unknown };

/**
 * Wraps the Fastify factory so every route the app registers is recorded with its declared access
 * (the test mocks 'fastify' with it; the app itself is unchanged).
 */
export const recordingFactory = <F extends (...args: never[]) => unknown>(factory: F, seen: DeclaredRoute[]) =>
  ((...args: Parameters<F>) => {
    const app = factory(...args) as Hookable;
    app.addHook('onRoute', (r) => {
      for (const method of [r.method].flat())
        if (r.url.startsWith('/xapi/') && method !== 'HEAD')
          seen.push({ method, url: r.url, access: r.config?.access });
    });
    return app;
  }) as unknown as F;

/** What the declaration promises a caller with these permission codes (null: not logged in). */
export const expectedVerdict = (access: Access | undefined, perms: ReadonlySet<string> | null): Verdict => {
  if (access === 'public') return 'allow';
  if (!perms) return 'login';
  if (access === 'user') return 'allow';
  if (!access) return 'deny';
  return ('perm' in access ? [access.perm] : access.anyOf).some((p) => perms.has(p)) ? 'allow' : 'deny';
};

/** A route url with its parameters filled in, so the router finds the route itself. */
export const concreteUrl = (url: string) => url.replace(/:[A-Za-z_]+/g, 'web').replace(/\*$/, 'x');
