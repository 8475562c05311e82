import type { Db } from './client.ts';

export type RawResult = { rows: Record<string, unknown>[] };
/** plain text with $1… placeholders, for a library that brings its own SQL (the job queue) */
export type RawSql = (text: string, values?: unknown[]) => Promise<RawResult>;

type PgliteClient = {
  exec: (text: string) => Promise<RawResult[]>;
  isInTransaction: () => boolean;
  query: (text: string, values?: unknown[]) => Promise<RawResult>;
};
type PoolClient = { query: (text: string, values?: unknown[]) => Promise<RawResult> };

const isPglite = (c: unknown): c is PgliteClient =>
  typeof (c as Partial<PgliteClient>).exec === 'function' && typeof (c as Partial<PgliteClient>).query === 'function';

/**
 * The driver under a drizzle handle: a node-postgres pool (PostgreSQL, the embedded socket) or, in tests, PGlite
 * itself. Several statements in one text (a transaction the library writes as BEGIN; …; COMMIT) need PGlite's
 * `exec`; its `query` takes one. PGlite's one session outlives a failed BEGIN; … text in an aborted transaction
 * (a pool drops the connection instead, and the embedded socket server rolls back when it goes), so it is rolled
 * back here. The client is looked up per call, so a handle swapped behind a proxy (the outage test) is followed.
 */
export const rawSql =
  (db: Db): RawSql =>
  async (text, values) => {
    const client = (db as unknown as { $client: unknown }).$client;
    if (isPglite(client) && !values?.length) {
      try {
        const results = await client.exec(text);
        return results[results.length - 1] ?? { rows: [] };
      } catch (err) {
        if (client.isInTransaction()) await client.exec('rollback');
        throw err;
      }
    }
    return (client as PoolClient).query(text, values);
  };
