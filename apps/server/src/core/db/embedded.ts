import { existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { openSocketPool, wrapPool, type DbHandle } from './client.ts';

type Reply = { id?: number; ok?: boolean; ready?: boolean; file?: string; error?: string };

/**
 * Starts the PGlite worker for DATA_DIR and connects one pg connection to its socket.
 * The socket lives in a short tmp path (unix socket paths are limited to ~100 bytes).
 */
export const openEmbedded = async (dataDir: string, keepBackups = 3): Promise<DbHandle & { isNew: boolean }> => {
  const isNew = !existsSync(join(dataDir, 'pgdata', 'PG_VERSION'));
  const socketDir = join(tmpdir(), `5a-pg-${process.pid}`);
  mkdirSync(socketDir, { recursive: true });
  const worker = new Worker(new URL('./embedded-worker.mjs', import.meta.url), {
    workerData: { dataDir, socketPath: join(socketDir, '.s.PGSQL.5432'), keepBackups },
  });
  let seq = 0;
  const pending = new Map<number, (r: Reply) => void>();
  await new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.on('message', (r: Reply) => {
      if (r.ready) return resolve();
      if (r.id !== undefined) pending.get(r.id)?.(r);
    });
  });
  const call = (op: 'backup' | 'close') =>
    new Promise<Reply>((resolve) => {
      const id = ++seq;
      pending.set(id, resolve);
      worker.postMessage({ id, op });
    });
  const pool = openSocketPool(socketDir);
  return {
    ...wrapPool(pool, 'embedded', {
      backup: async () => {
        const r = await call('backup');
        if (!r.ok) throw new Error(r.error);
        return r.file ?? '';
      },
      close: async () => {
        await pool.end();
        await call('close');
        await worker.terminate();
      },
    }),
    isNew,
  };
};
