import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

const dialect = new PgDialect();

/**
 * Runs a hot statement as a named prepared statement. On PostgreSQL each pooled connection parses and plans it
 * once and then only binds the parameters: for a short lookup the planning is most of the server's work. The name
 * must stand for one SQL text (the same template every call; only parameters vary). PGlite runs it as a plain query.
 */
export const executePrepared = async <T>(db: Db, name: string, query: SQL): Promise<T[]> => {
  const result: unknown = await db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false).execute();
  return (result as { rows: T[] }).rows;
};
