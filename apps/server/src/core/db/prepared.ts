import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

const dialect = new PgDialect();

/** a statement's text and its parameters, as the driver takes them */
export type Query = { sql: string; params: unknown[] };

/** SQL as text and parameters ($1 …) */
export const toQuery = (query: SQL): Query => dialect.sqlToQuery(query);

/** Runs a query already in text form as the named prepared statement `name` (see executePrepared), or unnamed. */
export const executePreparedQuery = async <T>(db: Db, name: string | undefined, query: Query): Promise<T[]> => {
  const result: unknown = await db._.session.prepareQuery(query, undefined, name, false).execute();
  return (result as { rows: T[] }).rows;
};

/**
 * Runs a hot statement as a named prepared statement. On PostgreSQL each pooled connection parses and plans it
 * once and then only binds the parameters: for a short lookup the planning is most of the server's work. The name
 * must stand for one SQL text (the same template every call; only parameters vary). PGlite runs it as a plain query.
 */
export const executePrepared = <T>(db: Db, name: string, query: SQL): Promise<T[]> =>
  executePreparedQuery<T>(db, name, toQuery(query));
