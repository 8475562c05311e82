import type { z } from 'zod';
import type { SQL } from 'drizzle-orm';
import { invalid } from '../../core/errors.ts';

/**
 * A service's input checked like a request body: the first problem is answered with its Chinese message and the
 * field it names, before anything is written (the resident page calls the services without a route of its own).
 */
export const parseInput = <S extends z.ZodType>(schema: S, input: unknown): z.output<S> => {
  const r = schema.safeParse(input);
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  throw invalid(issue.message, issue.path.map(String).join('.') || undefined);
};

/** '' for nothing, else the paths joined as stored */
export const joinPaths = (paths: readonly string[]) => paths.join(',');
export const splitPaths = (s: string | null | undefined) => (s ? s.split(',').filter(Boolean) : []);

type Q = { execute: (query: SQL) => Promise<unknown> };
/** the rows of one raw statement */
export const rowsOf = async <T>(q: Q, query: SQL): Promise<T[]> =>
  (((await q.execute(query)) as { rows?: T[] }).rows ?? []) as T[];
