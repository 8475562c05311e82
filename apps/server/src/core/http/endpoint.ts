import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AnyEndpoint, BodyOf, ReplyOf, ToolbarPlacement } from '@5a/contracts';
import type { Access, Writes } from '../auth/actor.ts';
import { allows } from './access.ts';
import { ok } from './envelope.ts';

/** A custom-action button sends its fields as {data: {...}}, a dialog sends them flat: both are the same call. */
export const dataOf = (body: unknown): unknown => {
  const b = body ?? {};
  if (typeof b !== 'object' || Array.isArray(b)) return b;
  const data = (b as { data?: unknown }).data;
  return data && typeof data === 'object' && !Array.isArray(data) ? data : b;
};

/** A failed call rides on HTTP 200 too: any positive code, a Chinese msg, null or {field}. */
const failure = z.object({ code: z.number().int().min(1), msg: z.string(), data: z.unknown() });

/** The envelope an endpoint answers: code 0 with its typed data, or a failure. */
export const replySchema = <R extends z.ZodType>(data: R) =>
  z.union([z.object({ code: z.literal(0), msg: z.string(), data }), failure]);

/** A handler's data with a success message of its own (else 'success'). */
export type Replied<T> = { readonly replied: true; readonly data: T; readonly msg: string };
export const withMsg = <T>(data: T, msg: string): Replied<T> => ({ replied: true, data, msg });
const isReplied = (v: unknown): v is Replied<unknown> =>
  typeof v === 'object' && v !== null && (v as { replied?: unknown }).replied === true;

/** A compile-time check that what the contract says fits what the schema takes (the web sends the contract's type). */
type Fits<Wanted, Got> = [Wanted] extends [Got] ? unknown : { contractDoesNotFitSchema: [Wanted, Got] };

/** a POST without query-string parameters */
type NoQuery = z.ZodObject<Record<string, never>>;

export type EndpointSpec<E extends AnyEndpoint, B extends z.ZodType, R extends z.ZodType, Q extends z.ZodType> = {
  summary: string;
  tags: string[];
  /** the body's schema; its input must take the contract's body, the handler gets its output */
  body: B & Fits<BodyOf<E>, z.input<B>>;
  /** the reply data's schema; the serializer checks every reply against it (and strips what it does not name) */
  reply: R & Fits<ReplyOf<E>, z.input<R>> & Fits<z.output<R>, ReplyOf<E>>;
  access: Access;
  /** every call that is not public declares whether it writes (see the read-only gate) */
  writes?: Writes;
  /** 'replica': a heavy read-only call (statistics, big screens, reports) served from the read replica when fresh */
  reads?: 'replica';
  /** GET reads the body from the query string */
  method?: 'POST' | 'GET';
  /** a POST's query-string parameters, when it has any */
  query?: Q;
  /** the path's `:name` parameters, when it has any (the handler reads them from the request) */
  params?: z.ZodType;
  /** false: the body is taken as sent, even when it has an object `data` of its own */
  unwrap?: boolean;
  /** a public call's budget per client (@fastify/rate-limit's route options) */
  rateLimit?: FastifyContextConfig['rateLimit'];
};

export type EndpointHandler<E extends AnyEndpoint, B extends z.ZodType, Q extends z.ZodType> = (
  body: z.output<B>,
  req: FastifyRequest,
  query: z.output<Q>,
) => Promise<ReplyOf<E> | Replied<ReplyOf<E>>>;

/** A toolbar dialog a server serves: its button, its call, and who may make the call. */
type ServedDialog = { toolbar: ToolbarPlacement; path: string; access: Access };
// by server (as the access control keeps its routes): two apps in one process serve their own dialogs
const dialogs = new WeakMap<object, ServedDialog[]>();

/**
 * The dialog buttons of a screen that this server serves and the caller may use: a dialog endpoint's handler puts
 * its button on the screen, so adding a dialog takes no edit of the screen's declaration.
 */
export const dialogButtonsOf = (app: FastifyInstance, screen: string, perms: ReadonlySet<string>) =>
  (dialogs.get(app.server) ?? [])
    .filter((d) => d.toolbar.screen === screen && allows(perms, d.access))
    .map(({ toolbar, path }) => ({
      type: 'dialog' as const,
      dialog: toolbar.dialog,
      title: toolbar.title,
      selection: toolbar.selection,
      api: path,
    }));

/**
 * Registers a custom call from its contract: the body's and the reply's schemas (so /docs shows both and the reply
 * is checked), access and writes, {data} unwrapped once, the handler's return typed by the contract.
 */
export const serve = <E extends AnyEndpoint, B extends z.ZodType, R extends z.ZodType, Q extends z.ZodType = NoQuery>(
  app: FastifyInstance,
  endpoint: E,
  spec: EndpointSpec<E, B, R, Q>,
  handler: EndpointHandler<E, B, Q>,
) => {
  const method = spec.method ?? 'POST';
  if ('toolbar' in endpoint) {
    const { toolbar } = endpoint as AnyEndpoint & { toolbar: ToolbarPlacement };
    dialogs.set(app.server, [
      ...(dialogs.get(app.server) ?? []),
      { toolbar, path: endpoint.path, access: spec.access },
    ]);
  }
  const input = spec.unwrap === false || method === 'GET' ? spec.body : z.preprocess(dataOf, spec.body);
  // the route is typed by the contract, not by Fastify's provider inference (which cannot see through the generics)
  app.route({
    method,
    url: endpoint.path,
    schema: {
      tags: spec.tags,
      summary: spec.summary,
      ...(spec.params ? { params: spec.params } : {}),
      ...(method === 'GET'
        ? { querystring: input }
        : { body: input, ...(spec.query ? { querystring: spec.query } : {}) }),
      response: { 200: replySchema(spec.reply) },
    },
    config: {
      access: spec.access,
      ...(spec.writes === undefined ? {} : { writes: spec.writes }),
      ...(spec.reads === undefined ? {} : { reads: spec.reads }),
      ...(spec.rateLimit === undefined ? {} : { rateLimit: spec.rateLimit }),
    },
    handler: async (req: FastifyRequest) => {
      const body = (method === 'GET' ? req.query : req.body) as z.output<B>;
      const out = await handler(body, req, (method === 'GET' ? {} : (req.query ?? {})) as z.output<Q>);
      return isReplied(out) ? ok(out.data, out.msg) : ok(out, 'success');
    },
  });
};
