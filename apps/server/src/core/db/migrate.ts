import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { fileURLToPath } from 'node:url';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { Db } from './client.ts';

export const migrationsFolder = fileURLToPath(new URL('../../../drizzle', import.meta.url));

/** Applies pending drizzle-kit migrations; the node-postgres migrator only needs db.execute/transaction. */
export const migrate = async (db: Db) => {
  await migratePg(db as unknown as NodePgDatabase<Record<string, never>>, { migrationsFolder });
};
