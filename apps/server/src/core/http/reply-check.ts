import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import type { z } from 'zod';

/** A reply that does not match its route's declared schema: a bug of the handler, answered 500 where replies are checked. */
export class ReplyMismatch extends Error {
  constructor(url: string, issues: z.core.$ZodIssue[]) {
    const first = issues[0];
    super(`reply of ${url} does not match its schema at ${first?.path.join('.') || '(root)'}: ${first?.message ?? ''}`);
  }
}

/**
 * Replies leave as the handler made them (JSON.stringify, nothing stripped). Where `check` is on (tests, the e2e
 * server), each is first checked against the route's response schema, so a reply that drifts from its contract
 * fails every test that reaches it instead of reaching a browser.
 */
export const replySerializer =
  (check: boolean): FastifySerializerCompiler<z.ZodType> =>
  ({ schema, url }) =>
  (data) => {
    if (check) {
      const r = schema.safeParse(data);
      if (!r.success) throw new ReplyMismatch(url, r.error.issues);
    }
    return JSON.stringify(data);
  };
