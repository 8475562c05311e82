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
  /** a password set by someone else: only the user's own settings may be called until it is changed */
  mustChangePassword?: boolean;
};

/** What the caller may do: permission codes and the role's villages (null = every village of the tenant). */
export type Grants = { perms: ReadonlySet<string>; villageIds: readonly number[] | null };
/** The caller as handlers and engine hooks see it, built once per request by the access control. */
export type Caller = { actor: Actor } & Grants;
/**
 * Whether the caller may write now: null when he may, else the Chinese message he is refused with (a company
 * whose service has lapsed is read-only). Lent by a module; asked only on routes that declare `writes: true`.
 */
export type WriteGate = (actor: Actor) => Promise<string | null>;
/**
 * Whether a route changes anything, declared on every /xapi route but GET ones and public ones: `true` is refused
 * while the caller's company is read-only, `false` reads (many lists, configs and exports are POST), and `'exempt'`
 * writes what a read-only company must still reach (renewing, recording a payment the provider already took, the
 * user's own session, profile and password). A call that reads or saves by what it carries says so by its parsed
 * body. Declared, not guessed from the permission: a `:view` or `'user'` route may well write (mark read, upload).
 */
export type Writes = boolean | 'exempt' | ((body: unknown) => boolean);
/** Reads an actor's grants; the app passes the access module's loader to the core at start-up. */
export type GrantsLoader = (actor: Actor) => Promise<Grants>;

/** Who owns rows of the shared system tables (users, roles, dept, post, dict, configs). */
export type Owner = { tenantId: number | null; operatorId: number | null };
export const ownerOf = (a: Actor): Owner =>
  a.kind === 'web'
    ? { tenantId: a.tenantId, operatorId: null }
    : a.kind === 'operator'
      ? { tenantId: null, operatorId: a.operatorId }
      : { tenantId: null, operatorId: null };

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
    caller: Caller | null;
  }
  // module augmentation needs an interface
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyContextConfig {
    access?: Access;
    writes?: Writes;
    /**
     * 'replica': a heavy read (export, statistics, big screen) whose reads may go to the read replica when one is
     * configured and it has what the caller must see (core/http/read-routes.ts, ADR 0006)
     */
    reads?: 'replica';
  }
}
