import type { LoginKind } from '@5a/contracts';

/** The authenticated caller, resolved once per request from the bearer token. */
export type Actor = {
  id: number;
  kind: LoginKind;
  tenantId: number | null;
  operatorId: number | null;
  isSuper: boolean;
  name: string;
  userName: string;
  tokenId: number;
};

/** Who owns rows of the shared system tables (users, roles, dept, post, dict, configs). */
export type Owner = { tenantId: number | null; operatorId: number | null };
export const ownerOf = (a: Actor): Owner =>
  a.kind === 'web' ? { tenantId: a.tenantId, operatorId: null } : a.kind === 'operator' ? { tenantId: null, operatorId: a.operatorId } : { tenantId: null, operatorId: null };

/**
 * Route access, declared on every /xapi route (config.access); a route without one is refused at
 * start-up so nothing is left open by accident.
 */
export type Access = 'public' | 'user' | { perm: string } | { anyOf: string[] };

declare module 'fastify' {
  // module augmentation needs an interface
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyRequest {
    actor: Actor | null;
    perms: ReadonlySet<string>;
  }
  // module augmentation needs an interface
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyContextConfig {
    access?: Access;
  }
}
