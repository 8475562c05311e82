import { resolve } from 'node:path';
import { openEmbedded } from './core/db/embedded.ts';
import { openPostgres, type DbHandle } from './core/db/client.ts';
import { migrate } from './core/db/migrate.ts';
import type { ServerConfig } from './core/config.ts';
import { isEmpty, seedDemo } from './seed/demo.ts';
import { syncProduct } from './seed/catalog.ts';

/**
 * Opens PostgreSQL (DATABASE_URL) or the embedded PGlite in DATA_DIR, migrates, then brings menus and platform
 * dictionaries up to this release (every start, so an upgraded site gets new screens); a new one also gets the demo.
 */
export const openDatabase = async (
  config: ServerConfig,
  // a worker of several processes: the primary migrated and seeded before starting it
  prepared = false,
): Promise<DbHandle & { seeded: boolean }> => {
  const handle = config.databaseUrl
    ? openPostgres(config.databaseUrl, undefined, undefined, { readUrl: config.databaseReadUrl })
    : await openEmbedded(resolve(config.dataDir), {
        onCrash: (err) => {
          console.error('嵌入式数据库线程异常退出，服务停止', err);
          process.exit(1);
        },
      });
  if (prepared) return { ...handle, seeded: false };
  await migrate(handle.db);
  const seeded = config.seedDemo && (await isEmpty(handle.db));
  // the demo writes the menus itself first: its roles are granted them
  if (seeded) await seedDemo(handle.db);
  else await syncProduct(handle.db);
  return { ...handle, seeded };
};
